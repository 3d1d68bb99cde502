/**
 * Verifying a Standard Webhooks delivery, as a receiver does: our own code (the tests check it
 * against the `standardwebhooks` package and the package against our signer). Used by
 * `switchboard listen`; runtime-neutral so an integrator can reuse it anywhere.
 */
import { constantTimeEqual } from '../../core/hash.js';
import { sign } from './signing.js';
/** Standard Webhooks' default tolerance between webhook-timestamp and the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
/**
 * Checks the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers of `body` against
 * any of `secrets` (several during a rotation on the receiver's side).
 */
export async function verifyWebhook(secrets, headers, body, options) {
    const lower = {};
    for (const [name, value] of Object.entries(headers))
        lower[name.toLowerCase()] = value;
    const webhookId = lower['webhook-id'];
    const timestampText = lower['webhook-timestamp'];
    const signatureText = lower['webhook-signature'];
    if (!webhookId || !timestampText || !signatureText) {
        return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
    }
    if (!/^\d{1,12}$/.test(timestampText))
        return { ok: false, reason: 'webhook-timestamp is not a Unix time in seconds' };
    const timestamp = Number(timestampText);
    const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
    const nowSeconds = Math.floor(options.nowMs / 1000);
    if (nowSeconds - timestamp > tolerance)
        return { ok: false, reason: 'webhook-timestamp is too old' };
    if (timestamp - nowSeconds > tolerance)
        return { ok: false, reason: 'webhook-timestamp is in the future' };
    const presented = signatureText
        .split(' ')
        .filter((part) => part.startsWith('v1,'))
        .map((part) => part.slice(3));
    if (presented.length === 0)
        return { ok: false, reason: 'no v1 signature in webhook-signature' };
    for (let index = 0; index < secrets.length; index++) {
        let expected;
        try {
            expected = (await sign(secrets[index], webhookId, timestamp, body)).slice(3);
        }
        catch {
            continue; // a malformed secret verifies nothing
        }
        if (presented.some((candidate) => constantTimeEqual(candidate, expected))) {
            return { ok: true, webhookId, timestamp, secretIndex: index };
        }
    }
    return { ok: false, reason: 'no signature matches the secret' };
}
//# sourceMappingURL=verify.js.map