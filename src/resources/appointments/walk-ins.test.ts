/**
 * What an appointment answers where it has nothing to say (2.8, 4.6). A walk-in (booked without
 * `conversation_id`, 4.6 "a walk-in with no DM") has no conversation, so `conversation_id`,
 * `contact_id` and `channel` are null, and stay null even when a contact has the customer's phone
 * or email (a walk-in is never matched to a contact). `notes` is a string (2.8; where the spec
 * means null it says "or null"): "" when there are none, on every answer and webhook payload.
 * So are `service_type` ("" when none was named) and `cost` ("0.00" when none was given; 2.8
 * types it a two-decimal string), audit 12a A1. The served OpenAPI says the same. Audit 7, M2;
 * docs/decisions.md "Appointments come back whole (audit 7, M2, M5)" and "Appointments read as
 * 2.8 types them (audit 12a A1, A2)". Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from '../../../test/support/runtimes.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const rows = (res: { body: unknown }) => (res.body as { data: Json[] }).data;

// Tuesday 10:00 in New York (account 1, open 10:00-19:00 weekdays).
const NOW = '2026-11-24T15:00:00Z';
const WALK_IN = { conversation_id: null, contact_id: null, channel: null };
const CONTACT_DETAILS = { email: 'walk@mail.test', phone: '+15550004444' };
/** What an appointment booked with no service, cost or notes answers for them (2.8's types). */
const NONE_GIVEN = { service_type: '', cost: '0.00', notes: '' };
const TWO_DECIMALS = /^\d+\.\d{2}$/;

