/**
 * Keeps the kit inside the account's limits (section 8): at most `burst` requests per rolling
 * second and `limit` per rolling minute, learning `limit` and the server's own count from the
 * `RateLimit-*` headers. Other clients of the same account spend the same quota, so the server's
 * `RateLimit-Remaining` wins over the kit's own log when it is lower.
 *
 * Waits can be cut short by a signal (the checks' waits on Ctrl-C); `waitedMs` counts the time
 * really waited, not the time asked for.
 */
import { retryAfterSeconds } from './retry-after.js';
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

/** A stretch of time in which none of the kit's own requests leaves the minute window. */
export interface CalmWindow {
  /** Pacer time (the target's, as far as the kit can tell) at which the calm ends. */
  readonly calmUntil: number;
}

export interface ReserveOptions {
  /** Also wait for a calm stretch (see `reserve`). */
  readonly quiet?: boolean;
  /** How long the calm must last, in ms (default a second, longer on a slow network). */
  readonly calmMs?: number;
  readonly signal?: AbortSignal;
}

export class Pacer {
  private readonly accounts = new Map<string, AccountState>();
  /** The slowest recent answer, so the calm window's edges cover the time a request is in flight. */
  private latencyMs = 0;
  waitedMs = 0;

  constructor(private readonly waiter: Waiter, private readonly options: PacerOptions) {}

  /** The target's time as far as the kit can tell (virtual on the simulator). */
  now(): number {
    return this.waiter.now();
  }

  get burst(): number {
    return this.options.burst;
  }

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

