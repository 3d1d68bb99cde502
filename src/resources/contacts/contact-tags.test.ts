/** POST /contacts/{id}/tags and DELETE /contacts/{id}/tags/{tag} (4.2). */
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

async function setup() {
  const t = testSimulator({ seed: blankSeed(), clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
  const { sim, keys } = t;
  const res = await sim.request({ method: 'POST', path: '/contacts', key: keys.full, body: { channel: 'sms', platform_user_id: 'p1' } });
  const id = data(res)['id'] as number;
  const attach = (name: unknown, contactId: number | string = id, key = keys.full) =>
    sim.request({ method: 'POST', path: `/contacts/${contactId}/tags`, key, body: { name } });
  const detach = (tag: string, contactId: number | string = id, key = keys.full) =>
    sim.request({ method: 'DELETE', path: `/contacts/${contactId}/tags/${tag}`, key });
  const tagsList = async (key = keys.full) =>
    ((await sim.request({ path: '/tags', key })).body as { data: Json[] }).data;
  return { ...t, id, attach, detach, tagsList };
}

describe('POST /contacts/{id}/tags', () => {
  it('attaches with 200, creating a missing tag with the default colour', async () => {
    const { attach, tagsList } = await setup();
    const res = await attach('hot lead');
    expect(res.status).toBe(200);
    expect(data(res)['tags']).toEqual(['hot lead']);
    expect(await tagsList()).toEqual([expect.objectContaining({ name: 'hot lead', color: '#6B7280' })]);
  });

  it('keeps an existing tag’s colour', async () => {
    const { attach, tagsList, sim, keys } = await setup();
    await sim.request({ method: 'POST', path: '/tags', key: keys.full, body: { name: 'gold', color: '#FFD700' } });
    await attach('gold');
    expect(await tagsList()).toEqual([expect.objectContaining({ name: 'gold', color: '#FFD700' })]);
  });

  it('re-attaching is a 200 no-op: same contact, same updated_at, no event', async () => {
    const { attach, sim, accounts } = await setup();
    const first = await attach('vip');
    const count = sim.sandbox.events(accounts[0]!.id).length;
    sim.sandbox.clock.advance('1h');
    const again = await attach('vip');
    expect(again.status).toBe(200);
    expect(data(again)).toEqual(data(first));
    expect(sim.sandbox.events(accounts[0]!.id)).toHaveLength(count);
  });

  it('fires contact.updated with changed_fields [tags] on a real attach', async () => {
    const { attach, sim, accounts } = await setup();
    await attach('vip');
    const last = sim.sandbox.events(accounts[0]!.id, { type: 'contact.updated' }).at(-1)!;
    expect(last.data).toMatchObject({ changed_fields: ['tags'], created: false, contact: { tags: ['vip'] } });
  });

  const names: [string, unknown, boolean][] = [
    ['1 character', 'a', true],
    ['50 characters', 'n'.repeat(50), true],
    ['0 characters', '', false],
    ['51 characters', 'n'.repeat(51), false],
    ['a blank name', '  ', false],
    ['a number', 5, false],
    ['no name', undefined, false],
  ];
  for (const [label, name, accepted] of names) {
    it(`${accepted ? 'accepts' : 'refuses'} a name of ${label}`, async () => {
      const { attach } = await setup();
      const res = await attach(name);
      if (accepted) expect(res.status).toBe(200);
      else expect(error(res)).toMatchObject({ code: 'invalid_param', param: 'name' });
    });
  }

  it('answers 404 for an unknown or other account’s contact, and creates no tag', async () => {
    const { attach, tagsList, accounts, sim } = await setup();
    const other = await sim.request({ method: 'POST', path: '/contacts', key: accounts[1]!.keys.full, body: { channel: 'sms', platform_user_id: 'q' } });
    for (const bad of ['nope', '987654', String(data(other)['id'])]) {
      expect((await attach('ghost', bad)).status).toBe(404);
    }
    expect(await tagsList()).toEqual([]);
  });
});

describe('DELETE /contacts/{id}/tags/{tag}', () => {
  it('detaches by name (URL-encoded) and keeps the tag definition', async () => {
    const { attach, detach, tagsList } = await setup();
    await attach('hot lead');
    await attach('b2b');
    const res = await detach(encodeURIComponent('hot lead'));
    expect(res.status).toBe(200);
    expect(data(res)['tags']).toEqual(['b2b']);
    expect((await tagsList()).map((tag) => tag['name'])).toEqual(['b2b', 'hot lead']);
  });

  it('detaches by id', async () => {
    const { attach, detach, tagsList } = await setup();
    await attach('vip');
    const [vip] = await tagsList();
    const res = await detach(String(vip!['id']));
    expect(data(res)['tags']).toEqual([]);
  });

  it('takes an all-digit segment as an id, so an all-digit name goes by id', async () => {
    const { attach, detach, tagsList } = await setup();
    await attach('2024');
    const [tag] = await tagsList();
    expect((await detach('2024')).status).toBe(404); // no tag has id 2024
    const res = await detach(String(tag!['id']));
    expect(data(res)['tags']).toEqual([]);
  });

  it('does not find a name containing / by name; it goes by id', async () => {
    const { attach, detach, tagsList } = await setup();
    await attach('a/b');
    const [tag] = await tagsList();
    expect((await detach(encodeURIComponent('a/b'))).status).toBe(404);
    expect(data(await detach(String(tag!['id'])))['tags']).toEqual([]);
  });

  it('answers 200 for a known tag that is not attached, with the contact unchanged', async () => {
    const { attach, detach, sim, keys, accounts } = await setup();
    await sim.request({ method: 'POST', path: '/tags', key: keys.full, body: { name: 'spare' } });
    await attach('vip');
    const count = sim.sandbox.events(accounts[0]!.id).length;
    const res = await detach('spare');
    expect(res.status).toBe(200);
    expect(data(res)['tags']).toEqual(['vip']);
    expect(sim.sandbox.events(accounts[0]!.id)).toHaveLength(count);
  });

  it('answers 404 for an unknown tag name or id, and for another account’s tag id', async () => {
    const { attach, detach, accounts, sim } = await setup();
    await attach('vip');
    const other = await sim.request({ method: 'POST', path: '/tags', key: accounts[1]!.keys.full, body: { name: 'vip' } });
    for (const bad of ['nope', '999999', String(data(other)['id'])]) {
      const res = await detach(bad);
      expect(res.status, bad).toBe(404);
      expect(error(res).code).toBe('not_found');
    }
  });

  it('answers 404 for an unknown contact', async () => {
    const { attach, detach } = await setup();
    await attach('vip');
    expect((await detach('vip', 424242)).status).toBe(404);
    expect((await detach('vip', 'abc')).status).toBe(404);
  });
});
