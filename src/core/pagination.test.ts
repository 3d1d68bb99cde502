import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import {
  DEFAULT_LIMIT,
  decodeCursor,
  encodeCursor,
  pageNewestFirst,
  pageOldestFirst,
  parsePageRequest,
  wholeSet,
  type PageRequest,
} from './pagination.js';
import { testSimulator } from '../../test/support/simulator.js';
import type { SimResponse } from './types.js';

function thrown(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parsePageRequest (unit)', () => {
  it('defaults limit to 25, or the per-route default', () => {
    expect(parsePageRequest({}, 'l')).toEqual({ list: 'l', limit: DEFAULT_LIMIT, after: undefined });
    expect(DEFAULT_LIMIT).toBe(25);
    expect(parsePageRequest({}, 'l', 50).limit).toBe(50);
  });

  it('accepts 1 to 100, or 1 to the per-route max', () => {
    expect(parsePageRequest({ limit: '1' }, 'l').limit).toBe(1);
    expect(parsePageRequest({ limit: '100' }, 'l').limit).toBe(100);
    expect(parsePageRequest({ limit: '50' }, 'l', 12, 50).limit).toBe(50);
    expect(thrown(() => parsePageRequest({ limit: '51' }, 'l', 12, 50)).param).toBe('limit');
  });

  it('refuses anything else with invalid_param naming limit', () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', ' 5', '1e2', '0x10', '99999999', '٣']) {
      const error = thrown(() => parsePageRequest({ limit }, 'l'));
      expect(error, limit).toMatchObject({ code: 'invalid_param', param: 'limit', status: 400 });
    }
  });

  it('round-trips a cursor of the same list', () => {
    const cursor = encodeCursor('listThings', 42);
    expect(parsePageRequest({ starting_after: cursor }, 'listThings').after).toBe(42);
    expect(decodeCursor('listThings', cursor)).toBe(42);
  });

  it('refuses a cursor of another list', () => {
    const cursor = encodeCursor('listOther', 42);
    expect(thrown(() => decodeCursor('listThings', cursor))).toMatchObject({ code: 'invalid_param', param: 'starting_after' });
  });

  it('refuses tampered and garbage cursors', () => {
    const cursor = encodeCursor('l', 42);
    const [payload, check] = cursor.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify({ l: 'l', p: 1 })).toString('base64url')}.${check}`;
    const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${check}`;
    for (const bad of [forged, flipped, `${payload}.000000000000`, payload, '', '.', 'abc.def', 'x'.repeat(3000), '%%%.abc', '42']) {
      expect(thrown(() => decodeCursor('l', bad)), bad.slice(0, 40)).toMatchObject({ param: 'starting_after' });
    }
  });

  it('never throws anything but a starting_after ApiError for arbitrary cursor text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          decodeCursor('l', text);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).param).toBe('starting_after');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('pageNewestFirst / pageOldestFirst (unit)', () => {
  const records = new Map<number, { id: number; even: boolean }>();
  const ids: number[] = [];
  for (let id = 3; id <= 60; id += 3) {
    ids.push(id);
    records.set(id, { id, even: id % 2 === 0 });
  }
  const get = (id: number) => records.get(id);

  function walk(pager: typeof pageNewestFirst, limit: number, filter?: (r: { id: number; even: boolean }) => boolean): number[][] {
    const pages: number[][] = [];
    let after: unknown;
    for (let guard = 0; guard < 100; guard++) {
      const page = pager(ids, get, { list: 'l', limit, after } satisfies PageRequest, filter);
      pages.push(page.data.map((r) => r.id));
      if (!page.has_more) {
        expect(page.next_cursor).toBeNull();
        return pages;
      }
      expect(page.next_cursor).toEqual(expect.any(String));
      after = decodeCursor('l', page.next_cursor!);
    }
    throw new Error('no end');
  }

  it('walks newest first, every item exactly once, for any page size', () => {
    for (const limit of [1, 2, 3, 7, 19, 20, 21, 100]) {
      const pages = walk(pageNewestFirst, limit);
      const flat = pages.flat();
      expect(flat).toEqual([...ids].reverse());
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
  });

  it('walks oldest first, every item exactly once', () => {
    expect(walk(pageOldestFirst, 6).flat()).toEqual(ids);
  });

  it('applies a filter without losing or repeating items', () => {
    expect(walk(pageNewestFirst, 4, (r) => r.even).flat()).toEqual(ids.filter((id) => id % 2 === 0).reverse());
  });

  it('has_more is false with a null cursor when the last page is exactly full', () => {
    const page = pageNewestFirst(ids, get, { list: 'l', limit: ids.length, after: undefined });
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    expect(page.data).toHaveLength(ids.length);
  });

  it('stays stable when items are added or removed between pages', () => {
    const local = [...ids];
    const first = pageNewestFirst(local, get, { list: 'l', limit: 5, after: undefined });
    local.push(63);
    records.set(63, { id: 63, even: false });
    local.splice(local.indexOf(45), 1); // the first item of the next page disappears
    const second = pageNewestFirst(local, get, { list: 'l', limit: 5, after: decodeCursor('l', first.next_cursor!) });
    expect(first.data.map((r) => r.id)).toEqual([60, 57, 54, 51, 48]);
    expect(second.data.map((r) => r.id)).toEqual([42, 39, 36, 33, 30]);
    records.delete(63);
  });

  it('refuses a cursor whose position is not an id', () => {
    const error = thrown(() => pageNewestFirst(ids, get, { list: 'l', limit: 5, after: 'x' }));
    expect(error.param).toBe('starting_after');
  });

  it('wholeSet answers everything in one page', () => {
    expect(wholeSet([1, 2])).toEqual({ data: [1, 2], has_more: false, next_cursor: null });
  });
});

