/** Custom field definitions (4.3, 2.3, 8): order, statuses, key/label/type rules, the 15 cap. */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const list = (res: { body: unknown }) => (res.body as { data: Json[]; has_more: boolean; next_cursor: unknown });
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string; message: string } }).error;

/** The default accounts and keys only: no seeded contacts, tags, fields or conversations. */
function blankSeed() {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts };
}

function setup() {
  const t = testSimulator({ seed: blankSeed() });
  const { sim, keys } = t;
  const create = (body: unknown, key = keys.full) => sim.request({ method: 'POST', path: '/custom-fields', key, body });
  const patch = (id: unknown, body: unknown, key = keys.full) =>
    sim.request({ method: 'PATCH', path: `/custom-fields/${id}`, key, body });
  const get = async (query: Record<string, string> = {}) => list(await sim.request({ path: '/custom-fields', key: keys.read, query }));
  return { ...t, create, patch, get };
}

async function fill(create: (body: unknown) => Promise<{ body: unknown; status: number }>, count: number, prefix = 'f') {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(data(await create({ field_key: `${prefix}${i}`, label: `F ${i}` }))['id'] as number);
  return ids;
}

describe('GET /custom-fields', () => {
  it('lists in creation order, active only unless include_archived=true, in one page', async () => {
    const { create, patch, get } = setup();
    const [a, b, c] = await fill(create, 3);
    await create({ field_key: 'aaa', label: 'Sorted last by creation' });
    await patch(b, { archived: true });
    const active = await get();
    expect(active.data.map((f) => f['field_key'])).toEqual(['f0', 'f2', 'aaa']);
    expect(active).toMatchObject({ has_more: false, next_cursor: null });
    expect((await get({ include_archived: 'true' })).data.map((f) => f['id'])).toEqual([a, b, c, expect.any(Number)]);
    expect((await get({ include_archived: 'false' })).data).toHaveLength(3);
  });

  it('refuses a non-boolean include_archived', async () => {
    const { sim, keys } = setup();
    const res = await sim.request({ path: '/custom-fields', key: keys.read, query: { include_archived: 'yes' } });
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'include_archived' });
  });
});

describe('POST /custom-fields', () => {
  it('creates with 201, type text by default, object custom_field', async () => {
    const { create } = setup();
    const res = await create({ field_key: 'nickname', label: 'Nickname' });
    expect(res.status).toBe(201);
    expect(data(res)).toMatchObject({ object: 'custom_field', field_key: 'nickname', label: 'Nickname', type: 'text', archived: false });
  });

  it('refuses the keys JavaScript objects reserve (__proto__, constructor, prototype) with 400 naming field_key', async () => {
    const { create, sim, keys } = setup();
    for (const field_key of ['__proto__', 'constructor', 'prototype']) {
      const res = await create({ field_key, label: 'Sneaky' });
      expect(res.status, field_key).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'field_key' });
    }
    // A raw body with the key spelled out (JSON.parse keeps __proto__ as an own property).
    const raw = await sim.request({ method: 'POST', path: '/custom-fields', key: keys.full, body: '{"field_key":"__proto__","label":"x"}' });
    expect(error(raw)).toMatchObject({ code: 'invalid_param', param: 'field_key' });
  });

  it('answers 200 with the existing field (label unchanged) for the same key and type', async () => {
    const { create } = setup();
    const first = await create({ field_key: 'size', label: 'Size', type: 'number' });
    const again = await create({ field_key: 'size', label: 'Other label', type: 'number' });
    expect(again.status).toBe(200);
    expect(data(again)).toEqual(data(first));
  });

  it('answers 409 when the key exists with another type, or is archived', async () => {
    const { create, patch } = setup();
    const id = data(await create({ field_key: 'size', label: 'Size', type: 'number' }))['id'];
    expect(error(await create({ field_key: 'size', label: 'Size' }))).toMatchObject({ code: 'conflict' });
    await patch(id, { archived: true });
    const archived = await create({ field_key: 'size', label: 'Size', type: 'number' });
    expect(archived.status).toBe(409);
    expect(error(archived).code).toBe('conflict');
  });

  const bodies: [string, Json, boolean, string?][] = [
    ['a key of 1', { field_key: 'a' }, true],
    ['a key of 50', { field_key: 'k'.repeat(50) }, true],
    ['a key of a-z 0-9 _', { field_key: 'abc_123_xyz' }, true],
    ['a key of 0', { field_key: '' }, false, 'field_key'],
    ['a key of 51', { field_key: 'k'.repeat(51) }, false, 'field_key'],
    ['a key with capitals', { field_key: 'Size' }, false, 'field_key'],
    ['a key with a hyphen', { field_key: 'shoe-size' }, false, 'field_key'],
    ['a key with a space', { field_key: 'shoe size' }, false, 'field_key'],
    ['no key', { field_key: undefined }, false, 'field_key'],
    ['a label of 1', { label: 'L' }, true],
    ['a label of 100', { label: 'l'.repeat(100) }, true],
    ['a label of 0', { label: '' }, false, 'label'],
    ['a label of 101', { label: 'l'.repeat(101) }, false, 'label'],
    ['a blank label', { label: '   ' }, false, 'label'],
    ['no label', { label: undefined }, false, 'label'],
    ['type number', { type: 'number' }, true],
    ['type date', { type: 'date' }, true],
    ['type boolean', { type: 'boolean' }, true],
    ['type json', { type: 'json' }, false, 'type'],
    ['an unknown field', { archived: true }, false, 'archived'],
  ];
  for (const [label, patch, accepted, param] of bodies) {
    it(`${accepted ? 'accepts' : 'refuses'} ${label}`, async () => {
      const { create, sim } = setup();
      const before = sim.snapshot().store.collections['custom_fields'];
      const res = await create({ field_key: 'key', label: 'Label', ...patch });
      if (accepted) expect(res.status).toBe(201);
      else {
        expect(error(res)).toMatchObject({ code: 'invalid_param', param });
        expect(sim.snapshot().store.collections['custom_fields']).toEqual(before);
      }
    });
  }

  it('refuses a 16th active field with 400, but still answers 200 for an existing key', async () => {
    const { create, get } = setup();
    await fill(create, 15);
    const over = await create({ field_key: 'one_more', label: 'One more' });
    expect(over.status).toBe(400);
    expect(error(over).code).toBe('invalid_param');
    expect((await create({ field_key: 'f3', label: 'F 3' })).status).toBe(200);
    expect((await get()).data).toHaveLength(15);
  });

  it('counts only active fields toward the cap', async () => {
    const { create, patch } = setup();
    const ids = await fill(create, 15);
    await patch(ids[0], { archived: true });
    expect((await create({ field_key: 'replacement', label: 'R' })).status).toBe(201);
  });
});

