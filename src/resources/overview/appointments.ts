/**
 * The `appointments` block of 2.14. "Upcoming at T" is the appointments scheduled in the 30 days
 * from T: `current` is T = now (still pending or confirmed), `previous` is T = `current_from`
 * (anything not cancelled, since those have happened since). `created` counts by creation time;
 * `next` is the five soonest upcoming ones.
 */
import { parseTimestamp } from '../../core/clock.js';
import type { AppointmentRecord } from '../appointments/record.js';
import type { NextAppointmentData, OverviewData } from './schemas.js';
import { WINDOW_MS, countTimes, type OverviewWindowMs } from './window.js';

export const NEXT_APPOINTMENTS = 5;
const STILL_AHEAD = new Set(['pending', 'confirmed']);

export function countAppointments(
  rows: readonly AppointmentRecord[],
  window: OverviewWindowMs,
  iso: (ms: number) => string,
): OverviewData['appointments'] {
  let upcomingNow = 0;
  let upcomingThen = 0;
  for (const row of rows) {
    if (STILL_AHEAD.has(row.status) && row.start_ms >= window.nowMs && row.start_ms < window.nowMs + WINDOW_MS) upcomingNow++;
    if (row.status !== 'cancelled' && row.start_ms >= window.currentFromMs && row.start_ms < window.nowMs) upcomingThen++;
  }
  const createdAt = rows.map((row) => parseTimestamp(row.created_at) ?? 0);
  const next: NextAppointmentData[] = rows
    .filter((row) => STILL_AHEAD.has(row.status) && row.start_ms >= window.nowMs)
    .sort((a, b) => a.start_ms - b.start_ms || a.id - b.id)
    .slice(0, NEXT_APPOINTMENTS)
    .map((row) => ({
      id: row.id,
      channel: row.channel,
      customer_name: row.customer.name,
      scheduled_at: iso(row.start_ms),
      // As the appointment answers it (2.8 types it a string): "" when no service was named.
      service_type: row.service_type ?? '',
      status: row.status,
    }));
  return {
    upcoming: { current: upcomingNow, previous: upcomingThen },
    created: { ...countTimes(window, createdAt), all_time: createdAt.filter((at) => at <= window.nowMs).length },
    next,
  };
}
