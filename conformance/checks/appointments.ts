/**
 * Appointments and availability (2.8, 2.9, 3.2, 4.6). The checks book only slots that
 * availability offers, in the future, and cancel everything they book (appointments are never
 * deleted: the ledger's undo is PATCH status cancelled). Wall-clock maths on the kit's side uses
 * luxon, the same library the simulator pins, but only to compare: the target is judged by HTTP.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { Appointment, Availability } from '../../src/resources/appointments/schemas.js';
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectShape, expectStatus, fail, readData, readList } from '../runner/expect.js';
import { costOf } from './helpers.js';

const group = 'appointments';
const AVAILABILITY = 'GET /appointments/availability';
const BOOK = 'POST /appointments';
const CANCEL = 'POST /appointments/{id}/cancel';
const RESCHEDULE = 'POST /appointments/{id}/reschedule';

interface Booking {
  readonly zone: string;
  readonly noticeMinutes: number;
}

interface OfferedDay {
  readonly date: string;
  readonly times: string[];
}

/** The account zone and minimum notice, as GET /ai/config shows them (2.17 booking timing). */
async function bookingOf(ctx: CheckContext): Promise<Booking> {
  const response = await ctx.send({ path: '/ai/config', key: await ctx.keyFor('read') });
  if (response.status !== 200) ctx.skip('needs_ai_config', `GET /ai/config answered ${response.status}`);
  const timing = (readData(response, 'GET /ai/config')['booking'] as { timing?: { timezone?: unknown; minimum_notice_minutes?: unknown } } | undefined)?.timing;
  const zone = typeof timing?.timezone === 'string' ? timing.timezone : 'UTC';
  return { zone, noticeMinutes: typeof timing?.minimum_notice_minutes === 'number' ? timing.minimum_notice_minutes : 0 };
}

async function availability(ctx: CheckContext, date: string, key?: string): Promise<{ times: string[]; response: KitResponse; zone: string }> {
  const response = await ctx.send({ path: '/appointments/availability', query: { date }, ...(key ? { key } : {}) });
  expectStatus(response, 200, `GET /appointments/availability?date=${date}`);
  const body = expectShape(readData(response, 'GET /appointments/availability'), Availability, 'availability (2.9)', response);
  return { times: body.slots.map((slot) => slot.time), response, zone: body.timezone };
}

/** The first of the next 14 days (account zone) with offered slots; skips when none has any. */
async function offeredDay(ctx: CheckContext, zone: string, minimum = 1): Promise<OfferedDay> {
  const today = DateTime.now().setZone(zone);
  for (let day = 0; day < 14; day++) {
    const date = today.plus({ days: day }).toFormat('yyyy-MM-dd');
    const { times } = await availability(ctx, date);
    if (times.length >= minimum) return { date, times };
  }
  return ctx.skip('no_offered_slots', `no day of the next two weeks offers ${minimum} slot(s)`);
}

const instantOf = (date: string, time: string, zone: string): number => DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();

/** Every field any booking configuration may require, so only the rule under test can refuse. */
function customer(ctx: CheckContext) {
  return {
    customer: { name: ctx.name('customer'), email: 'kit.customer@conformance.invalid', phone: '+15550100199', address: '1 Kit Street' },
    location: { city: 'Springfield', state: 'IL' },
    vehicle_info: 'Kit test vehicle',
    cost: '10.00',
    send_confirmation: false,
  };
}

async function book(ctx: CheckContext, key: string, date: string, time: string, extra: Record<string, unknown> = {}): Promise<KitResponse> {
  return ctx.send({ method: 'POST', path: '/appointments', key, body: { date, time, ...customer(ctx), ...extra } });
}

async function booked(ctx: CheckContext, key: string, date: string, time: string, extra: Record<string, unknown> = {}) {
  const response = await book(ctx, key, date, time, extra);
  expectStatus(response, 201, `POST /appointments for the offered slot ${date} ${time}`);
  return { appointment: expectShape(readData(response, 'POST /appointments'), Appointment, 'appointment (2.8)', response), response };
}

