/** The seed format's tags, custom_fields and contacts (docs/decisions.md, "Seeds"). */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;

function seedWith(extra: Json) {
  const seed = defaultSeed();
  const [first, ...rest] = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts: [{ ...first!, ...extra }, ...rest] };
}

const BASE = {
  tags: [{ name: 'vip', color: '#F59E0B' }],
  custom_fields: [
    { field_key: 'size', label: 'Size', type: 'number' },
    { field_key: 'legacy', label: 'Legacy', archived: true },
  ],
  contacts: [
    { channel: 'sms', platform_user_id: '+1555', name: 'Ann', email: 'ann@example.com', tags: ['vip', 'new-tag'], custom_fields: { size: 40, legacy: 'L-1' } },
    { channel: 'facebook', platform_user_id: 'fb1', first_user_message_at: null, stage: 'customer', lead_score: 80, lead_temperature: 'hot' },
  ],
};

describe('seeded contacts, tags and custom fields', () => {
  it('loads in seed order with no events, hiding archived values', async () => {
    const { sim, keys, accounts } = testSimulator({ seed: seedWith(BASE), clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
    const list = (await sim.request({ path: '/contacts', key: keys.read })).body as { data: Json[] };
    expect(list.data.map((c) => c['id'])).toEqual([2, 1]);
    expect(list.data[1]).toMatchObject({ name: 'Ann', tags: ['vip', 'new-tag'], custom_fields: { size: 40 }, first_user_message_at: '2026-01-01T00:00:00+00:00' });
    expect(list.data[0]).toMatchObject({ first_user_message_at: null, stage: 'customer', lead_score: 80, lead_temperature: 'hot' });
    const tags = (await sim.request({ path: '/tags', key: keys.read })).body as { data: Json[] };
    expect(tags.data).toEqual([
      expect.objectContaining({ name: 'new-tag', color: '#6B7280' }),
      expect.objectContaining({ name: 'vip', color: '#F59E0B' }),
    ]);
    expect(sim.sandbox.events(accounts[0]!.id)).toEqual([]);
  });

  it('counts a seeded contact with an email as an already captured lead', async () => {
    const { sim, keys, accounts } = testSimulator({ seed: seedWith(BASE) });
    await sim.request({ method: 'PATCH', path: '/contacts/1', key: keys.full, body: { phone: '+15550001' } });
    expect(sim.sandbox.events(accounts[0]!.id, { type: 'lead.captured' })).toEqual([]);
  });

  const broken: [string, Json, string][] = [
    ['an undefined custom field', { contacts: [{ channel: 'sms', platform_user_id: 'x', custom_fields: { nope: 1 } }] }, '$.accounts[0].contacts[0].custom_fields.nope'],
    ['a value of the wrong type', { custom_fields: [{ field_key: 'size', label: 'S', type: 'number' }], contacts: [{ channel: 'sms', platform_user_id: 'x', custom_fields: { size: 'big' } }] }, '$.accounts[0].contacts[0].custom_fields.size'],
    ['a duplicate identity', { contacts: [{ channel: 'sms', platform_user_id: 'x' }, { channel: 'sms', platform_user_id: 'x' }] }, '$.accounts[0].contacts[1].platform_user_id'],
    ['a duplicate tag', { tags: [{ name: 'a' }, { name: 'a' }] }, '$.accounts[0].tags[1]'],
    ['a duplicate custom field', { custom_fields: [{ field_key: 'a', label: 'A' }, { field_key: 'a', label: 'A' }] }, '$.accounts[0].custom_fields[1]'],
    ['a bad phone', { contacts: [{ channel: 'sms', platform_user_id: 'x', phone: '1' }] }, '$.accounts[0].contacts[0].phone'],
  ];
  for (const [label, extra, path] of broken) {
    it(`refuses ${label}, naming ${path}`, () => {
      expect(() => testSimulator({ seed: seedWith(extra) })).toThrow(path);
    });
  }

  it('gives the same ids on every load of the default seed, and no events', async () => {
    // Frozen, so the load-time timestamps agree too.
    const a = testSimulator({ clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
    const b = testSimulator({ clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
    const collections = (t: typeof a) => t.sim.snapshot().store.collections;
    expect(collections(a)['contacts']).toEqual(collections(b)['contacts']);
    expect(collections(a)['tags']).toEqual(collections(b)['tags']);
    expect(collections(a)['custom_fields']).toEqual(collections(b)['custom_fields']);
    expect(a.sim.sandbox.events(1, { type: 'contact.updated' })).toEqual([]);
  });
});
