/** PATCH /contacts/{id} (4.2, 7.1): empty body, clearing, per-type custom field values, field_changed. */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';

const FROZEN = '2026-01-01T00:00:00+00:00';
type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string; message: string } }).error;

/** The default accounts and keys only: no seeded contacts, tags, fields or conversations. */
function blankSeed() {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts };
}

const FIELDS = [
  { field_key: 'nickname', label: 'Nickname', type: 'text' },
  { field_key: 'shoe_size', label: 'Shoe size', type: 'number' },
  { field_key: 'birthday', label: 'Birthday', type: 'date' },
  { field_key: 'vip', label: 'VIP', type: 'boolean' },
  { field_key: 'retired', label: 'Retired', type: 'text' },
];

async function setup() {
  const t = testSimulator({ seed: blankSeed(), clock: { frozenAt: FROZEN } });
  const { sim, keys } = t;
  const fieldIds: Record<string, number> = {};
  for (const body of FIELDS) {
    const res = await sim.request({ method: 'POST', path: '/custom-fields', key: keys.full, body });
    fieldIds[body.field_key] = data(res)['id'] as number;
  }
  const created = await sim.request({
    method: 'POST',
    path: '/contacts',
    key: keys.full,
    body: { channel: 'instagram', platform_user_id: 'ig-1', name: 'Ada', email: 'ada@example.com', phone: '+4412345', notes: 'hi', stage: 'qualified', custom_fields: { retired: 'old value' } },
  });
  const id = data(created)['id'] as number;
  await sim.request({ method: 'PATCH', path: `/custom-fields/${fieldIds['retired']}`, key: keys.full, body: { archived: true } });
  const patch = (body: unknown, contactId: number | string = id, key = keys.full) =>
    sim.request({ method: 'PATCH', path: `/contacts/${contactId}`, key, body });
  return { ...t, id, fieldIds, patch };
}

describe('PATCH /contacts/{id}', () => {
  it('refuses an empty body with 400 listing every updatable field', async () => {
    const { patch } = await setup();
    for (const body of [{}, undefined]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(error(res).code).toBe('invalid_param');
      for (const field of ['stage', 'name', 'email', 'phone', 'notes', 'custom_fields']) expect(error(res).message).toContain(field);
    }
  });

  it('changes only the fields sent', async () => {
    const { patch } = await setup();
    const res = await patch({ stage: 'customer' });
    expect(res.status).toBe(200);
    expect(data(res)).toMatchObject({ stage: 'customer', name: 'Ada', email: 'ada@example.com', phone: '+4412345', notes: 'hi' });
  });

  it('clears name, email, phone and notes with "" and resets stage with ""', async () => {
    const { patch } = await setup();
    const res = await patch({ name: '', email: '', phone: '', notes: '', stage: '' });
    expect(data(res)).toMatchObject({ name: null, email: null, phone: null, notes: null, stage: 'new' });
  });

  it('also clears with null (what a cleared field reads back as), but a stage cannot be null', async () => {
    const { patch } = await setup();
    expect(data(await patch({ name: null, notes: null }))).toMatchObject({ name: null, notes: null });
    expect(error(await patch({ stage: null }))).toMatchObject({ code: 'invalid_param', param: 'stage' });
  });

  const limits: [string, Json, boolean, string?][] = [
    ['name of 255', { name: 'n'.repeat(255) }, true],
    ['name of 256', { name: 'n'.repeat(256) }, false, 'name'],
    ['notes of 5000', { notes: 'n'.repeat(5000) }, true],
    ['notes of 5001', { notes: 'n'.repeat(5001) }, false, 'notes'],
    ['phone of 3', { phone: '1-2' }, true],
    ['phone of 2', { phone: '12' }, false, 'phone'],
    ['phone of 50', { phone: '#'.repeat(50) }, true],
    ['phone of 51', { phone: '#'.repeat(51) }, false, 'phone'],
    ['a bad email', { email: 'ada@' }, false, 'email'],
    ['an unknown stage', { stage: 'vip' }, false, 'stage'],
    ['tags (use the tag routes)', { tags: ['x'] }, false, 'tags'],
    ['channel (identity is fixed)', { channel: 'sms' }, false, 'channel'],
    ['platform_user_id (identity is fixed)', { platform_user_id: 'x' }, false, 'platform_user_id'],
  ];
  for (const [label, body, accepted, param] of limits) {
    it(`${accepted ? 'accepts' : 'refuses'} ${label}`, async () => {
      const { patch } = await setup();
      const res = await patch(body);
      if (accepted) expect(res.status).toBe(200);
      else expect(error(res)).toMatchObject({ code: 'invalid_param', param });
    });
  }

  it('answers 404 for a non-numeric, unknown or other account id, even with a valid body', async () => {
    const { patch, accounts, sim } = await setup();
    const other = await sim.request({
      method: 'POST',
      path: '/contacts',
      key: accounts[1]!.keys.full,
      body: { channel: 'sms', platform_user_id: 'x' },
    });
    for (const bad of ['abc', '424242', String(data(other)['id'])]) {
      expect((await patch({ name: 'x' }, bad)).status).toBe(404);
    }
  });
});

