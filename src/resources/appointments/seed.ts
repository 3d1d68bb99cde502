/**
 * The `appointments` section of a seed account (docs/fixtures.md): bookings placed relative to
 * the seed time (`in_days` from today in their zone, negative for past ones), in any status,
 * optionally linked to a seeded conversation. Each lands on the named time when that is an open,
 * free slot of the account's business hours, else on the nearest one (./seed-slot.ts, audit 13b
 * B3), whatever weekday the seed is loaded on. No other rule is checked and no events fire; the
 * creation time is kept (`created_ago`) for overview analytics.
 */
import { z } from 'zod';
import { parseDuration } from '../../core/duration.js';
import { invalidParam } from '../../core/errors.js';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import { DEFAULT_DURATION_MINUTES, type AppointmentsModel, type AppointmentsNeeds } from './model.js';
import { SeedAppointment, type SeedAppointmentInput } from './schemas.js';
import { seedSlotOf } from './seed-slot.js';
import type { Busy, SlotRules } from './slots.js';
import { addDays, instantOf, wallClockOf } from './zones.js';

const DAY = 86_400_000;

function slotRulesOf(needs: AppointmentsNeeds, accountId: number, nowMs: number): SlotRules {
  const { timing } = needs.aiConfig.bookingSettings(accountId);
  return {
    zone: timing.timezone,
    hours: needs.aiConfig.businessHours(accountId),
    bufferMinutes: timing.buffer_minutes,
    noticeMinutes: timing.minimum_notice_minutes,
    maxAdvanceDays: timing.max_advance_days,
    nowMs,
  };
}

/** Whole days from `from` to `to`, both calendar dates. */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

export const appointmentSeed = seedFor<AppointmentsModel, AppointmentsNeeds>()({
  fields: { appointments: z.array(SeedAppointment).optional() },
  defaults,
  apply: ({ model, needs, core, accountId, each }, { appointments }) => {
    const kept: Busy[] = [];
    // Oldest booking first, so ids ascend with created_at, and an earlier booking keeps its slot.
    // `each` sorts (an error still names the booking where the file has it).
    const oldestFirst = (a: SeedAppointmentInput, b: SeedAppointmentInput): number => parseDuration(b.created_ago ?? '3d') - parseDuration(a.created_ago ?? '3d');
    each('appointments', appointments, (input) => {
      if (input.timezone !== undefined && !model.isZone(input.timezone)) throw invalidParam('timezone', `${input.timezone} is not an IANA time zone.`);
      const placed = inOpenSlot(input);
      const row = model.seedOne(accountId, placed);
      if (row.status !== 'cancelled') kept.push({ startMs: row.start_ms, durationMinutes: row.duration_minutes });
    }, oldestFirst);

    /** The input moved (`in_days`, `time` in its own zone) to the slot it lands on. */
    function inOpenSlot(input: SeedAppointmentInput): SeedAppointmentInput {
      const now = core.clock.now();
      const zone = input.timezone ?? needs.aiConfig.timezone(accountId);
      const today = wallClockOf(now, zone).date;
      const startMs = instantOf(addDays(today, input.in_days), input.time, zone);
      if (startMs === null) return input; // seedOne names the time that does not exist
      const durationMinutes = input.duration_minutes ?? (input.service_type ? needs.knowledge.serviceByName(accountId, input.service_type)?.duration_minutes : undefined) ?? DEFAULT_DURATION_MINUTES;
      const active = input.status === 'pending' || input.status === 'confirmed';
      const chosen = seedSlotOf({ startMs, durationMinutes, active }, slotRulesOf(needs, accountId, now), kept);
      if (chosen === startMs) return input;
      const wall = wallClockOf(chosen, zone);
      return { ...input, in_days: daysBetween(today, wall.date), time: wall.time };
    }
  },
});
