/**
 * The booking confirmation and reschedule DMs (4.6, 3.2) follow the rules every send follows
 * (7.1, 7.2, 3.1): no DM to a customer who sent STOP, opted out of everything on Meta, is
 * blocked, or whose 24-hour window is closed, nor over a disconnected channel or one that may not
 * message. The booking or reschedule itself stands (201 / 200 and its event); only the DM is
 * skipped: no transcript line and nothing in the overview's outbound or AI reply counts.
 * Audit 5, J2; docs/decisions.md "Booking DMs follow the send rules (audit 5, J2)". Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from '../../../test/support/runtimes.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const rows = (res: { body: unknown }) => (res.body as { data: Json[] }).data;

// Tuesday 10:00 in New York: the seed's threads are placed relative to this instant.
const NOW = '2026-11-24T15:00:00Z';
const CUSTOMER = { name: 'Xavier Test', email: 'x@mail.test', phone: '+15550009999' };
// Seeded threads (fresh seed): 4 is SMS, its customer's last message is STOP (opt-out sms:1);
// 7 (ig_seed_101) and 9 (ig_seed_107) are Instagram threads whose customers wrote in the last 2 hours.
const SMS_STOPPED = 4;
const IG_OPEN = 9;
const IG_OTHER = 7;

describeRuntimes(
  'booking DMs follow the send rules',
  (api) => {
    const key = () => api().keys.full!;
    const accountId = () => api().accounts[0]!.id;
    const call = (method: string, path: string, body?: unknown) => api().call({ method, path, key: key(), ...(body === undefined ? {} : { body }) });
    const ok = async (method: string, path: string, body: unknown, status: number) => {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
      return data(res);
    };
    const book = (conversationId: number, time: string) =>
      ok('POST', '/appointments', { date: '2026-12-02', time, conversation_id: conversationId, customer: CUSTOMER }, 201);
    const reschedule = (id: unknown, time: string) => ok('POST', `/appointments/${id}/reschedule`, { date: '2026-12-03', time }, 200);
    const transcript = async (conversationId: number) => rows(await call('GET', `/conversations/${conversationId}/messages`)).map((row) => row['text']);
    const counts = async () => {
      const overview = data(await call('GET', '/analytics/overview')) as { messages: { outbound: { current: number } }; replies: { ai: { current: number } } };
      return { outbound: overview.messages.outbound.current, ai: overview.replies.ai.current };
    };
    const events = (type: string) => api().sim.sandbox.events(accountId(), { type });

    /** Books through the thread and checks the booking stood while no DM went in. */
    async function bookWithoutDm(conversationId: number, time: string) {
      const lines = await transcript(conversationId);
      const before = await counts();
      const booked = events('appointment.booked').length;
      const appointment = await book(conversationId, time);
      expect(appointment).toMatchObject({ status: 'confirmed', conversation_id: conversationId });
      expect(events('appointment.booked')).toHaveLength(booked + 1);
      expect(await transcript(conversationId)).toEqual(lines);
      expect(await counts()).toEqual(before);
      return appointment;
    }

    /** Reschedules and checks the move stood while no DM went in. */
    async function rescheduleWithoutDm(conversationId: number, id: unknown, time: string) {
      const lines = await transcript(conversationId);
      const before = await counts();
      const moved = events('appointment.rescheduled').length;
      expect(await reschedule(id, time)).toMatchObject({ datetime: expect.stringContaining('2026-12-03') });
      expect(events('appointment.rescheduled')).toHaveLength(moved + 1);
      expect(await transcript(conversationId)).toEqual(lines);
      expect(await counts()).toEqual(before);
    }

    it('a customer who can be messaged gets the confirmation and the reschedule DM, each counted', async () => {
      const before = await counts();
      const appointment = await book(IG_OPEN, '10:00');
      const [confirmation] = await transcript(IG_OPEN);
      expect(confirmation).toBe(`Your appointment is confirmed for 2026-12-02 at 10:00 (America/New_York). Confirmation code: ${appointment['confirmation_code']}.`);
      expect(await counts()).toEqual({ outbound: before.outbound + 1, ai: before.ai + 1 });
      await reschedule(appointment['id'], '11:30');
      expect((await transcript(IG_OPEN))[0]).toMatch(/^Your appointment has been moved to 2026-12-03 at 11:30 /);
      expect(await counts()).toEqual({ outbound: before.outbound + 2, ai: before.ai + 2 });
    });

    it('SMS STOP: the seeded thread that sent STOP gets neither DM; the booking and the move stand', async () => {
      // The send rule the DM now follows: POST /messages to this thread is 410.
      const send = await call('POST', '/messages', { idempotency_key: 'j2-stop', conversation_id: SMS_STOPPED, message_text: 'hi' });
      expect(send.status).toBe(410);
      const appointment = await bookWithoutDm(SMS_STOPPED, '10:00');
      expect((await transcript(SMS_STOPPED))[0]).toBe('STOP');
      await rescheduleWithoutDm(SMS_STOPPED, appointment['id'], '11:30');
    });

    it('a Meta opt-out of scope all or broadcast stops the DM, as it stops POST /messages; comment_dm alone does not', async () => {
      await ok('POST', '/_sandbox/opt-outs', { channel: 'instagram', platform_user_id: 'ig_seed_101', scope: 'all' }, 200);
      await bookWithoutDm(IG_OTHER, '10:00');
      await ok('POST', '/_sandbox/opt-outs', { channel: 'instagram', platform_user_id: 'ig_seed_107', scope: 'comment_dm' }, 200);
      await book(IG_OPEN, '11:30');
      expect((await transcript(IG_OPEN))[0]).toMatch(/^Your appointment is confirmed for 2026-12-02 at 11:30 /);
      await ok('POST', '/_sandbox/opt-outs', { channel: 'instagram', platform_user_id: 'ig_seed_107', scope: 'broadcast' }, 200);
      expect((await call('POST', '/messages', { idempotency_key: 'j2-broadcast', conversation_id: IG_OPEN, message_text: 'hi' })).status).toBe(410);
      await bookWithoutDm(IG_OPEN, '13:00');
    });

    it('a blocked customer gets no confirmation, nor a reschedule DM after being blocked', async () => {
      const earlier = await book(IG_OTHER, '13:00');
      expect((await transcript(IG_OTHER))[0]).toMatch(/^Your appointment is confirmed/);
      await ok('POST', '/blocked-users', { conversation_id: IG_OPEN }, 201);
      await ok('POST', '/blocked-users', { conversation_id: IG_OTHER }, 201);
      await bookWithoutDm(IG_OPEN, '10:00');
      await rescheduleWithoutDm(IG_OTHER, earlier['id'], '11:30');
    });

    it('a closed window (the customer last wrote over 24 hours ago, on the virtual clock) stops both DMs', async () => {
      const earlier = await book(IG_OPEN, '13:00');
      expect((await transcript(IG_OPEN))[0]).toMatch(/^Your appointment is confirmed/);
      api().sim.sandbox.clock.advance('1d');
      // ig_seed_107 last wrote 30 minutes before NOW: a day later the window has closed.
      expect((await call('POST', '/messages', { idempotency_key: 'j2-window', conversation_id: IG_OPEN, message_text: 'hi' })).status).toBe(422);
      await bookWithoutDm(IG_OPEN, '10:00');
      await rescheduleWithoutDm(IG_OPEN, earlier['id'], '11:30');
    });

    it('a disconnected channel, or one without messaging permission, carries no DM', async () => {
      await ok('POST', '/_sandbox/channels/instagram', { connected: false }, 200);
      expect((await call('POST', '/messages', { idempotency_key: 'j2-412', conversation_id: IG_OPEN, message_text: 'hi' })).status).toBe(412);
      await bookWithoutDm(IG_OPEN, '10:00');
      await ok('POST', '/_sandbox/channels/instagram', { connected: true, messaging_permitted: false }, 200);
      expect((await call('POST', '/messages', { idempotency_key: 'j2-403', conversation_id: IG_OPEN, message_text: 'hi' })).status).toBe(403);
      const lines = await transcript(IG_OPEN);
      await book(IG_OPEN, '11:30');
      expect(await transcript(IG_OPEN)).toEqual(lines);
    });

    it('send_confirmation false still silences the DM on a thread that could be messaged', async () => {
      const lines = await transcript(IG_OPEN);
      await ok('POST', '/appointments', { date: '2026-12-02', time: '10:00', conversation_id: IG_OPEN, customer: CUSTOMER, send_confirmation: false }, 201);
      expect(await transcript(IG_OPEN)).toEqual(lines);
    });
  },
  { clock: { frozenAt: NOW } },
);
