/**
 * Per-account rate limiting (section 8): a rolling 60-second quota shared by all keys of the
 * account, plus a rolling 1-second burst ceiling. Both are exact sliding logs kept in ring buffers
 * (capacity = the limit), so a check is O(1) and needs no timers. Time is the virtual clock's.
 */

export interface RateLimitConfig {
  readonly perMinute: number;
  readonly perSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { perMinute: 200, perSecond: 20 };

/** Parses `200/20` (per minute / per second) or `off`. */
export function parseRateLimit(text: string): RateLimitConfig | 'off' {
  const value = text.trim().toLowerCase();
  if (value === 'off') return 'off';
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) throw new Error(`rate limit must look like 200/20 or off, got "${text}"`);
  const perMinute = Number(match[1]);
  const perSecond = Number(match[2]);
  if (perMinute < 1 || perSecond < 1 || perMinute > 1_000_000 || perSecond > 1_000_000) {
    throw new Error('rate limits must be between 1 and 1000000');
  }
  return { perMinute, perSecond };
}

/** An exact sliding-window log of request times in a ring buffer. */
class SlidingLog {
  private readonly times: Float64Array;
  private head = 0;
  private count = 0;

  constructor(private readonly capacity: number, private readonly windowMs: number) {
    this.times = new Float64Array(capacity);
  }

  private prune(now: number): void {
    while (this.count > 0) {
      const oldest = this.times[this.head]!;
      // A clock set backwards leaves entries "in the future"; they can no longer be trusted.
      if (oldest > now || oldest <= now - this.windowMs) {
        this.head = (this.head + 1) % this.capacity;
        this.count--;
      } else break;
    }
  }

  used(now: number): number {
    this.prune(now);
    return this.count;
  }

  record(now: number): void {
    this.times[(this.head + this.count) % this.capacity] = now;
    this.count++;
  }

  /** When the oldest entry leaves the window (or `now` if the log is empty). */
  nextFreeAt(now: number): number {
    this.prune(now);
    return this.count === 0 ? now : this.times[this.head]! + this.windowMs;
  }
}

interface AccountWindows {
  readonly minute: SlidingLog;
  readonly second: SlidingLog;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Headers for every authenticated response (section 8). */
  readonly headers: Record<string, string>;
  /** Whole seconds to wait, when refused. */
  readonly retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<number, AccountWindows>();

  constructor(private config: RateLimitConfig | 'off') {}

  get settings(): RateLimitConfig | 'off' {
    return this.config;
  }

  configure(config: RateLimitConfig | 'off'): void {
    this.config = config;
    this.windows.clear();
  }

  reset(): void {
    this.windows.clear();
  }

  /** Counts the request if allowed; a refused request is not counted. */
  check(accountId: number, now: number): RateLimitDecision | null {
    const config = this.config;
    if (config === 'off') return null;
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
    if (minuteFull) retryAt = Math.max(retryAt, windows.minute.nextFreeAt(now));
    if (secondFull) retryAt = Math.max(retryAt, windows.second.nextFreeAt(now));
    const remaining = Math.max(0, config.perMinute - windows.minute.used(now));
    const reset = String(Math.ceil(windows.minute.nextFreeAt(now) / 1000));
    const limit = String(config.perMinute);
    const headers: Record<string, string> = {
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