describe('pagination on GET /api-keys', () => {
  interface KeyList {
    data: { id: number }[];
    has_more: boolean;
    next_cursor: string | null;
  }
  const { sim, keys } = testSimulator();
  const list = (body: SimResponse) => body.body as KeyList;
  let total = 0;

  it('mints and revokes keys to make several pages', async () => {
    for (let i = 0; i < 60; i++) {
      const minted = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: `k${i}` } });
      expect(minted.status).toBe(201);
      const id = (minted.body as { data: { id: number } }).data.id;
      expect((await sim.request({ method: 'DELETE', path: `/api-keys/${id}`, key: keys.full })).status).toBe(200);
    }
    total = 4 + 60;
  });

  it('defaults limit to 25', async () => {
    const res = await sim.request({ path: '/api-keys', key: keys.full });
    expect(res.status).toBe(200);
    expect(list(res).data).toHaveLength(25);
    expect(list(res).has_more).toBe(true);
  });

  it('walks every key exactly once, newest first, until has_more is false', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await sim.request({
        path: '/api-keys',
        key: keys.read,
        query: cursor === null ? { limit: 9 } : { limit: 9, starting_after: cursor },
      });
      expect(res.status).toBe(200);
      const page = list(res);
      seen.push(...page.data.map((k) => k.id));
      if (page.has_more) expect(page.next_cursor).toEqual(expect.any(String));
      else expect(page.next_cursor).toBeNull();
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(Math.ceil(total / 9));
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('accepts limit 1 and 100', async () => {
    expect(list(await sim.request({ path: '/api-keys', key: keys.full, query: { limit: 1 } })).data).toHaveLength(1);
    const all = list(await sim.request({ path: '/api-keys', key: keys.full, query: { limit: 100 } }));
    expect(all.data).toHaveLength(total);
    expect(all).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('refuses limits outside 1..100 with 400 invalid_param param limit', async () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '']) {
      const res = await sim.request({ path: '/api-keys', key: keys.full, query: { limit } });
      expect(res.status, limit).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_param', param: 'limit' } });
    }
  });

  it('refuses a tampered cursor and a cursor from another list with 400 param starting_after', async () => {
    const first = list(await sim.request({ path: '/api-keys', key: keys.full, query: { limit: 2 } }));
    const cursor = first.next_cursor!;
    const tampered = `${cursor.slice(0, 3)}${cursor[3] === 'A' ? 'B' : 'A'}${cursor.slice(4)}`;
    for (const bad of [tampered, encodeCursor('listContacts', first.data[1]!.id), 'garbage']) {
      const res = await sim.request({ path: '/api-keys', key: keys.full, query: { starting_after: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_param', param: 'starting_after' } });
    }
  });

  it('ties the cursor to the list, not the account: another account sees only its own keys', async () => {
    const first = list(await sim.request({ path: '/api-keys', key: keys.full, query: { limit: 2 } }));
    const other = testSimulator().accounts[1]!;
    const res = await sim.request({ path: '/api-keys', key: other.keys.full, query: { starting_after: first.next_cursor! } });
    expect(res.status).toBe(200);
    // Account 2's keys all have lower ids than account 1's minted ones, so they are all listed.
    for (const key of list(res).data) expect(key.id).toBeLessThan(first.data[1]!.id);
    expect(list(res).data).toHaveLength(4);
  });
});