describe('PATCH /contacts/{id}: custom_fields', () => {
  const values: [string, unknown, boolean][] = [
    ['nickname', 'x'.repeat(500), true],
    ['nickname', 'x'.repeat(501), false],
    ['nickname', 42, false],
    ['shoe_size', 42.5, true],
    ['shoe_size', -3, true],
    ['shoe_size', '42', false],
    ['shoe_size', true, false],
    ['birthday', '2024-02-29', true],
    ['birthday', '2023-02-29', false],
    ['birthday', '2026-13-01', false],
    ['birthday', '2026-1-5', false],
    ['birthday', '2026-01-05T00:00:00Z', false],
    ['vip', false, true],
    ['vip', 'true', false],
    ['vip', 1, false],
  ];
  for (const [key, value, accepted] of values) {
    it(`${accepted ? 'accepts' : 'refuses'} ${JSON.stringify(value).slice(0, 20)} for ${key}, naming the key`, async () => {
      const { patch } = await setup();
      const res = await patch({ custom_fields: { [key]: value } });
      if (accepted) {
        expect(res.status).toBe(200);
        expect((data(res)['custom_fields'] as Json)[key]).toBe(value);
      } else {
        expect(res.status).toBe(400);
        expect(error(res)).toMatchObject({ code: 'invalid_param', param: `custom_fields.${key}` });
      }
    });
  }

  it('refuses an object value, an undefined key and an archived key, naming each', async () => {
    const { patch } = await setup();
    expect(error(await patch({ custom_fields: { nickname: { a: 1 } } }))).toMatchObject({ param: 'custom_fields.nickname' });
    expect(error(await patch({ custom_fields: { unknown_key: 'x' } }))).toMatchObject({ param: 'custom_fields.unknown_key' });
    expect(error(await patch({ custom_fields: { retired: 'x' } }))).toMatchObject({ param: 'custom_fields.retired' });
    expect(error(await patch({ custom_fields: { retired: null } }))).toMatchObject({ param: 'custom_fields.retired' });
  });

  it('clears a key with null (omitted afterwards, never null) and a text key with ""', async () => {
    const { patch } = await setup();
    await patch({ custom_fields: { nickname: 'Ace', shoe_size: 40, vip: true } });
    const res = await patch({ custom_fields: { nickname: '', shoe_size: null } });
    expect(data(res)['custom_fields']).toEqual({ vip: true });
    expect(error(await patch({ custom_fields: { shoe_size: '' } }))).toMatchObject({ param: 'custom_fields.shoe_size' });
  });

  it('merges all or nothing: a bad key leaves the good ones unwritten', async () => {
    const { patch, id, sim, keys } = await setup();
    await patch({ custom_fields: { nickname: 'Ace' } });
    const res = await patch({ name: 'Changed', custom_fields: { nickname: 'Bee', vip: 'yes' } });
    expect(error(res)).toMatchObject({ param: 'custom_fields.vip' });
    const now = await sim.request({ path: `/contacts/${id}`, key: keys.full });
    expect(data(now)).toMatchObject({ name: 'Ada', custom_fields: { nickname: 'Ace' } });
  });

  it('hides values of an archived field and shows them again once unarchived', async () => {
    const { sim, keys, id, fieldIds } = await setup();
    const hidden = await sim.request({ path: `/contacts/${id}`, key: keys.full });
    expect(data(hidden)['custom_fields']).toEqual({});
    await sim.request({ method: 'PATCH', path: `/custom-fields/${fieldIds['retired']}`, key: keys.full, body: { archived: false } });
    const shown = await sim.request({ path: `/contacts/${id}`, key: keys.full });
    expect(data(shown)['custom_fields']).toEqual({ retired: 'old value' });
  });

  it('fires contact.field_changed once per real change, with changed_at, source and the values', async () => {
    const { patch, sim, id, accounts } = await setup();
    const after = sim.sandbox.events(accounts[0]!.id).at(-1)!.id;
    const since = Number(after.slice(4));
    sim.sandbox.clock.advance('2h');
    await patch({ custom_fields: { nickname: 'Ace', shoe_size: 40 } });
    await patch({ custom_fields: { nickname: 'Ace', shoe_size: 41 } });
    await patch({ custom_fields: { nickname: null } });
    await patch({ custom_fields: { nickname: null } });
    const changes = sim.sandbox.events(accounts[0]!.id, { after: since, type: 'contact.field_changed' }).map((event) => event.data);
    const at = '2026-01-01T02:00:00+00:00';
    expect(changes).toEqual([
      { contact_id: id, field_key: 'nickname', previous_value: null, value: 'Ace', changed_at: at, source: 'api' },
      { contact_id: id, field_key: 'shoe_size', previous_value: null, value: 40, changed_at: at, source: 'api' },
      { contact_id: id, field_key: 'shoe_size', previous_value: 40, value: 41, changed_at: at, source: 'api' },
      { contact_id: id, field_key: 'nickname', previous_value: 'Ace', value: null, changed_at: at, source: 'api' },
    ]);
  });
});
