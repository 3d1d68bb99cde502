/**
 * Plan and access gates answer before anything the request carries is looked at (4.13-4.16,
 * section 8): "every /comments route gives 403 `feature_unavailable`" below Pro, media below the
 * creator tier, content publishing on an ineligible plan, market intelligence without the
 * full-permission login. Every route of those four groups (from the route tables, so a route added
 * without its gate fails here) gets 403 with the gate's `param` even when its id names nothing,
 * its query is invalid and its body is malformed or empty; an account the gate lets through gets
 * past the gate to the route's own checks. Both runtimes.
 */
import { expect, it } from 'vitest';
import type { AnyRoute } from '../src/core/route.js';
import { commentsGroup } from '../src/resources/comments/index.js';
import { marketGroup } from '../src/resources/market/index.js';
import { mediaGroup } from '../src/resources/media/index.js';
import { postsGroup } from '../src/resources/posts/index.js';
import type { RequestOptions } from '../src/simulator.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

/** Seed account order: business, pro, creator, free, add-on inactive. */
const CREATOR = 2;
const FREE = 3;

interface GatedGroup {
  readonly name: string;
  readonly routes: readonly AnyRoute<never>[];
  /** A seed account the group is closed to, and one it is open to. */
  readonly closedTo: number;
  readonly openTo: number;
  readonly param: string;
  readonly ungated?: readonly string[];
}

const GATED: readonly GatedGroup[] = [
  { name: 'comments (Pro and above)', routes: commentsGroup.routes, closedTo: CREATOR, openTo: 0, param: 'comment_ai' },
  { name: 'media (creator tier and above)', routes: mediaGroup.routes, closedTo: FREE, openTo: 0, param: 'media_library' },
  { name: 'posts (content publishing)', routes: postsGroup.routes, closedTo: FREE, openTo: 0, param: 'content_publishing', ungated: ['/posts/capabilities'] },
  { name: 'market (full-permission login)', routes: marketGroup.routes, closedTo: CREATOR, openTo: 0, param: 'market_intelligence' },
];

const NO_SUCH_ID = '999999999';
const pathOf = (route: AnyRoute<never>): string => route.path.replace(/\{[^}]+\}/g, NO_SUCH_ID);

/** The worst request a route can get: ids that name nothing, an invalid query, a malformed body. */
const worstRequests = (route: AnyRoute<never>): RequestOptions[] => {
  const query = { limit: 'abc', since: 'yesterday', period: '13', days: 'x', status: 'nope' };
  if (route.method === 'GET' || route.method === 'DELETE') return [{ method: route.method, path: pathOf(route), query }];
  return [
    { method: route.method, path: pathOf(route), query, body: '{"unfinished": ' },
    { method: route.method, path: pathOf(route), query, body: {} },
    { method: route.method, path: pathOf(route), query },
  ];
};

describeRuntimes('plan and access gates come first', (api: () => RuntimeApi) => {
  it.each(GATED)('$name: every route answers 403 feature_unavailable to the account it is closed to, whatever it sent', async (group) => {
    const key = api().accounts[group.closedTo]!.keys.full!;
    const gated = group.routes.filter((route) => !group.ungated?.includes(route.path));
    expect(gated.length).toBeGreaterThan(3);
    for (const route of gated) {
      for (const request of worstRequests(route)) {
        const res = await api().call({ ...request, key });
        const where = `${request.method} ${request.path} ${JSON.stringify(request.body)}`;
        expect(res.status, where).toBe(403);
        expect(res.body, where).toMatchObject({ error: { code: 'feature_unavailable', param: group.param } });
      }
    }
  });

  it.each(GATED)('$name: the account it is open to gets past the gate: its request is checked instead, never a 5xx', async (group) => {
    const key = api().accounts[group.openTo]!.keys.full!;
    for (const route of group.routes) {
      for (const request of worstRequests(route)) {
        const res = await api().call({ ...request, key });
        const where = `${request.method} ${request.path} ${JSON.stringify(request.body)}`;
        expect(res.status, where).toBeLessThan(500);
        expect((res.body as { error?: { code?: string } } | undefined)?.error?.code, where).not.toBe('feature_unavailable');
      }
    }
  });

  it('GET /posts/capabilities stays open on every plan (4.15)', async () => {
    const res = await api().call({ path: '/posts/capabilities', key: api().accounts[FREE]!.keys.full! });
    expect(res.status).toBe(200);
  });
});
