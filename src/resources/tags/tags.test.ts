/** Tag definitions (4.5, 2.4): whole-set list by name, 201/200, colour rules, delete everywhere. */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;

/** The default accounts and keys only: no seeded contacts, tags, fields or conversations. */
function blankSeed() {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts };
}

function setup() {
  const t = testSimulator({ seed: blankSeed() });
  const { sim, keys } = t;
  const create = (body: unknown, key = keys.full) => sim.request({ method: 'POST', path: '/tags', key, body });
  const names = async () =>
    ((await sim.request({ path: '/tags', key: keys.read })).body as { data: Json[] }).data.map((tag) => tag['name']);
  return { ...t, create, names };
}

describe('GET /tags', () => {
  it('lists every tag by name in one page', async () => {
    const { create, names, sim, keys } = setup();
    for (const name of ['zeta', 'Alpha', 'beta', 'alpha', '10', '2']) await create({ name });
    expect(await names()).toEqual(['10', '2', 'Alpha', 'alpha', 'beta', 'zeta']);
    const res = await sim.request({ path: '/tags', key: keys.read, query: { limit: '1' } });
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
    expect((res.body as { data: unknown[] }).data).toHaveLength(6);
  });
});

describe('POST /tags', () => {
  it('creates with 201 and the default colour, or the colour sent', async () => {
    const { create } = setup();
    const plain = await create({ name: 'vip' });
    expect(plain.status).toBe(201);
    expect(data(plain)).toMatchObject({ name: 'vip', color: '#6B7280' });
    expect(data(await create({ name: 'gold', color: '#ffd700' }))).toMatchObject({ color: '#ffd700' });
  });

  it('answers 200 for an existing name, with its colour unchanged', async () => {
    const { create } = setup();
    const first = await create({ name: 'vip', color: '#112233' });
    const again = await create({ name: 'vip', color: '#445566' });
    expect(again.status).toBe(200);
    expect(data(again)).toEqual(data(first));
  });

  it('treats names as case-sensitive', async () => {
    const { create } = setup();
    await create({ name: 'vip' });
    expect((await create({ name: 'VIP' })).status).toBe(201);
  });

  const bodies: [string, Json, boolean, string?][] = [
    ['#RRGGBB upper case', { color: '#ABCDEF' }, true],
    ['#rrggbb lower case', { color: '#a0b1c2' }, true],
    ['five hex digits', { color: '#ABCDE' }, false, 'color'],
    ['seven hex digits', { color: '#ABCDEF0' }, false, 'color'],
    ['no #', { color: 'ABCDEF' }, false, 'color'],
    ['non-hex digits', { color: '#GGGGGG' }, false, 'color'],
    ['a colour name', { color: 'red' }, false, 'color'],
    ['a name of 1', { name: 'a' }, true],
    ['a name of 50', { name: 'n'.repeat(50) }, true],
    ['a name of 0', { name: '' }, false, 'name'],
    ['a name of 51', { name: 'n'.repeat(51) }, false, 'name'],
    ['a blank name', { name: ' ' }, false, 'name'],
    ['no name', { name: undefined }, false, 'name'],
    ['an unknown field', { id: 5 }, false, 'id'],
  ];
  for (const [label, patch, accepted, param] of bodies) {
    it(`${accepted ? 'accepts' : 'refuses'} ${label}`, async () => {
      const { create, names } = setup();
      const res = await create({ name: 'tag', ...patch });
      if (accepted) expect(res.status).toBe(201);
      else {
        expect(error(res)).toMatchObject({ code: 'invalid_param', param });
        expect(await names()).toEqual([]);
      }
    });
  }

  it('refuses a bad colour even for an existing name', async () => {
    const { create } = setup();
    await create({ name: 'vip' });
    expect(error(await create({ name: 'vip', color: 'blue' }))).toMatchObject({ param: 'color' });
  });
});

describe('DELETE /tags/{id}', () => {
  it('removes the tag from every contact and answers {data: {id, deleted: true}}', async () => {
    const { create, names, sim, keys, accounts } = setup();
    const id = data(await create({ name: 'vip' }))['id'];
    const contactIds: unknown[] = [];
    for (const puid of ['a', 'b', 'c']) {
      const res = await sim.request({
        method: 'POST',
        path: '/contacts',
        key: keys.full,
        body: { channel: 'sms', platform_user_id: puid, tags: puid === 'c' ? ['other'] : ['vip', 'other'] },
      });
      contactIds.push(data(res)['id']);
    }
    const res = await sim.request({ method: 'DELETE', path: `/tags/${id}`, key: keys.full });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id, deleted: true } });
    expect(await names()).toEqual(['other']);
    for (const contactId of contactIds) {
      const contact = await sim.request({ path: `/contacts/${contactId}`, key: keys.full });
      expect(data(contact)['tags']).toEqual(['other']);
    }
    const byTag = await sim.request({ path: '/contacts', key: keys.full, query: { tag: 'vip' } });
    expect((byTag.body as { data: unknown[] }).data).toEqual([]);
    const updates = sim.sandbox.events(accounts[0]!.id, { type: 'contact.updated' }).filter((e) => e.data['source'] === 'tag_deleted');
    expect(updates.map((e) => (e.data['contact'] as Json)['id'])).toEqual([contactIds[0], contactIds[1]]);
    expect((await sim.request({ method: 'DELETE', path: `/tags/${id}`, key: keys.full })).status).toBe(404);
  });

  it('lets the name be created again, as a new tag', async () => {
    const { create, sim, keys } = setup();
    const id = data(await create({ name: 'vip' }))['id'];
    await sim.request({ method: 'DELETE', path: `/tags/${id}`, key: keys.full });
    const again = await create({ name: 'vip' });
    expect(again.status).toBe(201);
    expect(data(again)['id']).not.toBe(id);
  });

  it('takes a numeric id only, and answers 404 for another account’s tag', async () => {
    const { create, sim, keys, accounts } = setup();
    await create({ name: 'vip' });
    const other = data(await create({ name: 'theirs' }, accounts[1]!.keys.full))['id'];
    for (const bad of ['vip', '1e3', '999999', String(other)]) {
      const res = await sim.request({ method: 'DELETE', path: `/tags/${bad}`, key: keys.full });
      expect(res.status, bad).toBe(404);
    }
    const theirs = await sim.request({ path: '/tags', key: accounts[1]!.keys.full });
    expect((theirs.body as { data: Json[] }).data.map((t) => t['name'])).toEqual(['theirs']);
  });
});