describe('PATCH /custom-fields/{id}', () => {
  it('changes the label and archives', async () => {
    const { create, patch } = setup();
    const id = data(await create({ field_key: 'k', label: 'Old' }))['id'];
    expect(data(await patch(id, { label: 'New' }))).toMatchObject({ label: 'New', archived: false, field_key: 'k' });
    expect(data(await patch(id, { archived: true }))).toMatchObject({ archived: true });
  });

  it('refuses field_key or type with 400 naming them, even unchanged', async () => {
    const { create, patch } = setup();
    const id = data(await create({ field_key: 'k', label: 'L' }))['id'];
    expect(error(await patch(id, { field_key: 'k' }))).toMatchObject({ code: 'invalid_param', param: 'field_key' });
    expect(error(await patch(id, { label: 'x', type: 'number' }))).toMatchObject({ code: 'invalid_param', param: 'type' });
  });

  it('refuses an empty body, listing label and archived', async () => {
    const { create, patch } = setup();
    const id = data(await create({ field_key: 'k', label: 'L' }))['id'];
    const res = await patch(id, {});
    expect(error(res).code).toBe('invalid_param');
    expect(error(res).message).toMatch(/label.*archived/);
  });

  it('checks label limits and the archived type', async () => {
    const { create, patch } = setup();
    const id = data(await create({ field_key: 'k', label: 'L' }))['id'];
    expect((await patch(id, { label: 'l'.repeat(100) })).status).toBe(200);
    expect(error(await patch(id, { label: 'l'.repeat(101) }))).toMatchObject({ param: 'label' });
    expect(error(await patch(id, { label: '' }))).toMatchObject({ param: 'label' });
    expect(error(await patch(id, { archived: 'yes' }))).toMatchObject({ param: 'archived' });
  });

  it('subjects unarchiving to the 15 active limit', async () => {
    const { create, patch } = setup();
    const [first] = await fill(create, 15);
    await patch(first, { archived: true });
    await create({ field_key: 'filler', label: 'Filler' });
    const res = await patch(first, { archived: false });
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'archived' });
    // Archiving again (already archived) and relabelling an archived field stay allowed.
    expect((await patch(first, { archived: true, label: 'Still archived' })).status).toBe(200);
  });

  it('answers 404 for a non-numeric, unknown or other account id', async () => {
    const { create, patch, accounts } = setup();
    const other = data(await create({ field_key: 'k', label: 'L' }, accounts[1]!.keys.full))['id'];
    for (const bad of ['abc', '999999', String(other)]) expect((await patch(bad, { label: 'x' })).status).toBe(404);
  });

  it('has no delete: DELETE answers 405 with Allow', async () => {
    const { create, sim, keys } = setup();
    const id = data(await create({ field_key: 'k', label: 'L' }))['id'];
    const res = await sim.request({ method: 'DELETE', path: `/custom-fields/${id}`, key: keys.full });
    expect(res.status).toBe(405);
    expect(res.headers['Allow']).toBe('PATCH');
    expect(error(res).code).toBe('method_not_allowed');
  });
});