async function cancel(ctx: CheckContext, key: string, id: number): Promise<KitResponse> {
  return ctx.send({ method: 'POST', path: `/appointments/${id}/cancel`, key, body: {} });
}

/**
 * Books the first slot offered on a day with at least `minimum` slots, runs `use` with it, and
 * cancels it afterwards whatever happened (the check leaves nothing booked).
 *
 * `asSetup`: the booking is only a setup step for a check judging another clause (section 6's
 * events), so a booking the target answers wrongly (4.6's 201, 2.8's shape) makes that check
 * inconclusive instead of charging its clause; the appointments checks keep judging it.
 */
export async function withOfferedBooking(
  ctx: CheckContext,
  minimum: number,
  use: (booking: { key: string; day: OfferedDay; appointment: Awaited<ReturnType<typeof booked>>['appointment'] }) => Promise<void>,
  asSetup = false,
): Promise<void> {
  const key = await ctx.keyFor('write');
  const { zone } = await bookingOf(ctx);
  const day = await offeredDay(ctx, zone, minimum);
  const book = () => booked(ctx, key, day.date, day.times[0]!);
  const { appointment } = asSetup ? await ctx.setup(`book the offered slot ${day.date} ${day.times[0]!}`, book) : await book();
  try {
    await use({ key, day, appointment });
  } finally {
    await cancel(ctx, key, appointment.id);
  }
}

