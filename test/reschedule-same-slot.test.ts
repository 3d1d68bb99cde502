/**
 * A reschedule to the slot the appointment already holds changes nothing, so nothing follows
 * (3.2: "new slot free | new time | calendars updated; appointment.rescheduled; DM"; audit 9a F2,
 * docs/decisions.md): 200 with the appointment as it was, no `appointment.rescheduled`, no DM, no
 * calendar call, the reminder state kept. A real move after it still does all of that. Through both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

// Wednesday 2026-11-18, 09:00 in New York (account 1's zone).
const NOW = '2026-11-18T14:00:00Z';
const HOURS = [
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, closed: false, open: '09:00', close: '17:00' })),
  { day: 'saturday', closed: true, open: null, close: null },
  { day: 'sunday', closed: true, open: null, close: null },
];
const TIMING = { buffer_minutes: 15, minimum_notice_minutes: 120, max_advance_days: 60, reminder_hours: 24 };
const CUSTOMER = { name: 'Ada Test', email: 'ada@mail.test', phone: '+15550001111' };

type Appointment = Record<string, unknown> & { id: number; datetime: string };

describeRuntimes(
  'reschedule to the current slot',
  (api) => {
    const call = (method: string, path: string, body?: unknown) => api().call({ method, path, key: api().keys.full, body });
    const account = () => api().accounts[0]!.id;
    const rescheduledEvents = () => api().sim.sandbox.events(account(), { type: 'appointment.rescheduled' }).length;
    const messages = async (conversation: number) => ((await call('GET', `/conversations/${conversation}/messages`)).body as { data: unknown[] }).data.length;

    it('is a 200 no-op: same appointment, no event, no DM, no calendar call; a real move still does all', async () => {
      api().sim.sandbox.setAiBooking(account(), { business_hours: HOURS as never, timing: TIMING });
      api().sim.sandbox.setAppointmentCalendar(account(), { connected: true, provider: 'google' });
      const booked = await call('POST', '/appointments', { customer: CUSTOMER, date: '2026-11-19', time: '16:00', timezone: 'Europe/Berlin', conversation_id: 9 });
      expect(booked.status).toBe(201);
      const appointment = (booked.body as { data: Appointment }).data;
      const moved = await call('POST', `/appointments/${appointment.id}/reschedule`, { date: '2026-11-20', time: '17:00' });
      expect(moved.status).toBe(200);
      const before = (moved.body as { data: Appointment }).data;
      const eventsBefore = rescheduledEvents();
      const messagesBefore = await messages(9);
      expect(eventsBefore).toBe(1);
      // Any calendar edit would now be refused and reported as sync_warning.
      api().sim.sandbox.setAppointmentCalendar(account(), { refuse_edits: true });

      const again = await call('POST', `/appointments/${appointment.id}/reschedule`, { date: '2026-11-20', time: '17:00' });
      expect(again.status).toBe(200);
      const same = (again.body as { data: Appointment }).data;
      expect(same).toEqual(before);
      expect(same).not.toHaveProperty('sync_warning');
      expect(rescheduledEvents()).toBe(eventsBefore);
      expect(await messages(9)).toBe(messagesBefore);
      expect((await call('GET', `/appointments/${appointment.id}`)).body).toMatchObject({ data: before });

      const elsewhere = await call('POST', `/appointments/${appointment.id}/reschedule`, { date: '2026-11-23', time: '16:00' });
      expect(elsewhere.status).toBe(200);
      expect((elsewhere.body as { data: Appointment }).data).toMatchObject({ datetime: '2026-11-23T15:00:00+00:00', sync_warning: true });
      expect(rescheduledEvents()).toBe(eventsBefore + 1);
      expect(await messages(9)).toBe(messagesBefore + 1);
    });

    it('keeps a sent reminder sent; a stopped appointment is still 409 not_active, even for its own slot', async () => {
      api().sim.sandbox.setAiBooking(account(), { business_hours: HOURS as never, timing: TIMING });
      const booked = await call('POST', '/appointments', { customer: CUSTOMER, date: '2026-11-19', time: '15:00' });
      const appointment = (booked.body as { data: Appointment }).data;
      api().sim.sandbox.clock.advance('7h'); // 21:00Z: past the 24 h reminder lead (20:00Z)
      expect((await call('GET', `/appointments/${appointment.id}`)).body).toMatchObject({ data: { reminder_sent: true } });
      const same = await call('POST', `/appointments/${appointment.id}/reschedule`, { date: '2026-11-19', time: '15:00' });
      expect(same.status).toBe(200);
      expect((same.body as { data: Appointment }).data).toMatchObject({ reminder_sent: true, datetime: appointment.datetime });
      expect(rescheduledEvents()).toBe(0);

      expect((await call('POST', `/appointments/${appointment.id}/cancel`, {})).status).toBe(200);
      const stopped = await call('POST', `/appointments/${appointment.id}/reschedule`, { date: '2026-11-19', time: '15:00' });
      expect(stopped.status).toBe(409);
      expect(stopped.body).toMatchObject({ error: { code: 'not_active' } });
    });
  },
  { clock: { frozenAt: NOW } },
);
