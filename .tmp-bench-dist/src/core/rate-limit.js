/**
 * Per-account rate limiting (section 8): a rolling 60-second quota shared by all keys of the
 * account, plus a rolling 1-second burst ceiling. Both are exact sliding logs kept in ring buffers
 * (capacity = the limit), so a check is O(1) and needs no timers. Time is the virtual clock's.
 */
export const DEFAULT_RATE_LIMIT = { perMinute: 200, perSecond: 20 };
/** Parses `200/20` (per minute / per second) or `off`. */
export function parseRateLimit(text) {
    const value = text.trim().toLowerCase();
    if (value === 'off')
        return 'off';
    const match = /^(\d+)\/(\d+)$/.exec(value);
    if (!match)
        throw new Error(`rate limit must look like 200/20 or off, got "${text}"`);
    const perMinute = Number(match[1]);
    const perSecond = Number(match[2]);
    if (perMinute < 1 || perSecond < 1 || perMinute > 1_000_000 || perSecond > 1_000_000) {
        throw new Error('rate limits must be between 1 and 1000000');
    }
    return { perMinute, perSecond };
}
/** An exact sliding-window log of request times in a ring buffer. */
class SlidingLog {
    capacity;
    windowMs;
    times;
    head = 0;
    count = 0;
    constructor(capacity, windowMs) {
        this.capacity = capacity;
        this.windowMs = windowMs;
        this.times = new Float64Array(capacity);
    }
    prune(now) {
        while (this.count > 0) {
            const oldest = this.times[this.head];
            // A clock set backwards leaves entries "in the future"; they can no longer be trusted.
            if (oldest > now || oldest <= now - this.windowMs) {
                this.head = (this.head + 1) % this.capacity;
                this.count--;
            }
            else
                break;
        }
    }
    used(now) {
        this.prune(now);
        return this.count;
    }
    record(now) {
        this.times[(this.head + this.count) % this.capacity] = now;
        this.count++;
    }
    /** When the oldest entry leaves the window (or `now` if the log is empty). */
    nextFreeAt(now) {
        this.prune(now);
        return this.count === 0 ? now : this.times[this.head] + this.windowMs;
    }
}
export class RateLimiter {
    config;
    windows = new Map();
    constructor(config) {
        this.config = config;
    }
    get settings() {
        return this.config;
    }
    configure(config) {
        this.config = config;
        this.windows.clear();
    }
    reset() {
        this.windows.clear();
    }
    /** Counts the request if allowed; a refused request is not counted. */
    check(accountId, now) {
        const config = this.config;
        if (config === 'off')
            return null;
        let windows = this.windows.get(accountId);
        if (!windows) {
            windows = {
                minute: new SlidingLog(config.perMinute, 60_000),
                second: new SlidingLog(config.perSecond, 1_000),
            };
            this.windows.set(accountId, windows);
        }
        const minuteFull = windows.minute.used(now) >= config.perMinute;
        const secondFull = windows.second.used(now) >= config.perSecond;
        const allowed = !minuteFull && !secondFull;
        if (allowed) {
            windows.minute.record(now);
            windows.second.record(now);
        }
        let retryAt = now;
        if (minuteFull)
            retryAt = Math.max(retryAt, windows.minute.nextFreeAt(now));
        if (secondFull)
            retryAt = Math.max(retryAt, windows.second.nextFreeAt(now));
        const remaining = Math.max(0, config.perMinute - windows.minute.used(now));
        const reset = String(Math.ceil(windows.minute.nextFreeAt(now) / 1000));
        const limit = String(config.perMinute);
        const headers = {
            'RateLimit-Limit': limit,
            'RateLimit-Remaining': String(remaining),
            'RateLimit-Reset': reset,
            'X-RateLimit-Limit': limit,
            'X-RateLimit-Remaining': String(remaining),
            'X-RateLimit-Reset': reset,
        };
        return { allowed, headers, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
    }
}
//# sourceMappingURL=rate-limit.js.map