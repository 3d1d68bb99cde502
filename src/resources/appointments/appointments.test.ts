/** Appointments and availability (2.8, 2.9, 3.2, 4.6) through the public surface. */
import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';

// Wednesday 2026-11-18, 09:00 in New York (account 1's zone).
const NOW = '2026-11-18T14:00:00Z';
const HOURS = [
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, closed: false, open: '09:00', close: '17:00' })),
  { day: 'saturday', closed: true, open: null, close: null },
  { day: 'sunday', closed: true, open: null, close: null },
] as const;
const TIMING = { buffer_minutes: 15, minimum_notice_minutes: 120, max_advance_days: 60, reminder_hours: 24 };
const CUSTOMER = { name: 'Ada Test', email: 'ada@mail.test', phone: '+15550001111' };

type Json = Record<string, unknown> & { data: Record<string, unknown> & { slots: { time: string }[] } };

function setup(frozenAt = NOW, hours: readonly unknown[] = HOURS) {
  const t = testSimulator({ clock: { frozenAt } });
  const account = t.accounts[0]!;
  t.sim.sandbox.setAiBooking(account.id, { business_hours: hours as never, timing: TIMING });
  const key = t.keys.full;
  const availability = async (date: string, extra: Record<string, string> = {}) =>
    (await t.sim.request({ path: '/appointments/availability', key, query: { date, ...extra } })).body as Json;
  const book = (body: Record<string, unknown>) => t.sim.request({ method: 'POST', path: '/appointments', key, body: { customer: CUSTOMER, ...body } });
  const call = (method: string, path: string, body?: unknown) => t.sim.request({ method, path, key, body });
  return { ...t, account, key, availability, book, call };
}

const times = (body: Json) => body.data.slots.map((slot) => slot.time);

describe('availability (2.9, 4.6)', () => {
  it('offers business hours stepped by duration plus buffer, in the account zone', async () => {
    const { availability } = setup();
    const body = await availability('2026-11-19');
    expect(body.data).toMatchObject({ date: '2026-11-19', timezone: 'America/New_York', service_type: '', duration_minutes: 30 });
    expect(times(body)).toEqual(['09:00', '09:45', '10:30', '11:15', '12:00', '12:45', '13:30', '14:15', '15:00', '15:45', '16:30']);
    expect(body.data.slots[0]).toEqual({ time: '09:00', label: '9:00 AM' });
  });

  it('never offers a slot sooner than the minimum notice nor beyond the maximum advance', async () => {
    const { availability } = setup();
    // Now is 09:00; two hours of notice leave 11:15 as the first slot of today.
    expect(times(await availability('2026-11-18'))[0]).toBe('11:15');
    expect(times(await availability('2026-11-17'))).toEqual([]);
    expect(times(await availability('2027-01-18')).length).toBe(0); // 61 days ahead
    expect(times(await availability('2027-01-15')).length).toBeGreaterThan(0);
  });

  it('is empty on a closed day; a known service sets the duration, an unknown one means 30 minutes', async () => {
    const { availability, call } = setup();
    expect(times(await availability('2026-11-21'))).toEqual([]); // Saturday
    await call('POST', '/knowledge/services', { name: 'Boot Fitting', price: 40, duration_minutes: 60 });
    const fitting = await availability('2026-11-19', { service_type: 'boot fitting' });
    expect(fitting.data.duration_minutes).toBe(60);
    expect(times(fitting)).toEqual(['09:00', '10:15', '11:30', '12:45', '14:00', '15:15']);
    expect((await availability('2026-11-19', { service_type: 'Nothing Like It' })).data.duration_minutes).toBe(30);
  });

  it('refuses malformed and impossible dates naming date', async () => {
    const { sim, key } = setup();
    for (const date of ['2026-02-30', '2026-13-01', '19-11-2026', '', 'tomorrow']) {
      const res = await sim.request({ path: '/appointments/availability', key, query: { date } });
      expect(res.status, date).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_param', param: 'date' } });
    }
    const missing = await sim.request({ path: '/appointments/availability', key });
    expect(missing.body).toMatchObject({ error: { code: 'invalid_param', param: 'date' } });
  });
});

