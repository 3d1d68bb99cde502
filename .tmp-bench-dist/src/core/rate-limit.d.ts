/**
 * Per-account rate limiting (section 8): a rolling 60-second quota shared by all keys of the
 * account, plus a rolling 1-second burst ceiling. Both are exact sliding logs kept in ring buffers
 * (capacity = the limit), so a check is O(1) and needs no timers. Time is the virtual clock's.
 */
export interface RateLimitConfig {
    readonly perMinute: number;
    readonly perSecond: number;
}
export declare const DEFAULT_RATE_LIMIT: RateLimitConfig;
/** Parses `200/20` (per minute / per second) or `off`. */
export declare function parseRateLimit(text: string): RateLimitConfig | 'off';
export interface RateLimitDecision {
    readonly allowed: boolean;
    /** Headers for every authenticated response (section 8). */
    readonly headers: Record<string, string>;
    /** Whole seconds to wait, when refused. */
    readonly retryAfterSeconds: number;
}
export declare class RateLimiter {
    private config;
    private readonly windows;
    constructor(config: RateLimitConfig | 'off');
    get settings(): RateLimitConfig | 'off';
    configure(config: RateLimitConfig | 'off'): void;
    reset(): void;
    /** Counts the request if allowed; a refused request is not counted. */
    check(accountId: number, now: number): RateLimitDecision | null;
}
