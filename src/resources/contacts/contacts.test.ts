/** POST /contacts (natural identity, partial update, tags, validation), GET and DELETE (4.2). */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';

const FROZEN = '2026-01-01T00:00:00+00:00';

/** The default accounts and keys only: no seeded contacts, tags, fields or conversations. */
function blankSeed() {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts };
}

function setup() {
  const t = testSimulator({ seed: blankSeed(), clock: { frozenAt: FROZEN } });
  const { sim, keys } = t;
  const post = (body: unknown, key = keys.full) => sim.request({ method: 'POST', path: '/contacts', key, body });
  return { ...t, post };
}

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string; message: string } }).error;

describe('POST /contacts: natural identity', () => {
  it('creates a new identity with 201 and the documented defaults', async () => {
    const { post } = setup();
    const res = await post({ channel: 'sms', platform_user_id: '+15551230001' });
    expect(res.status).toBe(201);
    expect(data(res)).toMatchObject({
      channel: 'sms',
      platform_user_id: '+15551230001',
      name: null,
      email: null,
      phone: null,
      stage: 'new',
      tags: [],
      custom_fields: {},
      lead_score: 0,
      notes: null,
      first_seen_at: FROZEN,
      first_user_message_at: null,
      last_seen_at: FROZEN,
      created_at: FROZEN,
      updated_at: FROZEN,
    });
  });

  it('answers 200 for a known identity and updates only the fields sent', async () => {
    const { post } = setup();
    const first = await post({ channel: 'telegram', platform_user_id: 'tg1', name: 'Ada', email: 'ada@example.com', notes: 'n' });
    const second = await post({ channel: 'telegram', platform_user_id: 'tg1', stage: 'qualified' });
    expect(second.status).toBe(200);
    expect(data(second)).toMatchObject({ id: data(first)['id'], name: 'Ada', email: 'ada@example.com', notes: 'n', stage: 'qualified' });
  });

  it('keys identity by channel and by account', async () => {
    const { post, accounts } = setup();
    const a = await post({ channel: 'facebook', platform_user_id: 'same' });
    const b = await post({ channel: 'instagram', platform_user_id: 'same' });
    const c = await post({ channel: 'facebook', platform_user_id: 'same' }, accounts[1]!.keys.full);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([data(a)['id'], data(b)['id'], data(c)['id']]).size).toBe(3);
  });

  it('adds tags without replacing, skips repeats, and creates missing tags with the default colour', async () => {
    const { sim, keys, post } = setup();
    await post({ channel: 'sms', platform_user_id: 'p1', tags: ['vip', 'b2b'] });
    const res = await post({ channel: 'sms', platform_user_id: 'p1', tags: ['b2b', 'new one', 'new one'] });
    expect(data(res)['tags']).toEqual(['vip', 'b2b', 'new one']);
    const tags = await sim.request({ path: '/tags', key: keys.full });
    const created = (tags.body as { data: Json[] }).data.find((tag) => tag['name'] === 'new one');
    expect(created).toMatchObject({ color: '#6B7280' });
    const none = await post({ channel: 'sms', platform_user_id: 'p1', tags: [] });
    expect(data(none)['tags']).toEqual(['vip', 'b2b', 'new one']);
  });

  it('replaces tags only when the replace_tags mutant is on', async () => {
    const { sim, post } = setup();
    await post({ channel: 'sms', platform_user_id: 'p1', tags: ['a', 'b'] });
    sim.sandbox.setMutants(['replace_tags']);
    const res = await post({ channel: 'sms', platform_user_id: 'p1', tags: ['c'] });
    expect(data(res)['tags']).toEqual(['c']);
    const untouched = await post({ channel: 'sms', platform_user_id: 'p1', name: 'x' });
    expect(data(untouched)['tags']).toEqual(['c']);
  });

  it('clears a field on update with "" or null, and "" resets stage to new', async () => {
    const { post } = setup();
    await post({ channel: 'sms', platform_user_id: 'p1', name: 'N', email: 'a@example.com', phone: '+123', notes: 'x', stage: 'lost' });
    const res = await post({ channel: 'sms', platform_user_id: 'p1', name: '', email: null, phone: '', notes: '', stage: '' });
    expect(data(res)).toMatchObject({ name: null, email: null, phone: null, notes: null, stage: 'new' });
  });
});

