/**
 * Follow-ups never go out inside quiet hours (2.17 `followups.quiet_hours`, HH:MM in the
 * account's time zone; a window whose start is after its end runs over midnight, 21:00 to 08:00).
 * A follow-up due inside them is moved to the end of them.
 */
import { DateTime } from 'luxon';

export interface QuietHours {
  readonly enabled: boolean;
  readonly start: string;
  readonly end: string;
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
  const at = DateTime.fromMillis(dueMs, { zone });
  const minute = at.hour * 60 + at.minute;
  const overMidnight = start > end;
  const inside = overMidnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inside) return dueMs;
  // The end is today, or tomorrow when the window started this evening and runs over midnight.
  const endDay = overMidnight && minute >= start ? at.plus({ days: 1 }) : at;
  const endAt = endDay.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 });
  return Math.max(dueMs, endAt.toMillis());
}
