/**
 * Every webhook number in one place: the spec's (3 endpoints, ~24 h rotation overlap, the example
 * timeout and attempts) and the bounds and schedule we chose (docs/decisions.md, Webhooks).
 */
/** Section 8: webhook endpoints per account. */
export declare const MAX_ENDPOINTS_PER_ACCOUNT = 3;
/** Section 8: the old secret keeps verifying "about 24 hours" after a rotation (virtual clock). */
export declare const ROTATION_OVERLAP_MS: number;
/** Section 6 example shape: timeout 10000, 6 attempts. Bounds are ours. */
export declare const DEFAULT_TIMEOUT_MS = 10000;
export declare const TIMEOUT_MS_BOUNDS: {
    readonly min: 1000;
    readonly max: 30000;
};
export declare const DEFAULT_MAX_ATTEMPTS = 6;
export declare const MAX_ATTEMPTS_BOUNDS: {
    readonly min: 1;
    readonly max: 10;
};
/**
 * Delay before attempt n+1 after attempt n failed (index n-1): exponential-ish backoff without
 * jitter, so a test on the virtual clock knows exactly when the next try is due. With the default
 * 6 attempts the last try is 1 h 12 m 35 s after the first.
 */
export declare const RETRY_DELAYS_MS: readonly number[];
export declare function retryDelayMs(failedAttempt: number): number;
export declare const ENDPOINT_NAME_MAX = 100;
export declare const URL_MAX = 2048;
export declare const PURPOSE_MIN = 8;
export declare const PURPOSE_MAX = 500;
export declare const DESTINATION_OWNER_MAX = 200;
/** What a delivery reads of a receiver's answer before it lets go of the connection. */
export declare const MAX_RESPONSE_BYTES: number;
/** What the delivery log keeps of that answer. */
export declare const LOGGED_RESPONSE_CHARS = 1024;
/** Finished deliveries kept per endpoint in the log; older finished ones are dropped first. */
export declare const LOG_KEEP_PER_ENDPOINT = 1000;
