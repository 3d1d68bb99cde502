/**
 * What an appointment answers where it has nothing to say (2.8, 4.6). A walk-in (booked without
 * `conversation_id`, 4.6 "a walk-in with no DM") has no conversation, so `conversation_id`,
 * `contact_id` and `channel` are null, and stay null even when a contact has the customer's phone
 * or email (a walk-in is never matched to a contact). `notes` is a string (2.8; where the spec
 * means null it says "or null"): "" when there are none, on every answer and webhook payload.
 * The served OpenAPI says the same. Audit 7, M2; docs/decisions.md "Appointments come back whole
 * (audit 7, M2, M5)". Both runtimes.
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
      expect(booked).toMatchObject({ ...WALK_IN, customer, notes: '', service_type: null, cost: null });
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

    it('every listed appointment, seeded walk-ins included, answers notes as a string', async () => {
      const listed = rows(await call('GET', '/appointments', undefined, { limit: '100' }));
      const walkIns = listed.filter((row) => row['conversation_id'] === null);
      expect(walkIns.length).toBeGreaterThan(0);
      for (const row of walkIns) expect(row).toMatchObject({ ...WALK_IN });
      for (const row of listed) expect(typeof row['notes'], JSON.stringify(row)).toBe('string');
      expect(listed.some((row) => row['notes'] === '')).toBe(true);
    });

    it('the served OpenAPI: notes a plain string; conversation_id, contact_id and channel nullable, saying why', async () => {
      const doc = (await api().call({ path: '/api/v1/openapi.json' })).body as { components: { schemas: { Appointment: { properties: Record<string, Json> } } } };
      const fields = doc.components.schemas.Appointment.properties;
      expect(fields['notes']).toMatchObject({ type: 'string' });
      for (const name of ['conversation_id', 'contact_id', 'channel']) {
        expect(fields[name]!['anyOf'], name).toContainEqual({ type: 'null' });
        expect(String(fields[name]!['description']), name).toContain('walk-in');
      }
    });
  },
  { clock: { frozenAt: NOW } },
);
