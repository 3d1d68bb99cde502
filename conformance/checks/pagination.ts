/**
 * Cursor pagination (2.1, 8), as properties: walking every page with any limit yields each item
 * exactly once, newest first, in the same order as one big page; `limit` outside 1..100 is 400
 * `invalid_param` naming `limit`; the default page is 25; a cursor the list never issued is 400.
 * Whether a *tampered* real cursor is caught depends on how cursors are built ("opaque"), so that
 * one is an assumption.
 */
import fc from 'fast-check';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectStatus, fail, readList } from '../runner/expect.js';
import { ROUTES, routeKey } from '../spec/routes.js';
import { costOf, perRun, walk } from './helpers.js';

const group = 'pagination';

/** Paginated lists without path parameters that the target serves. */
function paginatedLists(ctx: CheckContext): string[] {
  return ROUTES.filter((r) => r.method === 'GET' && r.paginated && !r.path.includes('{') && ctx.target.routes.has(routeKey('GET', r.path))).map((r) => r.path);
}

/**
 * The list the walk property uses: API keys (every account has some, and the kit mints more),
 * else the first paginated list served. The order of the other lists is judged one by one in
 * list-order.ts.
 */
function walkList(ctx: CheckContext): string {
  if (ctx.serves('GET', '/api-keys')) return '/api-keys';
  const lists = paginatedLists(ctx);
  return lists[0] ?? ctx.skip('not_served:no_paginated_list');
}

function createdAt(item: Record<string, unknown>): number | undefined {
  const value = item['created_at'];
  return typeof value === 'string' ? Date.parse(value) : undefined;
}

const badLimit = fc.oneof(
  fc.integer({ min: -1000, max: 0 }).map(String),
  fc.integer({ min: 101, max: 1_000_000 }).map(String),
  fc.constantFrom('abc', '1.5', '2e1', 'ten', '0x10', '-1'),
);