describe('booking (3.2, 4.6)', () => {
  it('books an offered slot: 201 confirmed, UTC datetime, unique code, event; the slot is then gone', async () => {
    const { sim, account, availability, book } = setup();
    const res = await book({ date: '2026-11-19', time: '10:30', service_type: 'Fitting', cost: 12.5, notes: 'Left boot' });
    expect(res.status).toBe(201);
    const data = (res.body as Json).data;
    expect(data).toMatchObject({
      status: 'confirmed',
      datetime: '2026-11-19T15:30:00+00:00',
      timezone: 'America/New_York',
      duration_minutes: 30,
      cost: '12.50',
      conversation_id: null,
      contact_id: null,
      channel: null,
      reminder_sent: false,
      customer: { name: 'Ada Test', email: 'ada@mail.test', phone: '+15550001111', address: null },
      created_at: '2026-11-18T14:00:00+00:00',
    });
    expect(typeof data.confirmation_code).toBe('string');
    expect(times(await availability('2026-11-19'))).not.toContain('10:30');
    const second = await book({ date: '2026-11-19', time: '10:30' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { code: 'slot_unavailable' } });
    // The buffer holds too: 10:45 would start inside 10:30 + 30 min + 15 min.
    expect((await book({ date: '2026-11-19', time: '10:45' })).status).toBe(409);
    expect((await book({ date: '2026-11-19', time: '11:15' })).status).toBe(201);
    const codes = new Set(sim.sandbox.events(account.id, { type: 'appointment.booked' }).map((e) => (e.data as { appointment: { confirmation_code: string } }).appointment.confirmation_code));
    expect(codes.size).toBe(2);
  });

  it('refuses out-of-hours (409), within the notice (409), beyond the advance (409) and past times (400)', async () => {
    const { book } = setup();
    expect((await book({ date: '2026-11-19', time: '08:00' })).body).toMatchObject({ error: { code: 'slot_unavailable' } });
    expect((await book({ date: '2026-11-19', time: '16:45' })).body).toMatchObject({ error: { code: 'slot_unavailable' } }); // ends 17:15
    expect((await book({ date: '2026-11-21', time: '10:00' })).body).toMatchObject({ error: { code: 'slot_unavailable' } }); // Saturday
    expect((await book({ date: '2026-11-18', time: '10:00' })).body).toMatchObject({ error: { code: 'slot_unavailable' } }); // 1h notice
    expect((await book({ date: '2027-02-01', time: '10:00' })).body).toMatchObject({ error: { code: 'slot_unavailable' } });
    const past = await book({ date: '2026-11-17', time: '10:00' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: { code: 'invalid_param', param: 'time' } });
  });

  it('takes date and time in the given zone and stores UTC', async () => {
    const { book } = setup();
    // 16:00 in Berlin on 19 November is 10:00 in New York.
    const res = await book({ date: '2026-11-19', time: '16:00', timezone: 'Europe/Berlin' });
    expect(res.status).toBe(201);
    expect((res.body as Json).data).toMatchObject({ datetime: '2026-11-19T15:00:00+00:00', timezone: 'Europe/Berlin' });
  });

  it('422 missing_fields lists every missing required field', async () => {
    const { call, sim, key } = setup();
    await call('PATCH', '/ai/config', { booking: { google_meet_invites: false, required_fields: { email: true, phone: true, address: true, vehicle: true, cost: true, address_parts: { city: true } } } });
    const res = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '10:30', customer: {} } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: { code: 'missing_fields', missing_fields: ['customer.name', 'customer.email', 'customer.phone', 'customer.address', 'location.city', 'vehicle_info', 'cost'] },
    });
    // No customer at all lacks the same fields: 422 missing_fields, not a 400 (audit 12h H2).
    const noCustomer = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '10:30' } });
    expect(noCustomer.status).toBe(422);
    expect(noCustomer.body).toMatchObject({ error: { code: 'missing_fields', param: 'customer.name', missing_fields: ['customer.name', 'customer.email', 'customer.phone', 'customer.address', 'location.city', 'vehicle_info', 'cost'] } });
    // A malformed value is answered before missing fields: 30 February is not a date (audit 12h H5).
    const noDay = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-02-30', time: '10:30', customer: {} } });
    expect(noDay.body).toMatchObject({ error: { code: 'invalid_param', param: 'date' } });
    // A customer that is not an object is a malformed field, not a missing one.
    const notObject = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '10:30', customer: 'Ann' } });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toMatchObject({ error: { code: 'invalid_param', param: 'customer' } });
    await call('PATCH', '/ai/config', { booking: { required_fields: { email: false, phone: false, address: false, vehicle: false, cost: false, address_parts: { city: false } } } });
    const nameOnly = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '10:30', customer: { name: 'Only Name' } } });
    expect(nameOnly.status).toBe(201);
  });

  it('a PATCH may not blank a required field: the name always, the rest per required_fields (422 missing_fields)', async () => {
    const { book, call } = setup();
    const id = ((await book({ date: '2026-11-19', time: '10:30' })).body as Json).data.id as number;
    for (const name of [null, '', '   ']) {
      const res = await call('PATCH', `/appointments/${id}`, { customer: { name } });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body).toMatchObject({ error: { code: 'missing_fields', param: 'customer.name', missing_fields: ['customer.name'] } });
    }
    // Not required: the email may be cleared (meeting invites force it, so they go off first).
    const optional = await call('PATCH', '/ai/config', { booking: { google_meet_invites: false, required_fields: { email: false } } });
    expect(optional.status, JSON.stringify(optional.body)).toBe(200);
    expect((await call('PATCH', `/appointments/${id}`, { customer: { email: null } })).status).toBe(200);
    // Required: it may not be blanked, and nothing of that PATCH is applied.
    await call('PATCH', '/ai/config', { booking: { required_fields: { phone: true } } });
    const cleared = await call('PATCH', `/appointments/${id}`, { notes: 'keep out', customer: { phone: null } });
    expect(cleared.body).toMatchObject({ error: { code: 'missing_fields', param: 'customer.phone' } });
    const after = ((await call('GET', `/appointments/${id}`)).body as Json).data;
    expect(after).toMatchObject({ customer: { name: 'Ada Test', email: null, phone: '+15550001111' } });
    expect(after.notes).not.toBe('keep out');
    // A field the booking lacks and the PATCH does not send is left alone.
    await call('PATCH', '/ai/config', { booking: { required_fields: { email: true } } });
    const renamed = await call('PATCH', `/appointments/${id}`, { customer: { name: 'Ada Renamed' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((renamed.body as Json).data.customer).toMatchObject({ name: 'Ada Renamed', email: null });
  });

  it('a blank customer email or phone is a field left empty, not a malformed one: 422 missing_fields when required, stored null when not (audit 9d, D2)', async () => {
    const { book, call, sim, key } = setup();
    await call('PATCH', '/ai/config', { booking: { google_meet_invites: false, required_fields: { email: true, phone: true } } });
    for (const blank of ['', '   ']) {
      const created = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '10:30', customer: { name: 'Blank Test', email: blank, phone: blank } } });
      expect(created.status, JSON.stringify(blank)).toBe(422);
      expect(created.body).toMatchObject({ error: { code: 'missing_fields', param: 'customer.email', missing_fields: ['customer.email', 'customer.phone'] } });
    }
    const id = ((await book({ date: '2026-11-19', time: '10:30' })).body as Json).data.id as number;
    const patched = await call('PATCH', `/appointments/${id}`, { customer: { phone: ' ' } });
    expect(patched.body).toMatchObject({ error: { code: 'missing_fields', param: 'customer.phone', missing_fields: ['customer.phone'] } });
    // Not required: a blank one is stored as no value, on create and on PATCH, as a blank address is.
    await call('PATCH', '/ai/config', { booking: { required_fields: { email: false, phone: false } } });
    const optional = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '11:30', customer: { name: 'Blank Test', email: '', phone: '  ' } } });
    expect(optional.status, JSON.stringify(optional.body)).toBe(201);
    expect((optional.body as Json).data.customer).toMatchObject({ email: null, phone: null });
    const cleared = await call('PATCH', `/appointments/${id}`, { customer: { email: '  ', address: '' } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((cleared.body as Json).data.customer).toMatchObject({ name: 'Ada Test', email: null, phone: '+15550001111', address: null });
    // A malformed one is still 400 naming it.
    const malformed = await sim.request({ method: 'POST', path: '/appointments', key, body: { date: '2026-11-19', time: '12:30', customer: { name: 'Bad', email: 'not-an-email' } } });
    expect(malformed.body).toMatchObject({ error: { code: 'invalid_param', param: 'customer.email' } });
  });

  it('refuses bad input with a 4xx naming the param, never a 5xx', async () => {
    const { book } = setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ date: '2026-11-19', time: '24:00' }, 'time'],
      [{ date: '2026-02-30', time: '10:00' }, 'date'],
      [{ date: '2026-11-19', time: '9:00' }, 'time'],
      [{ date: '2026-11-19', time: '10:00', timezone: 'Mars/Olympus' }, 'timezone'],
      [{ date: '2026-11-19', time: '10:00', duration_minutes: -30 }, 'duration_minutes'],
      [{ date: '2026-11-19', time: '10:00', cost: '12.345' }, 'cost'],
      [{ date: '2026-11-19', time: '10:00', cost: 12.345 }, 'cost'],
      [{ date: '2026-11-19', time: '10:00', conversation_id: 999999 }, 'conversation_id'],
    ];
    for (const [body, param] of cases) {
      const res = await book(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: { param: string } }).error.param, JSON.stringify(body)).toBe(param);
    }
  });

  it('from a conversation: links the contact and channel, and DMs a confirmation unless told not to', async () => {
    // Conversation 9's customer wrote 30 minutes ago, so a message may reach them (booking-dm-rules.test.ts has the refusals).
    const { book, call } = setup();
    const conversation = ((await call('GET', '/conversations/9')).body as Json).data;
    const before = ((await call('GET', '/conversations/9/messages')).body as { data: unknown[] }).data.length;
    const res = await book({ date: '2026-11-19', time: '09:00', conversation_id: 9 });
    expect((res.body as Json).data).toMatchObject({ conversation_id: 9, contact_id: conversation.contact_id, channel: conversation.channel });
    const messages = ((await call('GET', '/conversations/9/messages')).body as { data: { text: string }[] }).data;
    expect(messages.length).toBe(before + 1);
    expect(messages[0]!.text).toContain((res.body as Json).data.confirmation_code as string);
    await book({ date: '2026-11-19', time: '09:45', conversation_id: 9, send_confirmation: false });
    expect(((await call('GET', '/conversations/9/messages')).body as { data: unknown[] }).data.length).toBe(before + 1);
  });
});