describe('POST /contacts: validation at each limit and one past it', () => {
  const base = { channel: 'whatsapp', platform_user_id: 'id-1' };
  const cases: [string, Json, boolean, string?][] = [
    ['platform_user_id of 1', { platform_user_id: 'x' }, true],
    ['platform_user_id of 255', { platform_user_id: 'x'.repeat(255) }, true],
    ['platform_user_id of 0', { platform_user_id: '' }, false, 'platform_user_id'],
    ['platform_user_id of 256', { platform_user_id: 'x'.repeat(256) }, false, 'platform_user_id'],
    ['name of 255', { name: 'n'.repeat(255) }, true],
    ['name of 256', { name: 'n'.repeat(256) }, false, 'name'],
    ['a valid email', { email: 'first.last+tag@mail.example.co.uk' }, true],
    ['an email without @', { email: 'not-an-email' }, false, 'email'],
    ['an email without a domain dot', { email: 'a@b' }, false, 'email'],
    ['phone of 3', { phone: '123' }, true],
    ['phone of 50', { phone: '1'.repeat(50) }, true],
    ['phone of 2', { phone: '12' }, false, 'phone'],
    ['phone of 51', { phone: '1'.repeat(51) }, false, 'phone'],
    ['phone with every allowed character', { phone: '+1(555).123-4567#x89' }, true],
    ['phone with a space', { phone: '+1 555 1234' }, false, 'phone'],
    ['phone with a letter other than x', { phone: '555-CALL' }, false, 'phone'],
    ['notes of 5000', { notes: 'n'.repeat(5000) }, true],
    ['notes of 5001', { notes: 'n'.repeat(5001) }, false, 'notes'],
    ['a tag name of 1', { tags: ['t'] }, true],
    ['a tag name of 50', { tags: ['t'.repeat(50)] }, true],
    ['a tag name of 0', { tags: [''] }, false, 'tags.0'],
    ['a tag name of 51', { tags: ['ok', 't'.repeat(51)] }, false, 'tags.1'],
    ['a blank tag name', { tags: ['   '] }, false, 'tags.0'],
    ['each stage', { stage: 'customer' }, true],
    ['an unknown stage', { stage: 'won' }, false, 'stage'],
    ['an unknown channel', { channel: 'email' }, false, 'channel'],
    ['no channel', { channel: undefined }, false, 'channel'],
    ['no platform_user_id', { platform_user_id: undefined }, false, 'platform_user_id'],
    ['a field the API does not take', { lead_score: 5 }, false, 'lead_score'],
    ['tags that are not an array', { tags: 'vip' }, false, 'tags'],
  ];
  for (const [label, patch, accepted, param] of cases) {
    it(`${accepted ? 'accepts' : 'refuses'} ${label}`, async () => {
      const { post, sim } = setup();
      const before = sim.snapshot().store.collections;
      const res = await post({ ...base, ...patch });
      if (accepted) {
        expect(res.status).toBe(201);
      } else {
        expect(res.status).toBe(400);
        expect(error(res)).toMatchObject({ code: 'invalid_param', param });
        expect(sim.snapshot().store.collections['contacts']).toEqual(before['contacts']);
        expect(sim.snapshot().store.collections['tags']).toEqual(before['tags']);
      }
    });
  }

  it('refuses malformed JSON with invalid_json', async () => {
    const { post } = setup();
    const res = await post('{"channel": "sms",');
    expect(res.status).toBe(400);
    expect(error(res).code).toBe('invalid_json');
  });
});

