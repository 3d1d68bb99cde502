/**
 * Keeps the kit inside the account's limits (section 8): at most `burst` requests per rolling
 * second and `limit` per rolling minute, learning `limit` and the server's own count from the
 * `RateLimit-*` headers. Other clients of the same account spend the same quota, so the server's
 * `RateLimit-Remaining` wins over the kit's own log when it is lower.
 */
import type { Waiter } from './waiter.js';
/** The spec's values (section 8); `RateLimit-Limit` replaces the quota once seen. */
export declare const SPEC_QUOTA_PER_MINUTE = 200;
export declare const SPEC_BURST_PER_SECOND = 20;
export interface PacerOptions {
    /** Requests per second the kit allows itself (below the spec's 20 for timing jitter). */
    readonly burst: number;
    /** Requests kept in hand below the quota, for other clients and for the sweeper. */
    readonly margin: number;
}
export declare class Pacer {
    private readonly waiter;
    private readonly options;
    private readonly accounts;
    waitedMs: number;
    constructor(waiter: Waiter, options: PacerOptions);
    private state;
    private prune;
    private countSince;
    private sleep;
    /** Waits until `needed` more requests fit in the minute window and one fits in the second. */
    before(account: string, needed?: number): Promise<void>;
    /** Logs a request sent without waiting (the burst check fires on purpose). */
    note(account: string): void;
    /** Makes room for a check that needs `count` requests inside one window (e.g. Remaining decreasing). */
    reserve(account: string, count: number): Promise<void>;
    /** Learns from a response's headers. */
    after(account: string, headers: Headers): void;
    /** Waits out a 429's `Retry-After` (seconds; 1 when absent or unreadable). */
    retryAfter(headers: Headers): Promise<void>;
    /** Waits out the burst window (the burst check uses it after provoking a 429). */
    settle(ms: number): Promise<void>;
}
