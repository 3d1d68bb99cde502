/**
 * A PATCH that changes nothing, on every PATCH route with an id (7.1: "A 400 from PATCH
 * /contacts/{id} with an empty body lists the updatable fields"): `{}` on a record of the account
 * is 400 naming `body` and listing the fields, and `{}` on an unknown or another account's id is
 * 404, like any other request to it (audit 14a F1: six routes answered 404 and seven 400). The
 * routes are read from the OpenAPI document, so a new PATCH route is covered when it lands.
 */
import { describe, expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

interface PatchRoute {
  readonly path: string;
  readonly collection: string;
}

describeRuntimes('an empty PATCH', (api) => {
  /** Every `PATCH /{collection}/{id}` the document lists. */
  async function patchRoutes(): Promise<PatchRoute[]> {
    const document = (await api().call({ path: '/openapi.json' })).body as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths)
      .filter(([path, item]) => item['patch'] !== undefined && /\/\{id\}$/.test(path))
      .map(([path]) => ({ path, collection: path.slice(0, -'/{id}'.length) }));
  }

  /** A record of account `index`'s own: the first its list shows, or one made for the test where the seed has none. */
  async function ownId(collection: string, index: number): Promise<number> {
    const id = await firstId(collection, index);
    expect(id, `${collection}: the default seed's account ${index + 1} has one`).toBeDefined();
    return id!;
  }

  async function firstId(collection: string, index: number): Promise<number | undefined> {
    const key = api().accounts[index]!.keys.full;
    if (collection === '/webhooks/endpoints') {
      const body = { name: 'empty patch', url: 'https://hooks.example.test/in', governance: { attested: true, purpose: 'testing an empty patch' } };
      const created = await api().call({ method: 'POST', path: collection, key, body });
      expect(created.status).toBe(201);
      return (created.body as { data: { id: number } }).data.id;
    }
    const listed = await api().call({ path: collection, key, query: collection === '/knowledge/faqs' ? { include_inactive: 'true' } : {} });
    expect(listed.status, collection).toBe(200);
    return (listed.body as { data: { id: number }[] }).data[0]?.id;
  }

  /** Another account's record: the first of accounts 2 to 4 that has one. */
  async function foreignId(collection: string): Promise<number> {
    for (const index of [1, 2, 3]) {
      const id = await firstId(collection, index);
      if (id !== undefined) return id;
    }
    throw new Error(`${collection}: no other seed account has a record`);
  }

  it('is 400 naming body, listing the fields, on a record of the account', async () => {
    const routes = await patchRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const route of routes) {
      const id = await ownId(route.collection, 0);
      const answer = await api().call({ method: 'PATCH', path: `${route.collection}/${id}`, key: api().keys.full, body: {} });
      expect(answer.status, route.path).toBe(400);
      const error = (answer.body as { error: { code: string; param: string; message: string } }).error;
      expect(error.code, route.path).toBe('invalid_param');
      expect(error.param, route.path).toBe('body');
      expect(error.message, route.path).toMatch(/^Send at least one updatable field: \w+/);
    }
  });

  it('is 404 on an unknown id and on another account\'s id, on every route alike', async () => {
    for (const route of await patchRoutes()) {
      const foreign = await foreignId(route.collection);
      for (const id of [999_999, foreign]) {
        const answer = await api().call({ method: 'PATCH', path: `${route.collection}/${id}`, key: api().keys.full, body: {} });
        expect(answer.status, `${route.path} with ${id}`).toBe(404);
        expect((answer.body as { error: { code: string } }).error.code).toBe('not_found');
      }
    }
  });
});

describe('the empty-PATCH rule', () => {
  it('leaves the record as it was', async () => {
    const { testSimulator } = await import('./support/simulator.js');
    const { sim, keys } = testSimulator();
    const before = await sim.request({ path: '/team', key: keys.full });
    const id = (before.body as { data: { id: number }[] }).data[0]!.id;
    expect((await sim.request({ method: 'PATCH', path: `/team/${id}`, key: keys.full, body: {} })).status).toBe(400);
    expect((await sim.request({ path: '/team', key: keys.full })).body).toEqual(before.body);
    sim.close();
  });
});