describe('POST /contacts: custom_fields', () => {
  async function withFields() {
    const t = setup();
    const { sim, keys } = t;
    for (const body of [
      { field_key: 'size', label: 'Size', type: 'number' },
      { field_key: 'plan', label: 'Plan' },
      { field_key: 'old', label: 'Old' },
    ]) {
      await sim.request({ method: 'POST', path: '/custom-fields', key: keys.full, body });
    }
    return t;
  }

  it('merges values into what is stored', async () => {
    const { post } = await withFields();
    await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { size: 42 } });
    const res = await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { plan: 'gold' } });
    expect(data(res)['custom_fields']).toEqual({ size: 42, plan: 'gold' });
  });

  it('refuses an undefined key, names it, and writes nothing (not even the new contact)', async () => {
    const { post, sim, keys } = await withFields();
    const res = await post({ channel: 'sms', platform_user_id: 'p', tags: ['fresh'], custom_fields: { size: 1, nope: 'x' } });
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'custom_fields.nope' });
    const list = await sim.request({ path: '/contacts', key: keys.full });
    expect((list.body as { data: unknown[] }).data).toEqual([]);
    const tags = await sim.request({ path: '/tags', key: keys.full });
    expect((tags.body as { data: unknown[] }).data).toEqual([]);
  });

  it('is all or nothing: one bad value keeps every other value unchanged', async () => {
    const { post } = await withFields();
    await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { size: 40, plan: 'basic' } });
    const bad = await post({ channel: 'sms', platform_user_id: 'p', name: 'Z', custom_fields: { plan: 'gold', size: 'big' } });
    expect(error(bad)).toMatchObject({ code: 'invalid_param', param: 'custom_fields.size' });
    const res = await post({ channel: 'sms', platform_user_id: 'p' });
    expect(data(res)).toMatchObject({ name: null, custom_fields: { size: 40, plan: 'basic' } });
  });

  it('refuses values for an archived field', async () => {
    const { post, sim, keys } = await withFields();
    const fields = await sim.request({ path: '/custom-fields', key: keys.full });
    const old = (fields.body as { data: Json[] }).data.find((field) => field['field_key'] === 'old')!;
    await sim.request({ method: 'PATCH', path: `/custom-fields/${old['id']}`, key: keys.full, body: { archived: true } });
    const res = await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { old: 'x' } });
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'custom_fields.old' });
  });

  it('fires contact.field_changed for values set on create and changed on update only', async () => {
    const { post, sim, accounts } = await withFields();
    await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { size: 40, plan: 'basic' } });
    sim.sandbox.clock.advance('1h');
    await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { size: 40, plan: 'gold' } });
    const changes = sim.sandbox.events(accounts[0]!.id, { type: 'contact.field_changed' }).map((event) => event.data);
    expect(changes).toEqual([
      expect.objectContaining({ field_key: 'size', value: 40, previous_value: null, changed_at: FROZEN, source: 'api' }),
      expect.objectContaining({ field_key: 'plan', value: 'basic', previous_value: null }),
      expect.objectContaining({ field_key: 'plan', value: 'gold', previous_value: 'basic', changed_at: '2026-01-01T01:00:00+00:00' }),
    ]);
  });
});

describe('GET /contacts/{id}', () => {
  it('answers the contact, and 404 for a non-numeric, unknown or other account id', async () => {
    const { post, sim, keys, accounts } = setup();
    const id = data(await post({ channel: 'sms', platform_user_id: 'p' }))['id'];
    const other = data(await post({ channel: 'sms', platform_user_id: 'p' }, accounts[1]!.keys.full))['id'];
    expect((await sim.request({ path: `/contacts/${id}`, key: keys.read })).status).toBe(200);
    for (const bad of ['abc', '1.5', '-1', '99999999', String(other)]) {
      const res = await sim.request({ path: `/contacts/${bad}`, key: keys.full });
      expect(res.status, bad).toBe(404);
      expect(error(res).code).toBe('not_found');
    }
  });

  it('needs write scope to change contacts and read scope to see them', async () => {
    const { post, keys } = setup();
    const res = await post({ channel: 'sms', platform_user_id: 'p' }, keys.read);
    expect(res.status).toBe(403);
    expect(error(res).code).toBe('insufficient_scope');
    expect((await post({ channel: 'sms', platform_user_id: 'p' }, keys.write)).status).toBe(201);
  });
});

