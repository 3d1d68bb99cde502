/**
 * An appointment brought back from `cancelled` (PATCH `status: pending`/`confirmed`, which 3.2
 * allows from any state) is on the calendar again: with the calendar connected it gets its event
 * (`google_event_id`, and `meeting_link` while meeting invites are on) as a booking does (3.2
 * "calendar sync if connected"); a reschedule (3.2 "calendars updated") gives an appointment
 * without an event its event. Without a calendar there is none; a refusing calendar makes none
 * and says `sync_warning`. Audit 7, M5; docs/decisions.md "Appointments come back whole
 * (audit 7, M2, M5)". Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from '../../../test/support/runtimes.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;

// Tuesday 10:00 in New York (account 1: calendar google, Meet invites on, open 10:00-19:00 weekdays).
const NOW = '2026-11-24T15:00:00Z';
const CUSTOMER = { name: 'Rae Vival', email: 'rae@mail.test', phone: '+15550004321' };
const EVENT_ID = expect.any(String) as unknown;
const MEET_LINK = expect.stringMatching(/^https:\/\/meet\.google\.com\//) as unknown;

describeRuntimes(
  'a revived appointment is on the calendar again',
  (api) => {
    const key = () => api().keys.full!;
    const accountId = () => api().accounts[0]!.id;
    const ok = async (method: string, path: string, body: unknown, status = 200) => {
      const res = await api().call({ method, path, key: key(), body });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
      return data(res);
    };
    const book = (time: string) => ok('POST', '/appointments', { date: '2026-12-02', time, customer: CUSTOMER }, 201);
    const patch = (id: unknown, body: Json) => ok('PATCH', `/appointments/${id}`, body);
    const reschedule = (id: unknown, time: string) => ok('POST', `/appointments/${id}/reschedule`, { date: '2026-12-03', time });
    const read = async (id: unknown) => data(await api().call({ path: `/appointments/${id}`, key: key() }));
    const calendar = (input: { connected?: boolean; refuse_edits?: boolean }) => api().sim.sandbox.setAppointmentCalendar(accountId(), input);

    it('cancel -> confirmed: the event and the Meet link come back, the same as at booking', async () => {
      const booked = await book('13:00');
      expect(booked).toMatchObject({ google_event_id: EVENT_ID, meeting_link: MEET_LINK });
      expect(await patch(booked['id'], { status: 'cancelled' })).toMatchObject({ google_event_id: null, meeting_link: null });
      const back = await patch(booked['id'], { status: 'confirmed' });
      expect(back).toMatchObject({ status: 'confirmed', google_event_id: booked['google_event_id'], meeting_link: booked['meeting_link'] });
      expect(back['sync_warning']).toBeUndefined();
      expect(await read(booked['id'])).toMatchObject({ google_event_id: booked['google_event_id'], meeting_link: booked['meeting_link'] });
    });

    it('POST cancel -> pending: the event is back at once, and a reschedule keeps it', async () => {
      const booked = await book('14:00');
      await ok('POST', `/appointments/${booked['id']}/cancel`, {});
      expect(await patch(booked['id'], { status: 'pending' })).toMatchObject({ status: 'pending', google_event_id: EVENT_ID, meeting_link: MEET_LINK });
      expect(await reschedule(booked['id'], '11:00')).toMatchObject({ status: 'pending', google_event_id: booked['google_event_id'], meeting_link: booked['meeting_link'] });
    });

    it('revived after its slot was booked again: allowed (3.2, audit 12a A2), and its event comes back', async () => {
      const booked = await book('13:00');
      await ok('POST', `/appointments/${booked['id']}/cancel`, {});
      const rebooked = await book('13:00');
      const back = await patch(booked['id'], { status: 'confirmed' });
      expect(back).toMatchObject({ status: 'confirmed', google_event_id: booked['google_event_id'], meeting_link: booked['meeting_link'] });
      expect(await read(rebooked['id'])).toMatchObject({ status: 'confirmed' });
      const offered = data(await api().call({ path: '/appointments/availability', key: key(), query: { date: '2026-12-02' } })) as { slots: { time: string }[] };
      expect(offered.slots.map((slot) => slot.time)).not.toContain('13:00');
    });

    it('a cancelled appointment revived while the calendar refused gets its event at the reschedule', async () => {
      const booked = await book('15:00');
      await patch(booked['id'], { status: 'cancelled' });
      calendar({ refuse_edits: true });
      // The refusing calendar makes no event; the revival is saved and says so.
      expect(await patch(booked['id'], { status: 'pending' })).toMatchObject({ status: 'pending', google_event_id: null, meeting_link: null, sync_warning: true });
      calendar({ refuse_edits: false });
      const moved = await reschedule(booked['id'], '12:00');
      expect(moved).toMatchObject({ google_event_id: booked['google_event_id'], meeting_link: booked['meeting_link'] });
      expect(moved['sync_warning']).toBeUndefined();
      // The rescheduled event carries the restored ids to webhook subscribers too.
      const events = api().sim.sandbox.events(accountId(), { type: 'appointment.rescheduled' });
      expect((events.at(-1)!.data as { appointment: Json }).appointment).toMatchObject({ id: booked['id'], google_event_id: booked['google_event_id'] });
    });

    it('a booking made while the calendar refused gets its event at its reschedule', async () => {
      calendar({ refuse_edits: true });
      const booked = await book('16:00');
      expect(booked).toMatchObject({ google_event_id: null, sync_warning: true });
      calendar({ refuse_edits: false });
      expect(await reschedule(booked['id'], '16:00')).toMatchObject({ google_event_id: EVENT_ID, meeting_link: MEET_LINK });
    });

    it('calendar disconnected: a revived appointment has no event, before or after a reschedule, and no warning', async () => {
      const booked = await book('17:00');
      await patch(booked['id'], { status: 'cancelled' });
      calendar({ connected: false });
      const back = await patch(booked['id'], { status: 'confirmed' });
      expect(back).toMatchObject({ status: 'confirmed', google_event_id: null, meeting_link: null });
      expect(back['sync_warning']).toBeUndefined();
      expect(await reschedule(booked['id'], '17:00')).toMatchObject({ google_event_id: null, meeting_link: null });
    });

    it('a seeded no-show (seeding syncs only active appointments) revived to pending gets an event', async () => {
      const noShows = (await api().call({ path: '/appointments', key: key(), query: { status: 'no_show' } })).body as { data: Json[] };
      const seeded = noShows.data[0]!;
      expect(seeded).toMatchObject({ google_event_id: null, meeting_link: null });
      expect(await patch(seeded['id'], { status: 'pending' })).toMatchObject({ status: 'pending', google_event_id: EVENT_ID, meeting_link: MEET_LINK });
    });

    it('a PATCH that leaves a cancelled appointment cancelled makes no event', async () => {
      const booked = await book('18:00');
      await patch(booked['id'], { status: 'cancelled' });
      expect(await patch(booked['id'], { notes: 'called back' })).toMatchObject({ status: 'cancelled', google_event_id: null, meeting_link: null });
      expect(await patch(booked['id'], { status: 'no_show' })).toMatchObject({ status: 'no_show', google_event_id: null, meeting_link: null });
    });
  },
  { clock: { frozenAt: NOW } },
);
