/**
 * Every webhook number in one place: the spec's (3 endpoints, ~24 h rotation overlap, the example
 * timeout and attempts) and the bounds and schedule we chose (docs/decisions.md, Webhooks).
 */

/** Section 8: webhook endpoints per account. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 3;

/** Section 8: the old secret keeps verifying "about 24 hours" after a rotation (virtual clock). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** Section 6 example shape: timeout 10000, 6 attempts. Bounds are ours. */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const TIMEOUT_MS_BOUNDS = { min: 1_000, max: 30_000 } as const;
export const DEFAULT_MAX_ATTEMPTS = 6;
export const MAX_ATTEMPTS_BOUNDS = { min: 1, max: 10 } as const;

/**
 * Delay before attempt n+1 after attempt n failed (index n-1): exponential-ish backoff without
 * jitter, so a test on the virtual clock knows exactly when the next try is due. With the default
 * 6 attempts the last try is 1 h 12 m 35 s after the first.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000, // 5 s
  30_000, // 30 s
  2 * 60_000, // 2 m
  10 * 60_000, // 10 m
  60 * 60_000, // 1 h
  3 * 60 * 60_000, // 3 h
  6 * 60 * 60_000, // 6 h
  12 * 60 * 60_000, // 12 h
  24 * 60 * 60_000, // 24 h
];

export function retryDelayMs(failedAttempt: number): number {
  const index = Math.min(Math.max(failedAttempt, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}

export const ENDPOINT_NAME_MAX = 100;
export const URL_MAX = 2048;
export const PURPOSE_MIN = 8;
export const PURPOSE_MAX = 500;
export const DESTINATION_OWNER_MAX = 200;

/** What a delivery reads of a receiver's answer before it lets go of the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/**
 * What the delivery log keeps of that answer: enough to see a receiver's error message, too little
 * to make the log a way of reading whatever a URL serves (and only admin callers see it).
 */
export const LOGGED_RESPONSE_CHARS = 256;
/** Finished deliveries kept per endpoint in the log; older finished ones are dropped first. */
export const LOG_KEEP_PER_ENDPOINT = 1000;