describe('DELETE /contacts/{id}', () => {
  it('erases the contact, answers {id, object, deleted}, keeps tag definitions, and a repeat is 404', async () => {
    const { post, sim, keys } = setup();
    const id = data(await post({ channel: 'sms', platform_user_id: 'p', tags: ['keep-me'] }))['id'];
    const res = await sim.request({ method: 'DELETE', path: `/contacts/${id}`, key: keys.full });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id, object: 'contact', deleted: true } });
    expect((await sim.request({ path: `/contacts/${id}`, key: keys.full })).status).toBe(404);
    expect((await sim.request({ method: 'DELETE', path: `/contacts/${id}`, key: keys.full })).status).toBe(404);
    const tags = await sim.request({ path: '/tags', key: keys.full });
    expect((tags.body as { data: Json[] }).data.map((tag) => tag['name'])).toEqual(['keep-me']);
    // The identity is free again: posting it creates a new contact.
    expect((await post({ channel: 'sms', platform_user_id: 'p' })).status).toBe(201);
  });

  it('answers 404 for another account’s contact and leaves it alone', async () => {
    const { post, sim, keys, accounts } = setup();
    const other = data(await post({ channel: 'sms', platform_user_id: 'p' }, accounts[1]!.keys.full))['id'];
    expect((await sim.request({ method: 'DELETE', path: `/contacts/${other}`, key: keys.full })).status).toBe(404);
    expect((await sim.request({ path: `/contacts/${other}`, key: accounts[1]!.keys.full })).status).toBe(200);
  });
});

describe('contact events (docs/decisions.md)', () => {
  it('fires contact.updated on create and on each real change, with the changed fields', async () => {
    const { post, sim, keys, accounts } = setup();
    const id = data(await post({ channel: 'sms', platform_user_id: 'p', name: 'A' }))['id'];
    sim.sandbox.clock.advance('1m');
    await post({ channel: 'sms', platform_user_id: 'p', name: 'A' }); // no change
    await sim.request({ method: 'PATCH', path: `/contacts/${id}`, key: keys.full, body: { name: 'B', stage: 'contacted' } });
    const updates = sim.sandbox.events(accounts[0]!.id, { type: 'contact.updated' }).map((event) => event.data);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({ created: true, changed_fields: [], source: 'api', contact: { id, name: 'A' } });
    expect(updates[1]).toMatchObject({ created: false, changed_fields: ['name', 'stage'], contact: { name: 'B' } });
  });

  it('bumps updated_at only on a real change', async () => {
    const { post, sim } = setup();
    await post({ channel: 'sms', platform_user_id: 'p', name: 'A', tags: ['t'] });
    sim.sandbox.clock.advance('1h');
    const same = await post({ channel: 'sms', platform_user_id: 'p', name: 'A', tags: ['t'] });
    expect(data(same)['updated_at']).toBe(FROZEN);
    const changed = await post({ channel: 'sms', platform_user_id: 'p', name: 'B' });
    expect(data(changed)['updated_at']).toBe('2026-01-01T01:00:00+00:00');
    expect(data(changed)['created_at']).toBe(FROZEN);
  });

  it('fires lead.captured once, when a contact first holds an email or phone', async () => {
    const { post, sim, accounts } = setup();
    await post({ channel: 'sms', platform_user_id: 'p' });
    await post({ channel: 'sms', platform_user_id: 'p', email: 'lead@example.com' });
    await post({ channel: 'sms', platform_user_id: 'p', email: '' });
    await post({ channel: 'sms', platform_user_id: 'p', phone: '+15550000' });
    await post({ channel: 'telegram', platform_user_id: 'q', phone: '+15550001' });
    const leads = sim.sandbox.events(accounts[0]!.id, { type: 'lead.captured' }).map((event) => event.data);
    expect(leads).toEqual([
      expect.objectContaining({ captured: ['email'], contact: expect.objectContaining({ platform_user_id: 'p' }) }),
      expect.objectContaining({ captured: ['phone'], contact: expect.objectContaining({ platform_user_id: 'q' }) }),
    ]);
  });

  it('emits nothing for a rejected request', async () => {
    const { post, sim, accounts } = setup();
    await post({ channel: 'sms', platform_user_id: 'p', name: 'x'.repeat(256) });
    await post({ channel: 'sms', platform_user_id: 'p', custom_fields: { missing: 1 } });
    expect(sim.sandbox.events(accounts[0]!.id)).toEqual([]);
  });
});