describe('the 3.2 state machine', () => {
  it('cancel: cancelled, event, slot freed; again gives 409 already_cancelled', async () => {
    const { book, call, sim, account, availability } = setup();
    const id = ((await book({ date: '2026-11-19', time: '10:30' })).body as Json).data.id as number;
    const res = await call('POST', `/appointments/${id}/cancel`, {});
    expect(res.status).toBe(200);
    expect((res.body as Json).data.status).toBe('cancelled');
    expect(sim.sandbox.events(account.id, { type: 'appointment.cancelled' })).toHaveLength(1);
    expect(times(await availability('2026-11-19'))).toContain('10:30');
    expect((await call('POST', `/appointments/${id}/cancel`, {})).body).toMatchObject({ error: { code: 'already_cancelled' } });
  });

  it('PATCH sets any of the five statuses; cancelled fires the event; no date accepted', async () => {
    const { book, call, sim, account } = setup();
    const id = ((await book({ date: '2026-11-19', time: '10:30' })).body as Json).data.id as number;
    for (const status of ['pending', 'completed', 'no_show', 'confirmed']) {
      const res = await call('PATCH', `/appointments/${id}`, { status });
      expect((res.body as Json).data.status, status).toBe(status);
    }
    expect(sim.sandbox.events(account.id, { type: 'appointment.cancelled' })).toHaveLength(0);
    expect(((await call('PATCH', `/appointments/${id}`, { status: 'cancelled' })).body as Json).data.status).toBe('cancelled');
    expect(sim.sandbox.events(account.id, { type: 'appointment.cancelled' })).toHaveLength(1);
    const dated = await call('PATCH', `/appointments/${id}`, { date: '2026-11-20' });
    expect(dated.status).toBe(400);
    const edited = await call('PATCH', `/appointments/${id}`, { notes: 'Bring socks', cost: '9.5', location: { city: 'Queens' } });
    expect((edited.body as Json).data).toMatchObject({ notes: 'Bring socks', cost: '9.50', location: { city: 'Queens', state: null } });
  });

  it('reschedule keeps the status, moves the time in the appointment zone, fires the event and DMs', async () => {
    const { book, call, sim, account } = setup();
    const id = ((await book({ date: '2026-11-19', time: '16:00', timezone: 'Europe/Berlin', conversation_id: 9 })).body as Json).data.id as number;
    await call('PATCH', `/appointments/${id}`, { status: 'pending' });
    const res = await call('POST', `/appointments/${id}/reschedule`, { date: '2026-11-20', time: '17:00' });
    expect(res.status).toBe(200);
    expect((res.body as Json).data).toMatchObject({ status: 'pending', datetime: '2026-11-20T16:00:00+00:00', timezone: 'Europe/Berlin' });
    expect(sim.sandbox.events(account.id, { type: 'appointment.rescheduled' })).toHaveLength(1);
    const messages = ((await call('GET', '/conversations/9/messages')).body as { data: { text: string }[] }).data;
    expect(messages[0]!.text).toMatch(/moved/);
    const other = ((await book({ date: '2026-11-19', time: '13:30' })).body as Json).data.id as number;
    expect((await call('POST', `/appointments/${other}/reschedule`, { date: '2026-11-20', time: '11:00' })).body).toMatchObject({ error: { code: 'slot_unavailable' } });
    for (const status of ['cancelled', 'completed', 'no_show']) {
      await call('PATCH', `/appointments/${other}`, { status });
      const refused = await call('POST', `/appointments/${other}/reschedule`, { date: '2026-11-24', time: '10:30' });
      expect(refused.body, status).toMatchObject({ error: { code: 'not_active' } });
    }
  });
});

