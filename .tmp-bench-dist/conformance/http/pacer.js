/** The spec's values (section 8); `RateLimit-Limit` replaces the quota once seen. */
export const SPEC_QUOTA_PER_MINUTE = 200;
export const SPEC_BURST_PER_SECOND = 20;
export class Pacer {
    waiter;
    options;
    accounts = new Map();
    waitedMs = 0;
    constructor(waiter, options) {
        this.waiter = waiter;
        this.options = options;
    }
    state(account) {
        let state = this.accounts.get(account);
        if (!state) {
            state = { sent: [], limit: SPEC_QUOTA_PER_MINUTE, remaining: undefined, resetAtMs: undefined };
            this.accounts.set(account, state);
        }
        return state;
    }
    prune(state, now) {
        while (state.sent.length > 0 && state.sent[0] <= now - 60_000)
            state.sent.shift();
    }
    countSince(state, since) {
        let count = 0;
        for (let i = state.sent.length - 1; i >= 0 && state.sent[i] > since; i--)
            count++;
        return count;
    }
    async sleep(ms) {
        if (ms <= 0)
            return;
        this.waitedMs += ms;
        await this.waiter.wait(ms);
    }
    /** Waits until `needed` more requests fit in the minute window and one fits in the second. */
    async before(account, needed = 1) {
        const state = this.state(account);
        const capacity = Math.max(1, state.limit - this.options.margin);
        for (let guard = 0; guard < 10; guard++) {
            const now = this.waiter.now();
            this.prune(state, now);
            const want = Math.min(needed, capacity);
            if (state.sent.length + want > capacity) {
                const oldest = state.sent[state.sent.length + want - capacity - 1] ?? state.sent[0] ?? now;
                await this.sleep(oldest + 60_000 - now + 5);
                continue;
            }
            if (state.remaining !== undefined && state.remaining < want && state.resetAtMs !== undefined) {
                // The server counts requests the kit did not send (other clients, other keys).
                const until = Math.min(60_000, Math.max(1_000, state.resetAtMs - now + 5));
                state.remaining = undefined;
                await this.sleep(until);
                continue;
            }
            const inSecond = this.countSince(state, now - 1_000);
            if (inSecond >= this.options.burst) {
                const oldestInSecond = state.sent[state.sent.length - inSecond];
                await this.sleep(oldestInSecond + 1_000 - now + 5);
                continue;
            }
            break;
        }
        state.sent.push(this.waiter.now());
    }
    /** Logs a request sent without waiting (the burst check fires on purpose). */
    note(account) {
        this.state(account).sent.push(this.waiter.now());
    }
    /** Makes room for a check that needs `count` requests inside one window (e.g. Remaining decreasing). */
    async reserve(account, count) {
        const state = this.state(account);
        const now = this.waiter.now();
        this.prune(state, now);
        const capacity = Math.max(1, state.limit - this.options.margin);
        if (state.sent.length + count <= capacity && (state.remaining === undefined || state.remaining > count))
            return;
        const last = state.sent[state.sent.length - 1];
        const wait = last === undefined ? 1_000 : last + 60_000 - now + 5;
        state.sent.length = 0;
        state.remaining = undefined;
        await this.sleep(Math.max(0, wait));
    }
    /** Learns from a response's headers. */
    after(account, headers) {
        const state = this.state(account);
        const limit = Number(headers.get('ratelimit-limit'));
        if (Number.isInteger(limit) && limit > 0)
            state.limit = limit;
        const remaining = headers.get('ratelimit-remaining');
        state.remaining = remaining !== null && /^\d+$/.test(remaining) ? Number(remaining) : undefined;
        const reset = headers.get('ratelimit-reset');
        state.resetAtMs = reset !== null && /^\d+$/.test(reset) ? Number(reset) * 1000 : undefined;
    }
    /** Waits out a 429's `Retry-After` (seconds; 1 when absent or unreadable). */
    async retryAfter(headers) {
        const value = Number(headers.get('retry-after'));
        const seconds = Number.isFinite(value) && value >= 0 ? Math.min(value, 120) : 1;
        await this.sleep(Math.max(1, seconds) * 1000 + 5);
    }
    /** Waits out the burst window (the burst check uses it after provoking a 429). */
    async settle(ms) {
        await this.sleep(ms);
    }
}
//# sourceMappingURL=pacer.js.map