/**
 * The virtual clock. Nothing else in the simulator reads the wall clock: idempotency expiry, rate
 * windows, invitation expiry and webhook retries all ask this clock, so a test can freeze, advance
 * or set time and see every time-based rule follow.
 *
 * Modes: `real` follows the wall clock plus an offset (advance and set move the offset), `frozen`
 * stands still until advanced or set.
 */

export type ClockMode = 'real' | 'frozen';

/**
 * The instants a timestamp of the spec's form can hold: four-digit years, from the Unix epoch to
 * the last millisecond of 9999. The clock never leaves this range, so every timestamp it writes
 * stays a valid one (and a saved state stays loadable).
 */
export const CLOCK_MIN_MS = 0;
export const CLOCK_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function clockCanHold(ms: number): boolean {
  return Number.isFinite(ms) && ms >= CLOCK_MIN_MS && ms <= CLOCK_MAX_MS;
}

function checkInRange(ms: number): void {
  if (!clockCanHold(ms)) throw new RangeError(`the clock holds instants from 1970-01-01 to 9999-12-31, not ${ms}`);
}

export interface ClockState {
  mode: ClockMode;
  now: string;
  now_ms: number;
}

type ClockListener = (now: number, previous: number) => void;

export class VirtualClock {
  private frozenAt: number | null = null;
  private offsetMs = 0;
  private readonly listeners = new Set<ClockListener>();
  /** The wall clock as read once for the synchronous work under way (`holdWall`), if any. */
  private heldWall: number | undefined;

  constructor(private readonly wallClock: () => number = () => Date.now()) {}

  now(): number {
    return this.frozenAt ?? this.wallNow() + this.offsetMs;
  }

  /**
   * Reads the wall clock once for the synchronous work that follows, until `releaseWall()`: every
   * `now()` and `iso()` in between (an authenticated write reads the time for the key's
   * `last_used_at`, the record's timestamps and its event) sees the same real instant, as a
   * database stamps a transaction with its start time (PostgreSQL's `now()`). A read of the wall
   * clock costs 40-170 ns in this VM. Virtual time still moves while held: a freeze, advance or
   * set applies at once (only the real part is held). Returns false, holding nothing new, when a
   * hold is already on (the caller then must not release it). Only for synchronous stretches: the
   * caller releases before anything else can run (the request pipeline, ./pipeline.ts). `wall()`
   * is never held (webhook timestamps and latency are real time).
   */
  holdWall(): boolean {
    if (this.heldWall !== undefined) return false;
    this.heldWall = this.wallClock();
    return true;
  }

  releaseWall(): void {
    this.heldWall = undefined;
  }

  private wallNow(): number {
    return this.heldWall ?? this.wallClock();
  }

  /** The spec's timestamp form: UTC ISO-8601 with offset, seconds precision (`...T10:00:00+00:00`). */
  iso(ms: number = this.now()): string {
    return formatTimestamp(ms);
  }

  /**
   * The real wall clock, ignoring freeze and offset. Only for what happens on the wire in real
   * time: the webhook-timestamp header (receivers check it against their own clock) and latency.
   */
  wall(): number {
    return this.wallClock();
  }

  /** True when the clock is not the wall clock (frozen, or moved by an advance or a set). */
  virtual(): boolean {
    return this.frozenAt !== null || this.offsetMs !== 0;
  }

  mode(): ClockMode {
    return this.frozenAt === null ? 'real' : 'frozen';
  }

  state(): ClockState {
    const now = this.now();
    return { mode: this.mode(), now: formatTimestamp(now), now_ms: now };
  }

  freeze(atMs: number = this.now()): void {
    checkInRange(atMs);
    const previous = this.now();
    this.frozenAt = atMs;
    this.notify(previous);
  }

  /** Lets time run again from the current virtual instant. */
  unfreeze(): void {
    if (this.frozenAt === null) return;
    this.offsetMs = this.frozenAt - this.wallNow();
    this.frozenAt = null;
  }

  /** Back to the wall clock with no offset. */
  resetToReal(): void {
    const previous = this.now();
    this.frozenAt = null;
    this.offsetMs = 0;
    this.notify(previous);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a non-negative duration');
    const previous = this.now();
    checkInRange(previous + ms);
    if (this.frozenAt === null) this.offsetMs += ms;
    else this.frozenAt += ms;
    this.notify(previous);
  }

  set(atMs: number): void {
    checkInRange(atMs);
    const previous = this.now();
    if (this.frozenAt === null) this.offsetMs = atMs - this.wallNow();
    else this.frozenAt = atMs;
    this.notify(previous);
  }

  /** Called after every jump of virtual time (not for the steady passing of real time). */
  onJump(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(previous: number): void {
    const now = this.now();
    for (const listener of this.listeners) listener(now, previous);
  }
}

// The last second formatted: most calls in a busy second ask for the same one (last_used_at is
// touched on every authenticated request), and Date formatting showed up in the request profile.
let lastSecond = Number.NaN;
let lastFormatted = '';

/** The UTC calendar month of an instant, `YYYY-MM` (what monthly caps and counts key on). */
export function utcMonthOf(ms: number): string {
  return formatTimestamp(ms).slice(0, 7);
}

export function formatTimestamp(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastFormatted = new Date(second * 1000).toISOString().replace('.000Z', '+00:00');
    lastSecond = second;
  }
  return lastFormatted;
}

/**
 * Parses the spec's timestamp form (any ISO-8601 with an explicit offset or Z). A date the
 * calendar does not have is null: `Date.parse` rolls 2026-02-30 over to 2 March, and ISO-8601 has
 * no 30 February, so such a filter or field is refused rather than read as another day.
 */
export function parseTimestamp(value: string): number | null {
  if (!TIMESTAMP_PATTERN.test(value)) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  // The pattern fixed the layout: year at 0-3, month at 5-6, day at 8-9.
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return day <= daysInMonth(year, month) ? ms : null;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export const TIMESTAMP_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