describe('PATCH is never refused for overlapping (3.2 "any of the five values"; 4.6 lists no error; audit 12a, A2)', () => {
  const idOf = (res: { body: unknown }) => (res.body as Json).data.id as number;

  it('a cancelled, completed or no-show appointment whose time was booked again comes back pending or confirmed; both then block the time', async () => {
    const { book, call, availability } = setup();
    const cases = [
      ['cancelled', 'confirmed', '10:30'],
      ['completed', 'pending', '12:00'],
      ['no_show', 'confirmed', '13:30'],
    ] as const;
    for (const [from, to, time] of cases) {
      const first = idOf(await book({ date: '2026-11-19', time }));
      expect((await call('PATCH', `/appointments/${first}`, { status: from })).status, from).toBe(200);
      const second = await book({ date: '2026-11-19', time });
      expect(second.status, `${from}: the freed slot books again`).toBe(201);
      const revived = await call('PATCH', `/appointments/${first}`, { status: to });
      expect(revived.status, `${from} -> ${to}: ${JSON.stringify(revived.body)}`).toBe(200);
      expect((revived.body as Json).data).toMatchObject({ status: to });
      expect(times(await availability('2026-11-19')), time).not.toContain(time);
      // The re-booking goes; the revived appointment still holds the time.
      await call('POST', `/appointments/${idOf(second)}/cancel`, {});
      expect(times(await availability('2026-11-19')), time).not.toContain(time);
    }
  });

  it('a longer duration_minutes that runs into the next booking is saved; the time it now covers is busy; a reschedule into it is still 409', async () => {
    const { book, call, availability } = setup();
    const early = idOf(await book({ date: '2026-11-19', time: '14:15' }));
    const next = idOf(await book({ date: '2026-11-19', time: '15:00' }));
    const longer = await call('PATCH', `/appointments/${early}`, { duration_minutes: 90 });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect((longer.body as Json).data).toMatchObject({ duration_minutes: 90, status: 'confirmed' });
    await call('POST', `/appointments/${next}/cancel`, {});
    // 14:15 for 90 minutes plus the 15-minute buffer holds the afternoon until 16:00.
    expect(times(await availability('2026-11-19'))).toEqual(expect.not.arrayContaining(['14:15', '15:00', '15:45']));
    const mover = idOf(await book({ date: '2026-11-20', time: '10:30' }));
    const moved = await call('POST', `/appointments/${mover}/reschedule`, { date: '2026-11-19', time: '15:00' });
    expect(moved.body).toMatchObject({ error: { code: 'slot_unavailable' } });
    // POST still refuses the covered time.
    expect((await book({ date: '2026-11-19', time: '15:00' })).body).toMatchObject({ error: { code: 'slot_unavailable' } });
  });
});

