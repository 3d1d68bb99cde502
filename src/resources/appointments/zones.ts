/**
 * Wall-clock time in IANA zones, through luxon (docs/decisions.md, "Appointments": why luxon).
 * Rules that matter across daylight-saving changes:
 * - a wall-clock time the day skips (02:30 on a spring-forward day in New York) does not exist:
 *   `instantOf` answers null (luxon alone would silently move it an hour on);
 * - a wall-clock time the day repeats (01:30 on a fall-back day) means its first occurrence.
 */
import { DateTime, IANAZone } from 'luxon';

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export function isZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** YYYY-MM-DD names a real calendar day (February 30 does not). */
export function isCalendarDate(date: string): boolean {
  return DateTime.fromISO(date, { zone: 'UTC' }).isValid;
}

function parts(date: string, time: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
}

/**
 * The instant (epoch ms) the wall clock in `zone` shows `date time`; null when that day skips it.
 * A repeated time answers its earlier occurrence.
 */
export function instantOf(date: string, time: string, zone: string): number | null {
  const wanted = parts(date, time);
  const candidate = DateTime.fromObject(wanted, { zone });
  if (!candidate.isValid) return null;
  const shows = (at: DateTime) =>
    at.year === wanted.year && at.month === wanted.month && at.day === wanted.day && at.hour === wanted.hour && at.minute === wanted.minute;
  if (!shows(candidate)) return null; // skipped by a forward change
  // Repeated by a backward change: an earlier instant shows the same wall clock.
  for (const back of [60, 30, 120]) {
    const earlier = candidate.minus({ minutes: back });
    if (shows(earlier)) return earlier.toMillis();
  }
  return candidate.toMillis();
}

/** Date (YYYY-MM-DD) and time (HH:MM) of an instant on the wall clock of `zone`. */
export function wallClockOf(ms: number, zone: string): { date: string; time: string } {
  const at = DateTime.fromMillis(ms, { zone });
  return { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') };
}

/** Monday = 0 ... Sunday = 6, of a calendar date. */
export function weekdayOf(date: string): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[DateTime.fromISO(date, { zone: 'UTC' }).weekday - 1]!;
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toFormat('yyyy-MM-dd');
}

/** "9:00 AM" for 09:00. */
export function labelOf(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function timeToMinutes(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/**
 * Wall-clock (minutes of the day) to instant for one date, fast: on a day with one offset (363 or
 * so of 365) it is arithmetic on that offset; on a daylight-saving day every time goes through
 * `instantOf`. Availability converts a few dozen times per request, so this matters.
 */
export function dayClock(date: string, zone: string): (minutes: number) => number | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const start = DateTime.fromObject({ year, month, day, hour: 0, minute: 0 }, { zone });
  const end = DateTime.fromObject({ year, month, day, hour: 23, minute: 59 }, { zone });
  const steady = start.isValid && end.isValid && start.hour === 0 && start.minute === 0 && start.offset === end.offset;
  if (!steady) return (minutes) => instantOf(date, minutesToTime(minutes), zone);
  const midnightUtc = Date.UTC(year, month - 1, day);
  return (minutes) => midnightUtc + (minutes - start.offset) * 60_000;
}
