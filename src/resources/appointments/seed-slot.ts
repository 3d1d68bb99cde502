/**
 * Where a seeded booking lands (audit 13b, B3). A seed names its day relative to the load instant
 * (`in_days`) and a wall-clock `time`, so the weekday it falls on depends on the day the seed is
 * loaded. The service can only hold bookings made in business hours on a free slot (3.2, 4.6), so
 * the loader keeps the named time when it is such a slot and otherwise takes the nearest one:
 * - upcoming (the named time is in the future): the first open slot on or after it, on the named
 *   day; else on a later day the slot nearest the named time of day; a pending or confirmed one
 *   also within the minimum notice and maximum advance, as availability offers;
 * - past: the latest open slot that ended by the load instant, on or before the named time, on the
 *   named day; else on an earlier day the slot nearest the named time of day (it stays past).
 * Slots step from the opening by duration plus buffer, as GET /appointments/availability offers
 * them; "free" means clear (with the buffer) of the account's other kept bookings (any status but
 * cancelled). Deterministic. With no open slot within two weeks (hours closed all week), the named
 * time is kept: a seed's hours may make any placement impossible.
 */
import { isFree, slotsOf, withinHours, withinWindow, type Busy, type SlotRules } from './slots.js';
import { addDays, instantOf, timeToMinutes, wallClockOf } from './zones.js';

const MINUTE = 60_000;
const SEARCH_DAYS = 14;

export interface SeedSlotRequest {
  readonly startMs: number;
  readonly durationMinutes: number;
  /** Pending or confirmed: it must also sit in the notice and advance window when upcoming. */
  readonly active: boolean;
}

/** The instant a seeded booking starts at: its named instant when open, else the nearest open slot. */
export function seedSlotOf(request: SeedSlotRequest, rules: SlotRules, busy: readonly Busy[]): number {
  const { startMs, durationMinutes } = request;
  const upcoming = startMs > rules.nowMs;
  const windowed = upcoming && request.active;
  const fits = (ms: number): boolean =>
    withinHours(ms, durationMinutes, rules) &&
    isFree(ms, durationMinutes, rules.bufferMinutes, busy) &&
    (windowed ? withinWindow(ms, rules) : true) &&
    (upcoming ? ms > rules.nowMs : ms + durationMinutes * MINUTE <= rules.nowMs);
  if (fits(startMs)) return startMs;
  const named = wallClockOf(startMs, rules.zone);
  const preferred = timeToMinutes(named.time);
  for (let step = 0; step < SEARCH_DAYS; step++) {
    const date = addDays(named.date, upcoming ? step : -step);
    const open = slotStartsOf(date, durationMinutes, busy, rules).filter(
      (slot) => fits(slot.ms) && (step > 0 || (upcoming ? slot.ms >= startMs : slot.ms <= startMs)),
    );
    if (open.length === 0) continue;
    if (step === 0) return upcoming ? open[0]!.ms : open[open.length - 1]!.ms;
    return open.reduce((best, slot) => (Math.abs(slot.minutes - preferred) < Math.abs(best.minutes - preferred) ? slot : best)).ms;
  }
  return startMs;
}

/** The day's slot grid in hours and free, oldest first (the notice window is checked by the caller). */
function slotStartsOf(date: string, durationMinutes: number, busy: readonly Busy[], rules: SlotRules): { ms: number; minutes: number }[] {
  const anyTime = { isFree, withinWindow: () => true, instantOf };
  return slotsOf(date, durationMinutes, busy, rules, anyTime).flatMap((slot) => {
    const ms = instantOf(date, slot.time, rules.zone);
    return ms === null ? [] : [{ ms, minutes: timeToMinutes(slot.time) }];
  });
}
