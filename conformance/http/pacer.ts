/**
 * Keeps the kit inside the account's limits (section 8): at most `burst` requests per rolling
 * second and `limit` per rolling minute, learning `limit` and the server's own count from the
 * `RateLimit-*` headers. Other clients of the same account spend the same quota, so the server's
 * `RateLimit-Remaining` wins over the kit's own log when it is lower.
 */
import type { Waiter } from './waiter.js';

/** The spec's values (section 8); `RateLimit-Limit` replaces the quota once seen. */
export const SPEC_QUOTA_PER_MINUTE = 200;
export const SPEC_BURST_PER_SECOND = 20;

interface AccountState {
  readonly sent: number[];
  limit: number;
  /** Server-reported remaining and reset (target ms), from the latest response. */
  remaining: number | undefined;
  resetAtMs: number | undefined;
}

export interface PacerOptions {
  /** Requests per second the kit allows itself (below the spec's 20 for timing jitter). */
  readonly burst: number;
  /** Requests kept in hand below the quota, for other clients and for the sweeper. */
  readonly margin: number;
}

export class Pacer {
  private readonly accounts = new Map<string, AccountState>();
  waitedMs = 0;

  constructor(private readonly waiter: Waiter, private readonly options: PacerOptions) {}

  private state(account: string): AccountState {
    let state = this.accounts.get(account);
    if (!state) {
      state = { sent: [], limit: SPEC_QUOTA_PER_MINUTE, remaining: undefined, resetAtMs: undefined };
      this.accounts.set(account, state);
    }
    return state;
  }

  private prune(state: AccountState, now: number): void {
    while (state.sent.length > 0 && state.sent[0]! <= now - 60_000) state.sent.shift();
  }

  private countSince(state: AccountState, since: number): number {
    let count = 0;
    for (let i = state.sent.length - 1; i >= 0 && state.sent[i]! > since; i--) count++;
    return count;
  }

  private async sleep(ms: number): Promise<void> {
    if (ms <= 0) return;
    this.waitedMs += ms;
    await this.waiter.wait(ms);
  }

  /** Waits until `needed` more requests fit in the minute window and one fits in the second. */
  async before(account: string, needed = 1): Promise<void> {
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
        const oldestInSecond = state.sent[state.sent.length - inSecond]!;
        await this.sleep(oldestInSecond + 1_000 - now + 5);
        continue;
      }
      break;
    }
    state.sent.push(this.waiter.now());
  }

  /** Logs a request sent without waiting (the burst check fires on purpose). */
  note(account: string): void {
    this.state(account).sent.push(this.waiter.now());
  }

  /**
   * Makes room for a check that needs `count` requests inside one window. `quiet` also waits for
   * a second in which none of the kit's own requests leaves the rolling window: while the window
   * slides, requests leave as new ones arrive and Remaining can stand still, so checks that compare
   * successive Remaining values need that calm. The kit knows when its requests leave (sent + 60 s),
   * so the wait is usually under a second (it paces in bursts) and never more than a minute.
   */
  async reserve(account: string, count: number, quiet = false): Promise<void> {
    const state = this.state(account);
    const now = this.waiter.now();
    this.prune(state, now);
    const capacity = Math.max(1, state.limit - this.options.margin);
    const fits = state.sent.length + count <= capacity && (state.remaining === undefined || state.remaining > count);
    if (!fits) {
      const last = state.sent[state.sent.length - 1];
      const wait = last === undefined ? 1_000 : last + 60_000 - now + 5;
      state.sent.length = 0;
      state.remaining = undefined;
      await this.sleep(Math.max(0, wait));
      return;
    }
    if (!quiet) return;
    const calm = 1_000;
    const edge = 100;
    let start = now;
    for (const sent of state.sent) {
      const leaves = sent + 60_000;
      if (leaves < start - edge) continue;
      if (leaves > start + calm) break;
      start = leaves + edge;
    }
    await this.sleep(start - now);
  }

  /** Learns from a response's headers. */
  after(account: string, headers: Headers): void {
    const state = this.state(account);
    const limit = Number(headers.get('ratelimit-limit'));
    if (Number.isInteger(limit) && limit > 0) state.limit = limit;
    const remaining = headers.get('ratelimit-remaining');
    state.remaining = remaining !== null && /^\d+$/.test(remaining) ? Number(remaining) : undefined;
    const reset = headers.get('ratelimit-reset');
    state.resetAtMs = reset !== null && /^\d+$/.test(reset) ? Number(reset) * 1000 : undefined;
  }

  /** Waits out a 429's `Retry-After` (seconds; 1 when absent or unreadable). */
  async retryAfter(headers: Headers): Promise<void> {
    const value = Number(headers.get('retry-after'));
    const seconds = Number.isFinite(value) && value >= 0 ? Math.min(value, 120) : 1;
    await this.sleep(Math.max(1, seconds) * 1000 + 5);
  }

  /** Waits out the burst window (the burst check uses it after provoking a 429). */
  async settle(ms: number): Promise<void> {
    await this.sleep(ms);
  }
}
