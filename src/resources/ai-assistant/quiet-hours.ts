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

/** `dueMs`, or the end of the quiet hours it falls in. */
export function outsideQuietHours(dueMs: number, quiet: QuietHours, zone: string): number {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (!quiet.enabled || start === end) return dueMs;
  const offset = offsetAt(dueMs, zone);
  const localMs = dueMs + offset * MINUTE_MS;
  const minute = (((Math.floor(localMs / MINUTE_MS) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES);
  const overMidnight = start > end;
  const inside = overMidnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inside) return dueMs;
  // Minutes until the end: later today, or tomorrow when the window started this evening.
  const ahead = end - minute + (overMidnight && minute >= start ? DAY_MINUTES : 0);
  const wholeMinute = dueMs - (((localMs % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  const naive = wholeMinute + ahead * MINUTE_MS;
  // A daylight-saving change before the end moves the wall clock: keep the end's wall-clock time.
  return Math.max(dueMs, naive - (offsetAt(naive, zone) - offset) * MINUTE_MS);
}
