/**
 * Follow-ups never go out inside quiet hours (2.17 `followups.quiet_hours`, HH:MM in the
 * account's time zone; a window whose start is after its end runs over midnight, 21:00 to 08:00).
 * A follow-up due inside them is moved to the end of them.
 *
 * Every AI reply asks this once, so it works on the zone's UTC offset (minutes) rather than on a
 * luxon DateTime (whose construction was 6% of an inbound question's CPU in a profile). Offsets
 * change only on quarter-hour UTC boundaries, so each zone's offset is cached per quarter hour.
 */
import { DateTime } from 'luxon';

export interface QuietHours {
  readonly enabled: boolean;
  readonly start: string;
  readonly end: string;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const QUARTER_MS = 15 * MINUTE_MS;
const CACHE_LIMIT = 4096;
const offsets = new Map<string, number>();

/** The zone's UTC offset in minutes at `ms`. */
function offsetAt(ms: number, zone: string): number {
  const key = `${zone}|${Math.floor(ms / QUARTER_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = DateTime.fromMillis(ms, { zone }).offset;
    if (offsets.size >= CACHE_LIMIT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const minutesOf = (time: string): number => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

/**
 * The first quarter hour in (`fromMs`, `toMs`] whose offset is not `offset`: where the clocks
 * changed (offsets change only on quarter-hour UTC boundaries, as the cache above assumes).
 * `toMs` is known to have another offset; a binary search over quarter hours, on cached offsets,
 * so every follow-up held on a change night costs a few map reads.
 */
function transitionBetween(fromMs: number, toMs: number, offset: number, zone: string): number {
  let low = Math.floor(fromMs / QUARTER_MS);
  let high = Math.ceil(toMs / QUARTER_MS);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle * QUARTER_MS, zone) === offset) low = middle;
    else high = middle;
  }
  return high * QUARTER_MS;
}

/** Longest walk: a window never spans more than a day, and a day has at most two clock changes. */
const MAX_STEPS = 4;

/**
 * `dueMs`, or the first instant at or after it whose wall clock is outside the quiet hours: the
 * end of them, at minute resolution. Usually that is when the wall clock reads `end`. When a clock
 * change lies between, the wall clock jumps: the spring-forward jump can skip `end` altogether
 * (02:30 on the night 02:00 EST becomes 03:00 EDT), and then the quiet hours end at the jump, the
 * first instant whose wall time is past them, never an hour early while the clock still reads
 * 01:xx; after a fall-back change the end is the wall time's first reading past the change.
 */
export function outsideQuietHours(dueMs: number, quiet: QuietHours, zone: string): number {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (!quiet.enabled || start === end) return dueMs;
  const overMidnight = start > end;
  let at = dueMs;
  for (let step = 0; step < MAX_STEPS; step++) {
    const offset = offsetAt(at, zone);
    const localMs = at + offset * MINUTE_MS;
    const minute = (((Math.floor(localMs / MINUTE_MS) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES);
    const inside = overMidnight ? minute >= start || minute < end : minute >= start && minute < end;
    if (!inside) return at;
    // Minutes of wall clock until the end: later today, or tomorrow when the window started this evening.
    const ahead = end - minute + (overMidnight && minute >= start ? DAY_MINUTES : 0);
    const wholeMinute = at - (((localMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
    const naive = wholeMinute + ahead * MINUTE_MS;
    // No clock change on the way: the wall clock reads `end` at `naive`, the first instant outside.
    if (offsetAt(naive, zone) === offset) return naive;
    // The clocks change first: the wall clock runs on steadily until then, so look again from there.
    at = transitionBetween(wholeMinute, naive, offset, zone);
  }
  return at;
}