export const paginationChecks: CheckDefinition[] = [
  {
    id: 'pagination.walk',
    title: 'Walking every page yields each item once, newest first',
    clause: '2.1',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /api-keys'],
    cost: perRun(6, 1),
    async run(ctx) {
      const path = walkList(ctx);
      const reference = await ctx.send({ path, query: { limit: 100 } });
      expectStatus(reference, 200, `GET ${path}?limit=100`);
      const all = readList(reference, `GET ${path}`);
      if (all.data.length < 2) return ctx.skip('list_too_short', `${path} has ${all.data.length} item(s)`);
      const expected = all.data.map((item) => (item as { id?: unknown }).id);
      // Small limits make many pages; on a long list they would spend the quota, so a walk is
      // kept to about 20 pages.
      const minLimit = all.has_more ? 25 : Math.max(1, Math.ceil(all.data.length / 20));
      const maxLimit = all.has_more ? 100 : Math.max(minLimit, Math.min(5, all.data.length - 1));
      await ctx.fc.check(
        fc.asyncProperty(fc.integer({ min: minLimit, max: maxLimit }), async (limit) => {
          const walked = await walk(ctx, path, { limit });
          const ids = walked.items.map((item) => item['id']);
          const seen = new Set<unknown>();
          for (const [index, id] of ids.entries()) {
            if (seen.has(id)) fail(`GET ${path} with limit=${limit}: item ${String(id)} appears twice (position ${index})`, walked.pages[Math.floor(index / limit)]);
            seen.add(id);
          }
          for (const page of walked.pages.slice(0, -1)) {
            const size = readList(page, `GET ${path}`).data.length;
            if (size !== limit) fail(`GET ${path} with limit=${limit}: a page that is not the last has ${size} items`, page);
          }
          for (let i = 1; i < walked.items.length; i++) {
            const newer = createdAt(walked.items[i - 1]!);
            const older = createdAt(walked.items[i]!);
            if (newer !== undefined && older !== undefined && older > newer) fail(`GET ${path}: not newest first at position ${i}`, walked.pages[Math.floor(i / limit)]);
          }
          if (!all.has_more && JSON.stringify(ids) !== JSON.stringify(expected)) {
            fail(`GET ${path} with limit=${limit}: the pages do not add up to the single page (${ids.length} vs ${expected.length} items)`, walked.pages[walked.pages.length - 1]);
          }
        }),
        { runs: Math.min(ctx.fc.runs, 8) },
      );
    },
  },
  {
    id: 'pagination.limit-bounds',
    title: 'limit outside 1..100 gives 400 invalid_param naming limit',
    clause: '2.1',
    level: 'spec',
    group,
    profile: 'read-only',
    cost: perRun(1, 2),
    async run(ctx) {
      const lists = paginatedLists(ctx);
      if (lists.length === 0) return ctx.skip('not_served:no_paginated_list');
      for (const limit of [1, 100]) {
        const response = await ctx.send({ path: lists[0]!, query: { limit } });
        expectStatus(response, 200, `GET ${lists[0]}?limit=${limit}`);
        if (readList(response, `GET ${lists[0]}`).data.length > limit) fail(`GET ${lists[0]}?limit=${limit} answered more than ${limit} items`, response);
      }
      await ctx.fc.check(
        fc.asyncProperty(fc.constantFrom(...lists), badLimit, async (path, limit) => {
          const response = await ctx.send({ path, query: { limit } });
          expectError(response, 400, 'invalid_param', `GET ${path}?limit=${limit}`, { param: 'limit' });
        }),
      );
    },
  },
  {
    id: 'pagination.default-limit',
    title: 'Without limit a page holds at most 25 items',
    clause: '2.1',
    level: 'spec',
    group,
    profile: 'read-only',
    cost: costOf(3),
    async run(ctx) {
      const lists = paginatedLists(ctx).filter((path) => path !== '/flow-events');
      if (lists.length === 0) return ctx.skip('not_served:no_paginated_list');
      for (const path of lists.slice(0, 3)) {
        const response = await ctx.send({ path });
        expectStatus(response, 200, `GET ${path}`);
        const list = readList(response, `GET ${path}`);
        if (list.data.length > 25 || (list.has_more && list.data.length !== 25)) fail(`GET ${path}: the default page should hold 25 items, got ${list.data.length}`, response);
      }
    },
  },
  {
    id: 'pagination.foreign-cursor',
    title: 'A starting_after the list never issued gives 400 invalid_param',
    clause: '2.1',
    level: 'spec',
    group,
    profile: 'read-only',
    cost: costOf(2),
    async run(ctx) {
      const lists = paginatedLists(ctx);
      if (lists.length === 0) return ctx.skip('not_served:no_paginated_list');
      for (const cursor of ['not-a-cursor', '%%%']) {
        const response = await ctx.send({ path: lists[0]!, query: { starting_after: cursor } });
        expectError(response, 400, 'invalid_param', `GET ${lists[0]}?starting_after=${cursor}`, { param: 'starting_after' });
      }
    },
  },
  {
    // 2.1 gives next_cursor as "string or null" and stops a walk on has_more alone, so a cursor on
    // the last page is conformant (audit 13f F1); null there is the house's reading.
    id: 'pagination.last-page-cursor',
    title: 'The last page (has_more false) has next_cursor null',
    clause: '2.1',
    level: 'assumption',
    group,
    profile: 'read-only',
    routes: ['GET /api-keys'],
    cost: costOf(3),
    async run(ctx) {
      const path = walkList(ctx);
      // A whole-set list (tags) too, asked without `limit` (4.5 states no query for it).
      const lists = ctx.serves('GET', '/tags') ? [{ path, limit: 100 }, { path: '/tags' }] : [{ path, limit: 100 }];
      for (const { path: listPath, limit } of lists) {
        const walked = await walk(ctx, listPath, limit === undefined ? { maxPages: 20 } : { limit, maxPages: 20 });
        const last = walked.pages[walked.pages.length - 1]!;
        const cursor = readList(last, `GET ${listPath}`).next_cursor;
        if (cursor !== null) fail(`GET ${listPath}: the last page (has_more false) carries next_cursor ${JSON.stringify(cursor)}, not null`, last);
      }
    },
  },
  {
    id: 'pagination.tampered-cursor',
    title: 'A real cursor with one character changed gives 400',
    clause: '2.1',
    level: 'assumption',
    group,
    profile: 'read-only',
    routes: ['GET /api-keys'],
    cost: perRun(1, 1),
    async run(ctx) {
      const path = walkList(ctx);
      const first = await ctx.send({ path, query: { limit: 1 } });
      const list = readList(first, `GET ${path}?limit=1`);
      if (!list.has_more || !list.next_cursor) return ctx.skip('list_too_short');
      const cursor = list.next_cursor;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      await ctx.fc.check(
        fc.asyncProperty(fc.nat(cursor.length - 1), fc.constantFrom(...alphabet), async (position, char) => {
          fc.pre(cursor[position] !== char);
          const tampered = `${cursor.slice(0, position)}${char}${cursor.slice(position + 1)}`;
          const response = await ctx.send({ path, query: { limit: 1, starting_after: tampered } });
          expectError(response, 400, 'invalid_param', `GET ${path} with a cursor changed at position ${position}`, { param: 'starting_after' });
        }),
      );
    },
  },
];
