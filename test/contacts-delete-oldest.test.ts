/**
 * Deleting the oldest contacts keeps GET /contacts `name=` exact (issue 12, item 4; docs/decisions.md,
 * "Deletes at a million records"). The name index keeps each piece's ids in blocks whose ids may
 * start past slot 0 after front removals (store/compact-ids.ts), and the id lists drop a drained
 * first chunk by folding it into the next (store/sorted-ids.ts). Here, through the API: an account
 * of 4,300 contacts (a piece every name holds passes 4,096 ids, a bitmap block; the rarer ones are
 * arrays), the 700 oldest deleted (front removals), new contacts and recreated identities after
 * them (appends once the front has room), old ones renamed (the middle); then every `name=` page
 * equals the unfiltered list filtered by the rule (4.2: case-insensitive substring of the name).
 */
import { expect, it } from 'vitest';
import { defaultSeed } from '../fixtures/default-seed.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

const COUNT = 4_300;
const DELETED = 700;
const FIRST = ['Ada', 'Zoltan', 'Grace', 'Linus', 'Radia', 'Edsger', 'Hedy', 'Ken'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Knuth', 'Perlman'];
const nameOf = (i: number): string => `${FIRST[i % FIRST.length]!} ${LAST[Math.floor(i / FIRST.length) % LAST.length]!} Rx`;

function seedWithContacts(): unknown {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }, index) => {
    const account = { id, business_name, plan, addon, timezone, api_keys };
    if (index > 0) return account;
    const contacts = Array.from({ length: COUNT }, (_, i) => ({ channel: 'sms', platform_user_id: `old-${i}`, name: nameOf(i) }));
    return { ...account, contacts };
  });
  return { ...seed, accounts };
}

type Item = { id: number; name: string | null };

async function allPages(api: RuntimeApi, query: Record<string, string>, limit: number): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const response = await api.call({ path: '/contacts', key: api.keys.read, query: { ...query, limit: String(limit), ...(cursor ? { starting_after: cursor } : {}) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as { data: Item[]; has_more: boolean; next_cursor: string | null };
    out.push(...body.data);
    if (!body.has_more) return out;
    cursor = body.next_cursor!;
  }
  throw new Error('the cursors never ended');
}

async function write(api: RuntimeApi, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<{ id: number }> {
  const response = await api.call({ method, path, key: api.keys.full, ...(body === undefined ? {} : { body }) });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return (response.body as { data: { id: number } }).data;
}

describeRuntimes(
  'GET /contacts?name= after the oldest contacts are deleted',
  (api) => {
    it('answers every query like a scan after front deletes, appends, recreations and renames', async () => {
      const ours = (await allPages(api(), {}, 100)).map((item) => item.id).sort((a, b) => a - b);
      expect(ours).toHaveLength(COUNT);
      for (const id of ours.slice(0, DELETED)) await write(api(), 'DELETE', `/contacts/${id}`);
      for (let k = 0; k < 300; k++) await write(api(), 'POST', '/contacts', { channel: 'sms', platform_user_id: `new-${k}`, name: nameOf(k * 7) });
      for (let i = 0; i < 200; i += 2) await write(api(), 'POST', '/contacts', { channel: 'sms', platform_user_id: `old-${i}`, name: nameOf(i) });
      for (const id of ours.slice(DELETED, DELETED + 40)) await write(api(), 'PATCH', `/contacts/${id}`, { name: `Renamed Zol ${id}` });

      const everything = await allPages(api(), {}, 100);
      for (const [query, limit] of [['zol', 25], ['ZOLTAN', 7], ['an', 50], ['rx', 100], ['a l', 30], ['renamed', 9], ['q', 25]] as const) {
        const wanted = everything.filter((item) => item.name !== null && item.name.toLowerCase().includes(query.toLowerCase())).map((item) => item.id);
        const got = (await allPages(api(), { name: query }, limit)).map((item) => item.id);
        expect(got, `name=${query}`).toEqual(wanted);
      }
    });
  },
  { seed: seedWithContacts() },
);
