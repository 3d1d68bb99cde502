/** Standard Webhooks' default tolerance between webhook-timestamp and the receiver's clock. */
export declare const DEFAULT_TOLERANCE_SECONDS: number;
export type Verification = {
    ok: true;
    webhookId: string;
    timestamp: number;
    secretIndex: number;
} | {
    ok: false;
    reason: string;
};
export interface VerifyOptions {
    /** Receiver's wall clock in ms (required so this file never reads a clock itself). */
    nowMs: number;
    toleranceSeconds?: number;
}
/**
 * Checks the `webhook-id`, `webhook-timestamp` and `webhook-signature` headers of `body` against
 * any of `secrets` (several during a rotation on the receiver's side).
 */
export declare function verifyWebhook(secrets: readonly string[], headers: Readonly<Record<string, string | undefined>>, body: string, options: VerifyOptions): Promise<Verification>;
