/**
 * Slot maths (2.9, 4.6), pure: business hours minus bookings, stepped by duration plus buffer,
 * never sooner than the minimum notice nor beyond the maximum advance. Times are wall-clock in the
 * account zone; instants are epoch ms (zones.ts converts, daylight-saving changes included).
 */
import type { BusinessHourData } from '../ai-config/state.js';
import { dayClock, instantOf, labelOf, minutesToTime, timeToMinutes, wallClockOf, weekdayOf } from './zones.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface Busy {
  readonly startMs: number;
  readonly durationMinutes: number;
}

export interface SlotRules {
  readonly zone: string;
  readonly hours: readonly BusinessHourData[];
  readonly bufferMinutes: number;
  readonly noticeMinutes: number;
  readonly maxAdvanceDays: number;
  readonly nowMs: number;
}

/** The opening hours of a date as instants; null when closed (or the hours make no sense). */
export function openingOf(date: string, rules: SlotRules): { openMs: number; closeMs: number; open: number; close: number } | null {
  const entry = rules.hours.find((hour) => hour.day === weekdayOf(date));
  if (!entry || entry.closed || entry.open === null || entry.close === null) return null;
  const open = timeToMinutes(entry.open);
  const close = timeToMinutes(entry.close);
  if (close <= open) return null;
  // An opening or closing time the day skips moves to the next minute that exists.
  const clockOf = dayClock(date, rules.zone);
  const openMs = firstExisting(clockOf, open);
  const closeMs = firstExisting(clockOf, close);
  if (openMs === null || closeMs === null || closeMs <= openMs) return null;
  return { openMs, closeMs, open, close };
}

function firstExisting(clockOf: (minutes: number) => number | null, minutes: number): number | null {
  for (let m = minutes; m < minutes + 180 && m < 24 * 60; m++) {
    const at = clockOf(m);
    if (at !== null) return at;
  }
  return null;
}

/** True when [start, start + duration) plus the buffer after it and before it is free. */
export function isFree(startMs: number, durationMinutes: number, bufferMinutes: number, busy: readonly Busy[]): boolean {
  const buffer = bufferMinutes * MINUTE;
  const end = startMs + durationMinutes * MINUTE;
  return busy.every((b) => end + buffer <= b.startMs || startMs >= b.startMs + b.durationMinutes * MINUTE + buffer);
}

/** The notice and advance window: slots start in [now + notice, now + max advance]. */
export function withinWindow(startMs: number, rules: SlotRules): boolean {
  return startMs >= rules.nowMs + rules.noticeMinutes * MINUTE && startMs <= rules.nowMs + rules.maxAdvanceDays * DAY;
}

/** Inside the business hours of its own day (in the account zone). */
export function withinHours(startMs: number, durationMinutes: number, rules: SlotRules): boolean {
  const { date } = wallClockOf(startMs, rules.zone);
  const opening = openingOf(date, rules);
  return opening !== null && startMs >= opening.openMs && startMs + durationMinutes * MINUTE <= opening.closeMs;
}

/** The offered slots of a date: `{time, label}` oldest first; empty when closed or full. */
export interface SlotGuards {
  readonly isFree: typeof isFree;
  readonly withinWindow: typeof withinWindow;
  readonly instantOf: typeof instantOf;
}

export function slotsOf(
  date: string,
  durationMinutes: number,
  busy: readonly Busy[],
  rules: SlotRules,
  guards: SlotGuards = { isFree, withinWindow, instantOf },
): { time: string; label: string }[] {
  const opening = openingOf(date, rules);
  if (!opening) return [];
  const step = durationMinutes + rules.bufferMinutes;
  const slots: { time: string; label: string }[] = [];
  // The fast day clock unless a mutant swapped the conversion (then every time goes through it).
  const clockOf = guards.instantOf === instantOf ? dayClock(date, rules.zone) : (m: number) => guards.instantOf(date, minutesToTime(m), rules.zone);
  const seen = new Set<string>();
  for (let minute = opening.open; minute + durationMinutes <= opening.close; minute += step) {
    const time = minutesToTime(minute);
    const startMs = clockOf(minute);
    if (startMs === null || seen.has(time)) continue; // skipped by a daylight-saving change
    if (startMs < opening.openMs || startMs + durationMinutes * MINUTE > opening.closeMs) continue;
    if (!guards.withinWindow(startMs, rules) || !guards.isFree(startMs, durationMinutes, rules.bufferMinutes, busy)) continue;
    seen.add(time);
    slots.push({ time, label: labelOf(time) });
  }
  return slots;
}
