/**
 * Contacts are presented through a cache of sealed representations (core/presentation-cache.ts).
 * Whatever a representation depends on must show on the next read: the record itself, tag names,
 * custom field definitions, rolled-back writes and restored snapshots.
 */
import { describe, expect, it } from 'vitest';
import { listen } from '../../adapters/node-http.js';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;

/** Contact 1 is the first seeded contact of account 1: tags vip and returning, three custom field values. */
function setup() {
  const t = testSimulator({ clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
  const read = async () => {
    const res = await t.sim.request({ path: '/contacts/1', key: t.keys.read });
    expect(res.status).toBe(200);
    return data(res);
  };
  return { ...t, read };
}

describe('contact representations stay current', () => {
  it('drops a custom field value once its field is archived, and shows it again when unarchived', async () => {
    const { sim, keys, read } = setup();
    expect((await read())['custom_fields']).toHaveProperty('shoe_size', 47);
    const fields = (await sim.request({ path: '/custom-fields', key: keys.read })).body as { data: Json[] };
    const shoeSize = fields.data.find((field) => field['field_key'] === 'shoe_size')!;
    await sim.request({ method: 'PATCH', path: `/custom-fields/${shoeSize['id']}`, key: keys.full, body: { archived: true } });
    expect((await read())['custom_fields']).not.toHaveProperty('shoe_size');
    await sim.request({ method: 'PATCH', path: `/custom-fields/${shoeSize['id']}`, key: keys.full, body: { archived: false } });
    expect((await read())['custom_fields']).toHaveProperty('shoe_size', 47);
  });

  it('drops a deleted tag from the next read', async () => {
    const { sim, keys, read } = setup();
    expect((await read())['tags']).toEqual(['vip', 'returning']);
    const tags = (await sim.request({ path: '/tags', key: keys.read })).body as { data: Json[] };
    const vip = tags.data.find((tag) => tag['name'] === 'vip')!;
    expect((await sim.request({ method: 'DELETE', path: `/tags/${vip['id']}`, key: keys.full })).status).toBe(200);
    expect((await read())['tags']).toEqual(['returning']);
  });

  it('shows an update at once, and nothing of a write that was refused half-way', async () => {
    const { sim, keys, read } = setup();
    const before = await read();
    const identity = { channel: before['channel'], platform_user_id: before['platform_user_id'] };
    // A new tag would be created before the unknown custom field fails the request: all undone.
    const refused = await sim.request({
      method: 'POST',
      path: '/contacts',
      key: keys.full,
      body: { ...identity, name: 'Changed', tags: ['brand-new'], custom_fields: { no_such_field: 1 } },
    });
    expect(refused.status).toBe(400);
    expect(await read()).toEqual(before);
    const tagNames = ((await sim.request({ path: '/tags', key: keys.read })).body as { data: Json[] }).data.map((tag) => tag['name']);
    expect(tagNames).not.toContain('brand-new');

    await sim.request({ method: 'PATCH', path: '/contacts/1', key: keys.full, body: { name: 'Renamed' } });
    expect(await read()).toMatchObject({ name: 'Renamed' });
  });

  it('answers a restored snapshot with the representation it held', async () => {
    const { sim, keys, read } = setup();
    const before = await read();
    const snapshot = sim.snapshot();
    await sim.request({ method: 'POST', path: '/contacts/1/tags', key: keys.full, body: { name: 'later' } });
    expect((await read())['tags']).toContain('later');
    sim.restore(snapshot);
    expect(await read()).toEqual(before);
  });

  it('hands in-process callers read-only bodies, so no caller can change what the next one reads', async () => {
    const { read } = setup();
    const first = await read();
    expect(() => {
      first['name'] = 'Tampered';
    }).toThrow(TypeError);
    expect(() => {
      (first['tags'] as string[]).push('tampered');
    }).toThrow(TypeError);
    expect(await read()).toMatchObject({ name: 'Hana Mensah', tags: ['vip', 'returning'] });
  });

  it('over HTTP, writes the bytes JSON.stringify would, on the first read and on later ones', async () => {
    const { sim, keys } = setup();
    const server = await listen(sim, { host: '127.0.0.1', port: 0 });
    try {
      const expected = JSON.stringify((await sim.request({ path: '/contacts/1', key: keys.read })).body);
      const page = JSON.stringify((await sim.request({ path: '/contacts?limit=3', key: keys.read })).body);
      for (let i = 0; i < 2; i++) {
        const one = await fetch(`${server.baseUrl}/contacts/1`, { headers: { 'X-Service-Api-Key': keys.read! } });
        expect(await one.text()).toBe(expected);
        const list = await fetch(`${server.baseUrl}/contacts?limit=3`, { headers: { 'X-Service-Api-Key': keys.read! } });
        expect(await list.text()).toBe(page);
      }
    } finally {
      await server.close();
    }
  });
});