  private async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    const started = this.waiter.now();
    await this.waiter.wait(ms, signal);
    this.waitedMs += Math.max(0, Math.min(ms, this.waiter.now() - started));
  }

  /** Waits until `needed` more requests fit in the minute window and one fits in the second. */
  async before(account: string, needed = 1, signal?: AbortSignal): Promise<void> {
    const state = this.state(account);
    const capacity = Math.max(1, state.limit - this.options.margin);
    for (let guard = 0; guard < 10 && !signal?.aborted; guard++) {
      const now = this.waiter.now();
      this.prune(state, now);
      const want = Math.min(needed, capacity);
      if (state.sent.length + want > capacity) {
        const oldest = state.sent[state.sent.length + want - capacity - 1] ?? state.sent[0] ?? now;
        await this.sleep(oldest + 60_000 - now + 5, signal);
        continue;
      }
      if (state.remaining !== undefined && state.remaining < want && state.resetAtMs !== undefined) {
        // The server counts requests the kit did not send (other clients, other keys).
        const until = Math.min(60_000, Math.max(1_000, state.resetAtMs - now + 5));
        state.remaining = undefined;
        await this.sleep(until, signal);
        continue;
      }
      const inSecond = this.countSince(state, now - 1_000);
      if (inSecond >= this.options.burst) {
        const oldestInSecond = state.sent[state.sent.length - inSecond]!;
        await this.sleep(oldestInSecond + 1_000 - now + 5, signal);
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
   * Makes room for a check that needs `count` requests inside one window and sends them without
   * pacing (`raw`): room in the minute quota, and room in the rolling second for all of them at
   * once, so no wait falls between them. `quiet` also waits for a calm stretch (`calmMs`, default
   * a second) in which none of the kit's own requests leaves the rolling minute: while the window
   * slides, requests leave as new ones arrive and Remaining can stand still or rise, so checks
   * that compare successive Remaining values need that calm. The kit knows when its requests leave
   * (sent + 60 s, widened by the slowest recent answer), so the wait is usually under a second.
   * The check must send its requests before `calmUntil` (and re-measure when it could not).
   */
  async reserve(account: string, count: number, options: ReserveOptions | boolean = {}): Promise<CalmWindow> {
    const settings: ReserveOptions = typeof options === 'boolean' ? { quiet: options } : options;
    const { quiet = false, signal } = settings;
    // Long enough for every request of the check to come back, on a slow network too.
    const calmMs = settings.calmMs ?? Math.max(1_000, Math.ceil((count + 1) * this.latencyMs * 1.5));
    const state = this.state(account);
    for (let guard = 0; guard < 8 && !signal?.aborted; guard++) {
      const now = this.waiter.now();
      this.prune(state, now);
      const capacity = Math.max(1, state.limit - this.options.margin);
      const fits = state.sent.length + count <= capacity && (state.remaining === undefined || state.remaining > count);
      if (!fits) {
        const last = state.sent[state.sent.length - 1];
        const wait = last === undefined ? 1_000 : last + 60_000 - now + 5;
        state.remaining = undefined;
        await this.sleep(Math.max(0, wait), signal);
        continue;
      }
      const inSecond = this.countSince(state, now - 1_000);
      if (count <= this.options.burst && inSecond + count > this.options.burst) {
        const oldestInSecond = state.sent[state.sent.length - inSecond]!;
        await this.sleep(oldestInSecond + 1_000 - now + 5, signal);
        continue;
      }
      if (!quiet) return { calmUntil: Number.POSITIVE_INFINITY };
      const edge = Math.max(100, 2 * this.latencyMs);
      let start = now;
      for (const sent of state.sent) {
        const leaves = sent + 60_000;
        if (leaves < start - edge) continue;
        if (leaves > start + calmMs + edge) break;
        start = leaves + edge;
      }
      if (start > now) {
        await this.sleep(start - now, signal);
        continue;
      }
      return { calmUntil: now + calmMs };
    }
    return { calmUntil: this.waiter.now() };
  }

  /**
   * Waits until none of the kit's own requests is left in the account's minute window and the
   * server's `RateLimit-Remaining` is back to the limit (or its `RateLimit-Reset` has passed): a
   * check that walks the whole quota starts from an empty window.
   */
  async drain(account: string, signal?: AbortSignal): Promise<void> {
    const state = this.state(account);
    const now = this.waiter.now();
    this.prune(state, now);
    const last = state.sent[state.sent.length - 1];
    let until = last === undefined ? now : last + 60_000 + 5;
    if (state.remaining !== undefined && state.remaining < state.limit - 1 && state.resetAtMs !== undefined) until = Math.max(until, Math.min(now + 60_000, state.resetAtMs + 5));
    await this.sleep(until - now, signal);
    state.remaining = undefined;
  }

  /** Learns from a response's headers (and how long it took to come). */
  after(account: string, headers: Headers, durationMs?: number): void {
    const state = this.state(account);
    const limit = Number(headers.get('ratelimit-limit'));
    if (Number.isInteger(limit) && limit > 0) state.limit = limit;
    const remaining = headers.get('ratelimit-remaining');
    state.remaining = remaining !== null && /^\d+$/.test(remaining) ? Number(remaining) : undefined;
    const reset = headers.get('ratelimit-reset');
    state.resetAtMs = reset !== null && /^\d+$/.test(reset) ? Number(reset) * 1000 : undefined;
    if (durationMs !== undefined && Number.isFinite(durationMs)) this.latencyMs = Math.max(durationMs, this.latencyMs * 0.9);
  }

  /** The kit's own requests of this account still in the rolling minute, as far as it knows. */
  ownInWindow(account: string): number {
    const state = this.state(account);
    this.prune(state, this.waiter.now());
    return state.sent.length;
  }

  /** The quota the kit believes in for this account (the learnt `RateLimit-Limit`). */
  limitOf(account: string): number {
    return this.state(account).limit;
  }

  /** Waits out a 429's `Retry-After` (seconds or an HTTP-date; 1 s when absent or unreadable). */
  async retryAfter(headers: Headers, signal?: AbortSignal): Promise<void> {
    const value = retryAfterSeconds(headers, this.waiter.now());
    const seconds = value === undefined ? 1 : Math.min(value, 120);
    await this.sleep(Math.max(1, seconds) * 1000 + 5, signal);
  }

  /** Waits out the burst window (the burst check uses it after provoking a 429). */
  async settle(ms: number, signal?: AbortSignal): Promise<void> {
    await this.sleep(ms, signal);
  }
}
