/**
 * The default seed's bookings are ones the service could hold (audit 13b, B3): loaded on any of
 * the seven weekdays, every seeded appointment of accounts 1-3 sits inside its account's business
 * hours (GET /ai/config `behavior.business_hours`, in `booking.timing.timezone`), and no two kept
 * bookings (any status but cancelled) overlap, buffer included. Pending and confirmed ones are
 * upcoming and in the notice and advance window; completed and no-show ones ended before the load.
 * A seed whose named time is already open keeps it. docs/decisions.md "Seeded bookings land on
 * open slots (audit 13b B3)".
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

type Hours = { day: string; closed: boolean; open: string | null; close: string | null };
type Appointment = { id: number; status: string; datetime: string; duration_minutes: number; customer: { name: string } };
type Config = { behavior: { business_hours: Hours[] }; booking: { timing: { timezone: string; buffer_minutes: number; minimum_notice_minutes: number; max_advance_days: number } } };

const MINUTE = 60_000;
// Monday 2026-11-23 ... Sunday 2026-11-29, each at 12:00 UTC and at 23:30 UTC (a later local day in the east).
const STARTS = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [`2026-11-${23 + day}T12:00:00Z`, `2026-11-${23 + day}T23:30:00Z`]);

async function seededAt(frozenAt: string) {
  const t = testSimulator({ clock: { frozenAt } });
  const out: { account: number; config: Config; appointments: Appointment[] }[] = [];
  for (const account of t.accounts.slice(0, 3)) {
    const key = account.keys.full;
    const config = ((await t.sim.request({ path: '/ai/config', key })).body as { data: Config }).data;
    const appointments = ((await t.sim.request({ path: '/appointments', key, query: { limit: '100' } })).body as { data: Appointment[] }).data;
    out.push({ account: account.id, config, appointments });
  }
  return { now: Date.parse(frozenAt), accounts: out };
}

function problemsOf(now: number, config: Config, appointments: readonly Appointment[]): string[] {
  const { timezone, buffer_minutes, minimum_notice_minutes, max_advance_days } = config.booking.timing;
  const problems: string[] = [];
  for (const appointment of appointments) {
    const start = DateTime.fromISO(appointment.datetime).setZone(timezone);
    const end = start.plus({ minutes: appointment.duration_minutes });
    const hours = config.behavior.business_hours.find((entry) => entry.day === start.toFormat('cccc').toLowerCase())!;
    const name = `${appointment.customer.name} (${appointment.status}) ${start.toFormat('ccc HH:mm')} ${timezone}`;
    const inHours = !hours.closed && start.toFormat('HH:mm') >= hours.open! && end.toFormat('HH:mm') <= hours.close! && end.hasSame(start, 'day');
    if (!inHours) problems.push(`${name}: outside ${JSON.stringify(hours)}`);
    const startMs = start.toMillis();
    if (appointment.status === 'pending' || appointment.status === 'confirmed') {
      if (startMs < now + minimum_notice_minutes * MINUTE || startMs > now + max_advance_days * 86_400_000) problems.push(`${name}: outside the notice/advance window`);
    }
    if ((appointment.status === 'completed' || appointment.status === 'no_show') && end.toMillis() > now) problems.push(`${name}: kept but not over`);
  }
  const kept = appointments.filter((appointment) => appointment.status !== 'cancelled');
  for (const a of kept) {
    for (const b of kept) {
      if (a.id >= b.id) continue;
      const aStart = Date.parse(a.datetime);
      const bStart = Date.parse(b.datetime);
      const clear = aStart + (a.duration_minutes + buffer_minutes) * MINUTE <= bStart || bStart + (b.duration_minutes + buffer_minutes) * MINUTE <= aStart;
      if (!clear) problems.push(`${a.customer.name} and ${b.customer.name} overlap`);
    }
  }
  return problems;
}

describe('seeded appointments sit in open, free slots whatever weekday the seed loads on (audit 13b B3)', () => {
  it.each(STARTS)('loaded at %s', async (frozenAt) => {
    const { now, accounts } = await seededAt(frozenAt);
    for (const { account, config, appointments } of accounts) {
      expect(appointments.length, `account ${account} has seeded appointments`).toBeGreaterThan(0);
      expect(problemsOf(now, config, appointments), `account ${account}`).toEqual([]);
    }
  });

  it('keeps the named time when it is already an open slot', async () => {
    // Monday 2026-11-23 12:00 UTC: account 1's Owen Clarke (in 3 days, 09:30 New York) lands on
    // Thursday, open 10:00, so it moves to 10:00; Mia Torres (14 days back, 10:00) is a Monday, open.
    const { accounts } = await seededAt('2026-11-23T12:00:00Z');
    const byName = new Map(accounts[0]!.appointments.map((appointment) => [appointment.customer.name, appointment]));
    expect(byName.get('Mia Torres')!.datetime).toBe('2026-11-09T15:00:00+00:00');
    expect(byName.get('Owen Clarke')!.datetime).toBe('2026-11-26T15:00:00+00:00');
  });
});