describeRuntimes(
  'walk-in appointments and empty notes',
  (api) => {
    const key = () => api().keys.full!;
    const call = (method: string, path: string, body?: unknown, query?: Record<string, string>) =>
      api().call({ method, path, key: key(), ...(body === undefined ? {} : { body }), ...(query ? { query } : {}) });
    const ok = async (method: string, path: string, body: unknown, status = 200) => {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
      return data(res);
    };

    it('a walk-in has null conversation, contact and channel, even when a contact has its phone and email', async () => {
      const contacts = rows(await call('GET', '/contacts', undefined, { limit: '100' }));
      const known = contacts.find((contact) => typeof contact['phone'] === 'string' && typeof contact['email'] === 'string');
      expect(known, 'the seed has a contact with a phone and an email').toBeDefined();
      const customer = { name: 'Known Walker', phone: known!['phone'], email: known!['email'] };
      const booked = await ok('POST', '/appointments', { date: '2026-12-02', time: '13:00', customer }, 201);
      expect(booked).toMatchObject({ ...WALK_IN, customer, ...NONE_GIVEN });
      expect(data(await call('GET', `/appointments/${booked['id']}`))).toMatchObject({ ...WALK_IN, notes: '' });
      const event = api().sim.sandbox.events(api().accounts[0]!.id, { type: 'appointment.booked' }).at(-1)!;
      expect((event.data as { appointment: Json }).appointment).toMatchObject({ id: booked['id'], ...WALK_IN, notes: '' });
    });

    it('a booking from a conversation links its contact and channel; notes are "" there too', async () => {
      const conversation = rows(await call('GET', '/conversations', undefined, { limit: '1' }))[0]!;
      const booked = await ok('POST', '/appointments', { date: '2026-12-02', time: '14:00', conversation_id: conversation['id'], customer: { name: 'Thread Booker', ...CONTACT_DETAILS } }, 201);
      expect(booked).toMatchObject({ conversation_id: conversation['id'], contact_id: conversation['contact_id'], channel: conversation['channel'], notes: '' });
    });

    it('notes are kept as given; a PATCH with null or "" clears them to ""', async () => {
      const booked = await ok('POST', '/appointments', { date: '2026-12-02', time: '15:00', customer: { name: 'Note Taker', ...CONTACT_DETAILS }, notes: 'Side door' }, 201);
      expect(booked['notes']).toBe('Side door');
      expect(await ok('PATCH', `/appointments/${booked['id']}`, { notes: null })).toMatchObject({ notes: '' });
      expect(await ok('PATCH', `/appointments/${booked['id']}`, { notes: 'Back' })).toMatchObject({ notes: 'Back' });
      expect(await ok('PATCH', `/appointments/${booked['id']}`, { notes: '' })).toMatchObject({ notes: '' });
    });

    it('every listed appointment, seeded walk-ins included, answers notes and service_type as strings and cost with two decimals', async () => {
      const listed = rows(await call('GET', '/appointments', undefined, { limit: '100' }));
      const walkIns = listed.filter((row) => row['conversation_id'] === null);
      expect(walkIns.length).toBeGreaterThan(0);
      for (const row of walkIns) expect(row).toMatchObject({ ...WALK_IN });
      for (const row of listed) {
        expect(typeof row['notes'], JSON.stringify(row)).toBe('string');
        expect(typeof row['service_type'], JSON.stringify(row)).toBe('string');
        expect(row['cost'], JSON.stringify(row)).toMatch(TWO_DECIMALS);
      }
      expect(listed.some((row) => row['notes'] === '')).toBe(true);
      // The seed books some without a service or a cost (audit 12a found them answering null).
      expect(listed.some((row) => row['service_type'] === '')).toBe(true);
      expect(listed.some((row) => row['cost'] === '0.00')).toBe(true);
    });

    it('no service or cost given: "" and "0.00" on GET, list, PATCH, cancel and reschedule, and in every appointment event', async () => {
      const booked = await ok('POST', '/appointments', { date: '2026-12-02', time: '16:00', customer: { name: 'Plain Walker', ...CONTACT_DETAILS } }, 201);
      const id = booked['id'];
      expect(booked).toMatchObject(NONE_GIVEN);
      expect(data(await call('GET', `/appointments/${id}`))).toMatchObject(NONE_GIVEN);
      expect(rows(await call('GET', '/appointments', undefined, { limit: '100' })).find((row) => row['id'] === id)).toMatchObject(NONE_GIVEN);
      expect(await ok('PATCH', `/appointments/${id}`, { vehicle_info: 'Bike' })).toMatchObject(NONE_GIVEN);
      expect(await ok('POST', `/appointments/${id}/reschedule`, { date: '2026-12-03', time: '16:00' })).toMatchObject(NONE_GIVEN);
      expect(await ok('POST', `/appointments/${id}/cancel`, {})).toMatchObject({ status: 'cancelled', ...NONE_GIVEN });
      const accountId = api().accounts[0]!.id;
      for (const type of ['appointment.booked', 'appointment.rescheduled', 'appointment.cancelled']) {
        const event = api().sim.sandbox.events(accountId, { type }).at(-1)!;
        expect((event.data as { appointment: Json }).appointment, type).toMatchObject({ id, ...NONE_GIVEN });
      }
    });

    it('service_type and cost are kept as given; a PATCH with null or "" clears the service to "", with null the cost to "0.00"', async () => {
      const booked = await ok('POST', '/appointments', { date: '2026-12-02', time: '17:00', customer: { name: 'Paying Walker', ...CONTACT_DETAILS }, service_type: 'Tune-up', cost: 12.5 }, 201);
      const id = booked['id'];
      expect(booked).toMatchObject({ service_type: 'Tune-up', cost: '12.50' });
      expect(await ok('PATCH', `/appointments/${id}`, { service_type: null, cost: null })).toMatchObject({ service_type: '', cost: '0.00' });
      expect(await ok('PATCH', `/appointments/${id}`, { service_type: 'Repair', cost: '0' })).toMatchObject({ service_type: 'Repair', cost: '0.00' });
      expect(await ok('PATCH', `/appointments/${id}`, { service_type: '' })).toMatchObject({ service_type: '', cost: '0.00' });
      expect(await ok('POST', '/appointments', { date: '2026-12-02', time: '18:00', customer: { name: 'Blank Walker', ...CONTACT_DETAILS }, service_type: '' }, 201)).toMatchObject(NONE_GIVEN);
    });

    it('the served OpenAPI: notes, service_type and cost plain strings (cost two decimals); conversation_id, contact_id and channel nullable, saying why', async () => {
      const doc = (await api().call({ path: '/api/v1/openapi.json' })).body as { components: { schemas: { Appointment: { properties: Record<string, Json> } } } };
      const fields = doc.components.schemas.Appointment.properties;
      for (const name of ['notes', 'service_type', 'cost']) {
        expect(fields[name], name).toMatchObject({ type: 'string' });
        expect(fields[name]!['anyOf'], name).toBeUndefined();
      }
      expect(new RegExp(String(fields['cost']!['pattern'])).test('12.50')).toBe(true);
      expect(new RegExp(String(fields['cost']!['pattern'])).test('12.5')).toBe(false);
      for (const name of ['conversation_id', 'contact_id', 'channel']) {
        expect(fields[name]!['anyOf'], name).toContainEqual({ type: 'null' });
        expect(String(fields[name]!['description']), name).toContain('walk-in');
      }
    });
  },
  { clock: { frozenAt: NOW } },
);
