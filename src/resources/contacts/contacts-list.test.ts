/** GET /contacts (4.2): every filter, AND, newest first, pagination, invalid values. */
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../../../fixtures/default-seed.js';
import { testSimulator } from '../../../test/support/simulator.js';

type Json = Record<string, unknown>;
interface ListBody {
  data: Json[];
  has_more: boolean;
  next_cursor: string | null;
}
const error = (res: { body: unknown }) => (res.body as { error: { code: string; param?: string } }).error;

/** The default accounts and keys only: no seeded contacts, tags, fields or conversations. */
function blankSeed() {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }) => ({ id, business_name, plan, addon, timezone, api_keys }));
  return { ...seed, accounts };
}

const PEOPLE = [
  { channel: 'sms', platform_user_id: '+15550001', name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+15550001', stage: 'new', tags: ['vip'] },
  { channel: 'sms', platform_user_id: '+15550002', name: 'Alan Turing', stage: 'qualified', tags: ['vip', 'b2b'] },
  { channel: 'whatsapp', platform_user_id: '15550003', name: 'Grace Hopper', phone: '+15550003', stage: 'qualified' },
  { channel: 'instagram', platform_user_id: 'ig-4', name: 'Katherine Johnson', email: 'kj@example.com', stage: 'customer', tags: ['b2b'] },
  { channel: 'facebook', platform_user_id: 'fb-5', stage: 'lost' },
  { channel: 'telegram', platform_user_id: 'tg-6', name: 'Ada Yonath', stage: 'qualified', tags: ['vip'] },
];

async function setup() {
  const t = testSimulator({ seed: blankSeed(), clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
  const { sim, keys, accounts } = t;
  const ids: number[] = [];
  for (const person of PEOPLE) {
    const res = await sim.request({ method: 'POST', path: '/contacts', key: keys.full, body: person });
    ids.push((res.body as { data: { id: number } }).data.id);
  }
  // Another account's lookalike must never show up.
  await sim.request({ method: 'POST', path: '/contacts', key: accounts[1]!.keys.full, body: PEOPLE[0] });
  const list = async (query: Record<string, string>) => {
    const res = await sim.request({ path: '/contacts', key: keys.read, query });
    return res;
  };
  const names = async (query: Record<string, string>) =>
    ((await list(query)).body as ListBody).data.map((contact) => contact['platform_user_id']);
  return { ...t, ids, list, names };
}

describe('GET /contacts', () => {
  it('lists the account’s contacts newest first', async () => {
    const { names } = await setup();
    expect(await names({})).toEqual(['tg-6', 'fb-5', 'ig-4', '15550003', '+15550002', '+15550001']);
  });

  it('filters by each parameter', async () => {
    const { names } = await setup();
    expect(await names({ channel: 'sms' })).toEqual(['+15550002', '+15550001']);
    expect(await names({ stage: 'qualified' })).toEqual(['tg-6', '15550003', '+15550002']);
    expect(await names({ tag: 'vip' })).toEqual(['tg-6', '+15550002', '+15550001']);
    expect(await names({ tag: 'VIP' })).toEqual([]);
    expect(await names({ tag: 'never-created' })).toEqual([]);
    expect(await names({ email: 'kj@example.com' })).toEqual(['ig-4']);
    expect(await names({ email: 'ada@example.com' })).toEqual(['+15550001']);
    expect(await names({ phone: '+15550003' })).toEqual(['15550003']);
    expect(await names({ phone: '15550003' })).toEqual([]);
    expect(await names({ name: 'ada' })).toEqual(['tg-6', '+15550001']);
    expect(await names({ name: 'n T' })).toEqual(['+15550002']);
  });

  it('combines filters with AND', async () => {
    const { names } = await setup();
    expect(await names({ tag: 'vip', stage: 'qualified' })).toEqual(['tg-6', '+15550002']);
    expect(await names({ tag: 'vip', stage: 'qualified', channel: 'sms' })).toEqual(['+15550002']);
    expect(await names({ name: 'ada', channel: 'telegram', tag: 'vip' })).toEqual(['tg-6']);
    expect(await names({ name: 'ada', channel: 'whatsapp' })).toEqual([]);
    expect(await names({ tag: 'b2b', email: 'kj@example.com', stage: 'customer' })).toEqual(['ig-4']);
  });

  it('filters by updated_since (at or after the instant)', async () => {
    const { names, sim, keys, ids } = await setup();
    sim.sandbox.clock.advance('1h');
    await sim.request({ method: 'PATCH', path: `/contacts/${ids[2]}`, key: keys.full, body: { notes: 'later' } });
    expect(await names({ updated_since: '2026-01-01T00:30:00+00:00' })).toEqual(['15550003']);
    expect(await names({ updated_since: '2026-01-01T01:00:00+00:00' })).toEqual(['15550003']);
    expect(await names({ updated_since: '2026-01-01T01:00:00.001+00:00' })).toEqual([]);
    expect(await names({ updated_since: '2026-01-01T02:00:00+01:00' })).toEqual(['15550003']);
    expect(await names({ updated_since: '2026-01-01T00:00:00Z' })).toHaveLength(6);
  });

  it('reads an unencoded + offset in the query string as the + it was, not as a space', async () => {
    const { sim, keys, ids } = await setup();
    sim.sandbox.clock.advance('1h');
    await sim.request({ method: 'PATCH', path: `/contacts/${ids[2]}`, key: keys.full, body: { notes: 'later' } });
    // A URL built by pasting one of our timestamps: form decoding turns `+` into a space.
    const pasted = await sim.request({ method: 'GET', path: '/contacts?updated_since=2026-01-01T00:30:00+00:00', key: keys.full });
    expect(pasted.status).toBe(200);
    expect((pasted.body as ListBody).data.map((c) => c['platform_user_id'])).toEqual(['15550003']);
    // Only that shape is repaired: a space anywhere else is still a bad instant.
    const spaced = await sim.request({ method: 'GET', path: '/contacts?updated_since=2026-01-01 00:30:00Z', key: keys.full });
    expect([spaced.status, error(spaced).param]).toEqual([400, 'updated_since']);
  });

  it('pages newest first with limit and starting_after until has_more is false', async () => {
    const { list } = await setup();
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(cursor ? { limit: '4', starting_after: cursor } : { limit: '4' });
      const body = res.body as ListBody;
      seen.push(...body.data.map((c) => c['platform_user_id']));
      cursor = body.next_cursor;
      expect(body.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(['tg-6', 'fb-5', 'ig-4', '15550003', '+15550002', '+15550001']);
  });

  it('pages a filtered list', async () => {
    const { list } = await setup();
    const first = (await list({ stage: 'qualified', limit: '2' })).body as ListBody;
    expect(first.data.map((c) => c['platform_user_id'])).toEqual(['tg-6', '15550003']);
    const second = (await list({ stage: 'qualified', limit: '2', starting_after: first.next_cursor! })).body as ListBody;
    expect(second.data.map((c) => c['platform_user_id'])).toEqual(['+15550002']);
    expect(second.has_more).toBe(false);
  });

  const invalid: [string, string][] = [
    ['channel', 'email'],
    ['channel', ''],
    ['stage', 'won'],
    ['tag', ''],
    ['tag', 't'.repeat(51)],
    ['email', 'not-an-email'],
    ['phone', '12'],
    ['phone', '+1 555'],
    ['name', ''],
    ['name', 'n'.repeat(256)],
    ['updated_since', 'yesterday'],
    ['updated_since', '2026-01-01'],
    ['updated_since', '2026-01-01T00:00:00'],
    ['updated_since', '2026-13-01T00:00:00+00:00'],
    ['limit', '0'],
    ['limit', '101'],
    ['starting_after', 'garbage'],
  ];
  for (const [param, value] of invalid) {
    it(`refuses ${param}=${JSON.stringify(value).slice(0, 24)} with 400 naming ${param}`, async () => {
      const { list } = await setup();
      const res = await list({ [param]: value });
      expect(res.status).toBe(400);
      expect(error(res)).toMatchObject({ code: 'invalid_param', param });
    });
  }

  it('accepts the limit boundaries 1 and 100', async () => {
    const { list } = await setup();
    expect(((await list({ limit: '1' })).body as ListBody).data).toHaveLength(1);
    expect(((await list({ limit: '100' })).body as ListBody).data).toHaveLength(6);
  });
});

describe('GET /contacts on the default seed', () => {
  it('holds enough contacts in every plan tier to page through, with deterministic ids', async () => {
    const a = testSimulator();
    const b = testSimulator();
    for (const account of a.accounts.filter((acc) => acc.addon === 'active')) {
      const first = await a.sim.request({ path: '/contacts', key: account.keys.read, query: { limit: '100' } });
      const again = await b.sim.request({ path: '/contacts', key: account.keys.read, query: { limit: '100' } });
      const body = first.body as ListBody;
      expect(body.data.length).toBeGreaterThanOrEqual(60);
      expect(body.data.map((c) => c['id'])).toEqual((again.body as ListBody).data.map((c) => c['id']));
      expect(new Set(body.data.map((c) => c['channel'])).size).toBe(5);
      expect(new Set(body.data.map((c) => c['stage'])).size).toBe(5);
    }
  });
});