describe('list, get and reminders', () => {
  it('lists newest first, filters by status (free text) and conversation; unknown or unowned ids are 404', async () => {
    const { book, call, accounts, sim } = setup();
    const a = ((await book({ date: '2026-11-19', time: '09:00', conversation_id: 1 })).body as Json).data.id as number;
    const b = ((await book({ date: '2026-11-19', time: '09:45' })).body as Json).data.id as number;
    const all = (await call('GET', '/appointments')).body as { data: { id: number }[] };
    expect(all.data.slice(0, 2).map((x) => x.id)).toEqual([b, a]);
    expect(((await call('GET', '/appointments?status=no_such')).body as { data: unknown[] }).data).toEqual([]);
    // Free text of any length: still just an empty list, not a 400 (audit 13a, A2).
    const long = await call('GET', `/appointments?status=${'x'.repeat(500)}`);
    expect([long.status, (long.body as { data: unknown[] }).data]).toEqual([200, []]);
    const res = await sim.request({ path: '/appointments', key: accounts[0]!.keys.full, query: { status: 'confirmed', conversation_id: '1' } });
    expect((res.body as { data: { id: number }[] }).data.map((x) => x.id)).toContain(a);
    expect((res.body as { data: { id: number }[] }).data.map((x) => x.id)).not.toContain(b);
    expect((await call('GET', `/appointments/${a}`)).status).toBe(200);
    expect((await sim.request({ path: `/appointments/${a}`, key: accounts[1]!.keys.full })).status).toBe(404);
    expect((await call('GET', '/appointments/99999999')).status).toBe(404);
  });

  it('reminder_sent turns true at the reminder lead time on the virtual clock', async () => {
    const { book, call, sim } = setup();
    const id = ((await book({ date: '2026-11-20', time: '10:30' })).body as Json).data.id as number;
    sim.sandbox.clock.advance('24h'); // 20 Nov 09:00: 25.5 hours ahead
    expect(((await call('GET', `/appointments/${id}`)).body as Json).data.reminder_sent).toBe(false);
    sim.sandbox.clock.advance('2h');
    expect(((await call('GET', `/appointments/${id}`)).body as Json).data.reminder_sent).toBe(true);
  });
});

