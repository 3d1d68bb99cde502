/**
 * A PATCH that changes nothing writes nothing: `updated_at` stays where it was, as contacts and
 * conversations already did (audit 12i, O1-O3: flows, comment triggers and webhook endpoints moved
 * it). A real change still moves it. Both runtimes, on a frozen clock stepped between writes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

type Json = Record<string, unknown>;
const data = (res: { body: unknown }) => (res.body as { data: Json }).data;
const rows = (res: { body: unknown }) => (res.body as { data: Json[] }).data;

describeRuntimes(
  'PATCH with nothing new',
  (api) => {
    const step = () => api().sim.clock.advance(60_000);

    async function expectStill(path: string, sameBody: Json, changedBody: Json, key: string) {
      const before = data(await api().call({ path, key }));
      step();
      const same = await api().call({ method: 'PATCH', path, key, body: sameBody });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(data(same)['updated_at'], `${path} no-op`).toBe(before['updated_at']);
      expect(data(await api().call({ path, key }))['updated_at']).toBe(before['updated_at']);
      step();
      const changed = await api().call({ method: 'PATCH', path, key, body: changedBody });
      expect(changed.status).toBe(200);
      expect(data(changed)['updated_at'], `${path} change`).not.toBe(before['updated_at']);
    }

    it('a flow: the same name and tag', async () => {
      const flow = rows(await api().call({ path: '/flows', key: api().keys.read }))[0]!;
      await expectStill(`/flows/${flow['id']}`, { name: flow['name'] }, { name: `${String(flow['name'])} (renamed)` }, api().keys.full!);
    });

    it('a comment trigger: the same name and keywords', async () => {
      const trigger = rows(await api().call({ path: '/comment-triggers', key: api().keys.read }))[0]!;
      const full = data(await api().call({ path: `/comment-triggers/${trigger['id']}`, key: api().keys.read }));
      await expectStill(`/comment-triggers/${trigger['id']}`, { name: full['name'], keywords: full['keywords'] }, { name: 'Renamed trigger' }, api().keys.full!);
    });

    it('a webhook endpoint: the same name and url', async () => {
      const created = data(
        await api().call({ method: 'POST', path: '/webhooks/endpoints', key: api().keys.admin!, body: { name: 'Hooks', url: 'https://hooks.example.test/in' } }),
      );
      await expectStill(`/webhooks/endpoints/${created['id']}`, { name: 'Hooks', url: 'https://hooks.example.test/in' }, { name: 'Hooks 2' }, api().keys.admin!);
    });
  },
  { clock: { frozenAt: '2026-03-02T15:00:00+00:00' } },
);
