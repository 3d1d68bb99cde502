/**
 * The send-history audit and the body `idempotency_key` memory of POST /messages.
 *
 * - Every send that passed validation and routing leaves one audit row, sent or failed. It is
 *   the one record a failed send keeps (besides the cold-send contact and conversation), it
 *   survives contact deletion (4.2), and the overview analytics read `api_sends` from it.
 * - A successful send is remembered by its key for 24 hours: the same key and body replays the
 *   result, the same key with another body is 422 `idempotency_key_reused`. Failed sends are not
 *   remembered, so a retry with the same key after a 503 sends.
 */
import { ApiError } from '../../core/errors.js';
import { canonicalJson } from '../../core/canonical-json.js';
import { sha256Hex } from '../../core/hash.js';
import { IDEMPOTENCY_TTL_MS } from '../../core/idempotency.js';
export function createSendAudit(core) {
    const { store, clock } = core;
    const audit = store.define('send_audit');
    const sent = store.define('sent_requests', {
        key: { unique: true, key: (row) => `${row.account_id}|${row.key}` },
    });
    return {
        audit,
        sent,
        fingerprint: (body) => sha256Hex(canonicalJson(body)),
        /** The remembered result for this key, or 422 when the key came with another body. */
        replay(accountId, key, fingerprint) {
            const row = sent.findUnique('key', `${accountId}|${key}`);
            if (!row || row.expires_ms <= clock.now())
                return undefined;
            if (row.fingerprint !== fingerprint) {
                throw new ApiError('idempotency_key_reused', 'This idempotency_key was already used for a different send.', {
                    param: 'idempotency_key',
                });
            }
            return row.result;
        },
        remember(accountId, key, fingerprint, result) {
            const stale = sent.findUnique('key', `${accountId}|${key}`);
            if (stale)
                sent.remove(stale.id);
            sent.insert({
                id: store.nextId('sent_request'),
                account_id: accountId,
                key,
                fingerprint,
                result,
                expires_ms: clock.now() + IDEMPOTENCY_TTL_MS,
            });
        },
        record(accountId, row) {
            return audit.insert({ ...row, id: store.nextId('send_audit'), account_id: accountId, at_ms: clock.now() });
        },
        /** Sends requested and sent in [fromMs, toMs): `api_sends` of the overview analytics. */
        counts(accountId, fromMs, toMs) {
            let requested = 0;
            let sentCount = 0;
            for (const row of audit.ofAccount(accountId)) {
                if (row.at_ms < fromMs || row.at_ms >= toMs)
                    continue;
                requested++;
                if (row.outcome === 'sent')
                    sentCount++;
            }
            return { requested, sent: sentCount };
        },
        list: (accountId) => [...audit.ofAccount(accountId)],
    };
}
//# sourceMappingURL=audit.js.map