describe('calendar sync (sandbox)', () => {
  it('connected: bookings get an event id, and a meeting link with meeting invites on; a refusal is reported as sync_warning, saved anyway', async () => {
    const { book, call, sim, account } = setup();
    sim.sandbox.setAppointmentCalendar(account.id, { connected: false });
    const plain = ((await book({ date: '2026-11-19', time: '09:00' })).body as Json).data;
    expect(plain).toMatchObject({ meeting_link: null, google_event_id: null });
    sim.sandbox.setAppointmentCalendar(account.id, { connected: true, provider: 'google' });
    // Disconnecting turned meeting invites off: the event is synced, with no video link.
    const noInvites = ((await book({ date: '2026-11-19', time: '10:30' })).body as Json).data;
    expect(noInvites.meeting_link).toBeNull();
    expect(typeof noInvites.google_event_id).toBe('string');
    const invites = await call('PATCH', '/ai/config', { booking: { google_meet_invites: true } });
    expect(invites.status, JSON.stringify(invites.body)).toBe(200);
    const synced = ((await book({ date: '2026-11-19', time: '09:45' })).body as Json).data;
    expect(synced.meeting_link).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(typeof synced.google_event_id).toBe('string');
    sim.sandbox.setAppointmentCalendar(account.id, { refuse_edits: true });
    const refused = await call('PATCH', `/appointments/${synced.id}`, { notes: 'changed' });
    expect((refused.body as Json).data).toMatchObject({ notes: 'changed', sync_warning: true });
    expect(((await call('GET', `/appointments/${synced.id}`)).body as Json).data.notes).toBe('changed');
    sim.sandbox.setAppointmentCalendar(account.id, { refuse_edits: false });
    const cancelled = ((await call('POST', `/appointments/${synced.id}/cancel`, {})).body as Json).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', google_event_id: null, meeting_link: null });
    expect(cancelled.sync_warning).toBeUndefined();
  });
});