export const appointmentChecks: CheckDefinition[] = [
  {
    id: 'appointments.availability-shape',
    title: 'Availability answers date, timezone, duration (30 for an unknown service) and HH:MM slots in order; a bad date is 400',
    clause: '2.9',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [AVAILABILITY],
    cost: costOf(18),
    async run(ctx) {
      const { zone } = await bookingOf(ctx);
      const date = DateTime.now().setZone(zone).plus({ days: 1 }).toFormat('yyyy-MM-dd');
      const response = await ctx.send({ path: '/appointments/availability', query: { date, service_type: ctx.name('no such service') } });
      expectStatus(response, 200, 'GET /appointments/availability');
      const body = expectShape(readData(response, 'GET /appointments/availability'), Availability, 'availability (2.9)', response);
      if (body.date !== date) fail(`availability for ${date} answered date ${body.date}`, response);
      if (body.timezone !== zone) fail(`availability answered timezone ${body.timezone}, the account zone is ${zone}`, response);
      if (body.duration_minutes !== 30) fail(`an unknown service_type means 30 minutes (4.6, 8); got ${body.duration_minutes}`, response);
      const times = body.slots.map((slot) => slot.time);
      for (const [i, time] of times.entries()) {
        if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) fail(`slot time ${time} is not HH:MM`, response);
        if (i > 0 && time <= times[i - 1]!) fail(`slots are not in time order: ${times[i - 1]} then ${time}`, response);
      }
      for (const bad of ['2026-02-30', '2026-13-01', 'tomorrow']) {
        expectError(await ctx.send({ path: '/appointments/availability', query: { date: bad } }), 400, 'invalid_param', `availability for date ${bad}`, { param: 'date' });
      }
    },
  },
  {
    id: 'appointments.book-offered-slot-once',
    title: 'An offered slot books once (201 confirmed, UTC datetime), is then no longer offered, and a second booking is 409 slot_unavailable',
    clause: '3.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [AVAILABILITY, BOOK, CANCEL, RESCHEDULE],
    cost: costOf(24),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const { zone } = await bookingOf(ctx);
      const day = await offeredDay(ctx, zone);
      const time = day.times[day.times.length - 1]!;
      const { appointment, response } = await booked(ctx, key, day.date, time);
      try {
        if (appointment.status !== 'confirmed') fail(`a new booking is confirmed (3.2); got ${appointment.status}`, response);
        if (Date.parse(appointment.datetime) !== instantOf(day.date, time, zone)) {
          fail(`${day.date} ${time} in ${zone} is ${new Date(instantOf(day.date, time, zone)).toISOString()} UTC; datetime was ${appointment.datetime}`, response);
        }
        const after = await availability(ctx, day.date);
        if (after.times.includes(time)) fail(`${day.date} ${time} is still offered after it was booked`, after.response);
        const again = await book(ctx, key, day.date, time);
        expectError(again, 409, 'slot_unavailable', `booking the taken slot ${day.date} ${time} again`);
        const cancelled = await cancel(ctx, key, appointment.id);
        expectStatus(cancelled, 200, `POST /appointments/${appointment.id}/cancel`);
        if (readData(cancelled, 'cancel')['status'] !== 'cancelled') fail('cancel did not answer status cancelled', cancelled);
        expectError(await cancel(ctx, key, appointment.id), 409, 'already_cancelled', 'cancelling a cancelled appointment');
        const moved = await ctx.send({ method: 'POST', path: `/appointments/${appointment.id}/reschedule`, key, body: { date: day.date, time } });
        expectError(moved, 409, 'not_active', 'rescheduling a cancelled appointment (3.2)');
      } finally {
        await cancel(ctx, key, appointment.id);
      }
    },
  },
  {
    id: 'appointments.timezone-daylight-saving',
    title: 'date and time are wall-clock in the given timezone, daylight saving included; datetime is UTC',
    clause: '2.8',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [AVAILABILITY, BOOK, CANCEL],
    cost: costOf(20),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const { zone } = await bookingOf(ctx);
      const day = await offeredDay(ctx, zone);
      const time = day.times[0]!;
      const instant = instantOf(day.date, time, zone);
      // A zone keeping daylight-saving time on that instant (one hemisphere or the other always is).
      const other = ['America/New_York', 'Australia/Sydney', 'Europe/Berlin', 'America/Santiago'].find((name) => DateTime.fromMillis(instant, { zone: name }).isInDST);
      if (!other) return ctx.skip('no_zone_in_dst');
      const local = DateTime.fromMillis(instant, { zone: other });
      const { appointment, response } = await booked(ctx, key, local.toFormat('yyyy-MM-dd'), local.toFormat('HH:mm'), { timezone: other });
      try {
        if (appointment.timezone !== other) fail(`booked with timezone ${other}, answered ${appointment.timezone}`, response);
        if (Date.parse(appointment.datetime) !== instant) {
          fail(`${local.toFormat('yyyy-MM-dd HH:mm')} in ${other} (daylight time) is ${new Date(instant).toISOString()}; datetime was ${appointment.datetime}`, response);
        }
      } finally {
        await cancel(ctx, key, appointment.id);
      }
    },
  },
  {
    id: 'appointments.minimum-notice',
    title: 'No slot is offered sooner than the minimum notice (hours opened all day through the sandbox, then restored)',
    clause: '4.6',
    level: 'spec',
    group,
    profile: 'full',
    routes: [AVAILABILITY],
    cost: costOf(8),
    async run(ctx) {
      if (!ctx.target.control) ctx.skip('needs_control');
      const state = await ctx.send({ path: '/_sandbox/ai/booking', fromOrigin: true });
      if (state.status !== 200) ctx.skip('needs_control', `GET /_sandbox/ai/booking answered ${state.status}`);
      const hours = readData(state, 'GET /_sandbox/ai/booking')['business_hours'];
      const allDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, closed: false, open: '00:00', close: '23:59' }));
      const set = await ctx.send({ method: 'POST', path: '/_sandbox/ai/booking', fromOrigin: true, body: { business_hours: allDay } });
      expectStatus(set, 200, 'POST /_sandbox/ai/booking');
      try {
        const { zone, noticeMinutes } = await bookingOf(ctx);
        const clock = await ctx.send({ path: '/_sandbox/clock', fromOrigin: true, operator: true });
        const nowMs = (clock.json as { data?: { now_ms?: unknown } } | undefined)?.data?.now_ms;
        const now = typeof nowMs === 'number' ? nowMs : Date.now();
        const today = DateTime.fromMillis(now, { zone });
        for (const date of [today.toFormat('yyyy-MM-dd'), today.plus({ days: 1 }).toFormat('yyyy-MM-dd')]) {
          const { times, response } = await availability(ctx, date);
          for (const time of times) {
            const startsIn = (instantOf(date, time, zone) - now) / 60_000;
            if (startsIn < noticeMinutes - 1) fail(`${date} ${time} (${zone}) is offered ${Math.round(startsIn)} minutes ahead; the minimum notice is ${noticeMinutes}`, response);
          }
        }
      } finally {
        await ctx.send({ method: 'POST', path: '/_sandbox/ai/booking', fromOrigin: true, body: { business_hours: hours } });
      }
    },
  },
  {
    id: 'appointments.reschedule-keeps-status',
    title: 'Rescheduling to an offered slot keeps the status and moves the time (property)',
    clause: '3.2',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [AVAILABILITY, BOOK, RESCHEDULE, 'PATCH /appointments/{id}', CANCEL],
    cost: costOf(30),
    async run(ctx) {
      await withOfferedBooking(ctx, 2, async ({ key, day, appointment }) => {
        await ctx.fc.check(
          fc.asyncProperty(fc.constantFrom('pending', 'confirmed'), fc.nat(), async (status, pick) => {
            const patched = await ctx.send({ method: 'PATCH', path: `/appointments/${appointment.id}`, key, body: { status } });
            expectStatus(patched, 200, `PATCH /appointments/${appointment.id} {status: ${status}}`);
            const { times } = await availability(ctx, day.date);
            if (times.length === 0) return;
            const time = times[pick % times.length]!;
            const moved = await ctx.send({ method: 'POST', path: `/appointments/${appointment.id}/reschedule`, key, body: { date: day.date, time } });
            expectStatus(moved, 200, `rescheduling a ${status} appointment to the offered ${day.date} ${time}`);
            const after = expectShape(readData(moved, 'reschedule'), Appointment, 'appointment (2.8)', moved);
            if (after.status !== status) fail(`reschedule changed the status from ${status} to ${after.status} (3.2 keeps it)`, moved);
            if (Date.parse(after.datetime) !== instantOf(day.date, time, after.timezone)) fail(`reschedule to ${day.date} ${time} answered datetime ${after.datetime}`, moved);
          }),
          { runs: Math.min(ctx.fc.runs, 3) },
        );
      });
    },
  },
  {
    id: 'appointments.bad-input',
    title: 'Malformed dates and times, 24:00, February 30, unknown zones, negative durations and three-decimal costs are 400 naming the param',
    clause: '4.6',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [BOOK],
    cost: costOf(8),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const date = DateTime.now().plus({ days: 7 }).toFormat('yyyy-MM-dd');
      const cases: [Record<string, unknown>, string][] = [
        [{ date, time: '24:00' }, 'time'],
        [{ date, time: '9:5' }, 'time'],
        [{ date: '2030-02-30', time: '10:00' }, 'date'],
        [{ date: '30/01/2030', time: '10:00' }, 'date'],
        [{ date, time: '10:00', timezone: 'Mars/Olympus_Mons' }, 'timezone'],
        [{ date, time: '10:00', duration_minutes: -30 }, 'duration_minutes'],
        [{ date, time: '10:00', cost: '12.345' }, 'cost'],
      ];
      for (const [body, param] of cases) {
        const response = await ctx.send({ method: 'POST', path: '/appointments', key, body: { ...customer(ctx), ...body } });
        expectError(response, 400, 'invalid_param', `POST /appointments with ${JSON.stringify(body)}`, { param });
      }
    },
  },
  {
    id: 'appointments.name-required',
    title: 'A booking without the customer name is 422 missing_fields',
    clause: '4.6',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [BOOK],
    cost: costOf(4),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const { zone } = await bookingOf(ctx);
      const date = DateTime.now().setZone(zone).plus({ days: 2 }).toFormat('yyyy-MM-dd');
      const { customer: person, ...rest } = customer(ctx);
      const response = await ctx.send({ method: 'POST', path: '/appointments', key, body: { date, time: '10:00', ...rest, customer: { email: person.email, phone: person.phone, address: person.address } } });
      expectError(response, 422, 'missing_fields', 'POST /appointments without customer.name');
    },
  },
  {
    id: 'appointments.patch-keeps-name',
    title: 'PATCH may not blank the customer name a booking always has: 422 missing_fields, nothing changed',
    clause: '4.6',
    // 4.6 states the rule for POST ("name always required"); that a PATCH keeps it is the house's reading.
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [AVAILABILITY, BOOK, 'PATCH /appointments/{id}', 'GET /appointments/{id}', CANCEL],
    cost: costOf(8),
    async run(ctx) {
      await withOfferedBooking(ctx, 1, async ({ key, appointment }) => {
        for (const name of [null, '']) {
          const response = await ctx.send({ method: 'PATCH', path: `/appointments/${appointment.id}`, key, body: { customer: { name }, notes: 'kit: must not be applied' } });
          expectError(response, 422, 'missing_fields', `PATCH /appointments/${appointment.id} {customer: {name: ${JSON.stringify(name)}}}`);
        }
        const after = await ctx.send({ path: `/appointments/${appointment.id}`, key });
        expectStatus(after, 200, `GET /appointments/${appointment.id}`);
        const shown = expectShape(readData(after, 'GET /appointments/{id}'), Appointment, 'appointment (2.8)', after);
        if (shown.customer.name !== appointment.customer.name) fail(`a refused PATCH changed the name to ${JSON.stringify(shown.customer.name)}`, after);
        if (shown.notes === 'kit: must not be applied') fail('a refused PATCH applied its other fields', after);
      });
    },
  },
  {
    id: 'appointments.revival-restores-event',
    title: 'An appointment cancelled and PATCHed back to confirmed gets its calendar event again, when bookings get one',
    clause: '3.2',
    // 3.2 syncs a booking to a connected calendar and removes the event on cancel; that a revival
    // syncs it again is the house's reading (docs/decisions.md, "Appointments come back whole").
    level: 'assumption',
    group,
    profile: 'safe',
    routes: [AVAILABILITY, BOOK, CANCEL, 'PATCH /appointments/{id}'],
    cost: costOf(8),
    async run(ctx) {
      await withOfferedBooking(ctx, 1, async ({ key, appointment }) => {
        if (appointment.google_event_id === null) ctx.skip('no_calendar_sync', 'a new booking has no google_event_id: the account syncs no calendar');
        expectStatus(await cancel(ctx, key, appointment.id), 200, `POST /appointments/${appointment.id}/cancel`);
        const revived = await ctx.send({ method: 'PATCH', path: `/appointments/${appointment.id}`, key, body: { status: 'confirmed' } });
        expectStatus(revived, 200, `PATCH /appointments/${appointment.id} {status: confirmed} after cancelling`);
        const shown = expectShape(readData(revived, 'PATCH /appointments/{id}'), Appointment, 'appointment (2.8)', revived);
        if (shown.sync_warning === true) ctx.skip('calendar_refused', 'the calendar refused the change (sync_warning), so no event could be made');
        if (shown.google_event_id === null) fail('a cancelled appointment brought back to confirmed has no google_event_id, though its booking had one', revived);
        if (appointment.meeting_link !== null && shown.meeting_link === null) fail('a cancelled appointment brought back to confirmed lost its meeting_link, though its booking had one', revived);
      });
    },
  },
  {
    id: 'appointments.list-and-get',
    title: 'An unknown status filter gives an empty list; an unknown id is 404',
    clause: '4.6',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /appointments', 'GET /appointments/{id}'],
    cost: costOf(2),
    async run(ctx) {
      const response = await ctx.send({ path: '/appointments', query: { status: 'not_a_status' } });
      expectStatus(response, 200, 'GET /appointments?status=not_a_status');
      if (readList(response, 'GET /appointments').data.length !== 0) fail('an unknown status gives an empty list (4.6)', response);
      expectError(await ctx.send({ path: '/appointments/999999999' }), 404, 'not_found', 'GET /appointments/999999999');
    },
  },
];