describe('daylight-saving changes (America/New_York)', () => {
  const NIGHT = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, closed: false, open: '00:00', close: '06:00' }));

  it('a spring-forward day skips 02:xx: never offered, a booking there is 400, 03:00 is EDT', async () => {
    const { availability, book } = setup('2027-03-10T12:00:00Z', NIGHT);
    // 2027-03-14: clocks jump from 02:00 to 03:00.
    expect(times(await availability('2027-03-14'))).toEqual(['00:00', '00:45', '01:30', '03:00', '03:45', '04:30', '05:15']);
    const skipped = await book({ date: '2027-03-14', time: '02:15' });
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({ error: { param: 'time' } });
    expect(((await book({ date: '2027-03-14', time: '03:00' })).body as Json).data.datetime).toBe('2027-03-14T07:00:00+00:00');
    expect(((await book({ date: '2027-03-14', time: '00:00' })).body as Json).data.datetime).toBe('2027-03-14T05:00:00+00:00');
  });

  it('a fall-back day repeats 01:xx: the first occurrence is meant', async () => {
    const { availability, book } = setup('2027-11-03T12:00:00Z', NIGHT);
    // 2027-11-07: clocks go back from 02:00 to 01:00.
    expect(times(await availability('2027-11-07'))).toEqual(['00:00', '00:45', '01:30', '02:15', '03:00', '03:45', '04:30', '05:15']);
    expect(((await book({ date: '2027-11-07', time: '01:30' })).body as Json).data.datetime).toBe('2027-11-07T05:30:00+00:00');
    expect(((await book({ date: '2027-11-07', time: '02:15' })).body as Json).data.datetime).toBe('2027-11-07T07:15:00+00:00');
  });
});

describe('erasure cascades (4.2, 4.4)', () => {
  it('deleting a conversation removes its appointments and counts them; deleting a contact removes theirs', async () => {
    const { book, call } = setup();
    const a = ((await book({ date: '2026-11-19', time: '09:00', conversation_id: 1 })).body as Json).data;
    const deleted = await call('DELETE', '/conversations/1');
    expect((deleted.body as Json).data).toMatchObject({ removed: { appointments: expect.any(Number) } });
    expect(((deleted.body as Json).data.removed as { appointments: number }).appointments).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/appointments/${a.id}`)).status).toBe(404);
    const conversation = ((await call('GET', '/conversations/2')).body as Json).data;
    const b = ((await book({ date: '2026-11-19', time: '09:45', conversation_id: 2 })).body as Json).data;
    expect((await call('DELETE', `/contacts/${conversation.contact_id}`)).status).toBe(200);
    expect((await call('GET', `/appointments/${b.id}`)).status).toBe(404);
  });
});
