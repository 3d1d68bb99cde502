/**
 * Seed pull of the groups whose state depends on what the API refuses or never shows: webhook
 * endpoints (their secrets are never readable, so a pulled endpoint signs with a marked
 * placeholder until the user sets or rotates one), media and market on accounts whose plan or
 * connection refuses them (a refusal is state to copy, not a failed pull), and AI configuration
 * on a plan without the gated sections.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualWaiter } from '../conformance/http/waiter.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { registry } from '../src/resources/index.js';
import { PLACEHOLDER_SECRET } from '../src/resources/webhooks/seed.js';
import type { WebhookTransportRequest } from '../src/resources/webhooks/transport.js';
import { verifyWebhook } from '../src/resources/webhooks/verify.js';
import { pullSeed } from '../src/pull/pull.js';
import { defaultSeed } from '../src/seed/default.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { describeRuntimes, type RuntimeApi } from './support/runtimes.js';

const T = '2026-03-01T12:00:00+00:00';
const T_MS = Date.parse(T);

const delivered: WebhookTransportRequest[] = [];
const webhookTransport = async (request: WebhookTransportRequest) => {
  delivered.push(request);
  return { status: 204, body: '' };
};

/** A user's own secret, set in the seed file (base64 of 32 bytes). */
const OWN_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

function seedWithEndpoints() {
  const seed = defaultSeed() as { accounts: Record<string, unknown>[] };
  const governance = { attested: true, purpose: 'Orders into the warehouse system' };
  seed.accounts[0]!['webhook_endpoints'] = [
    { id: 7, name: 'Pulled, no secret', url: 'https://hooks.example.test/a', enabled: true, governance, stats: { delivered: 41, failed: 2, last_delivered_at: '2026-02-27T09:00:00+00:00' } },
    { id: 9, name: 'Secret set in the seed', url: 'https://hooks.example.test/b', enabled: true, governance, signing_secret: OWN_SECRET },
  ];
  return seed;
}

async function testDelivery(call: RuntimeApi['call'], key: string, id: number): Promise<WebhookTransportRequest> {
  delivered.length = 0;
  const res = await call({ method: 'POST', path: `/webhooks/endpoints/${id}/test`, key, body: { channel: 'meta' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(delivered).toHaveLength(1);
  return delivered[0]!;
}

describeRuntimes(
  'a pulled webhook endpoint',
  (runtime) => {
    it('keeps its id, state and counters, and signs with the marked placeholder secret until rotated', async () => {
      const { call, keys, sim } = runtime();
      const listed = await call({ path: '/webhooks/endpoints', key: keys.read! });
      const rows = (listed.body as { data: { id: number; enabled: boolean; stats: { delivered: number; failed: number } }[] }).data;
      expect(rows.map((row) => [row.id, row.enabled])).toEqual([[9, true], [7, true]]);
      expect(rows[1]!.stats).toMatchObject({ delivered: 41, failed: 2 });

      const first = await testDelivery(call, keys.full!, 7);
      const nowMs = sim.clock.now();
      expect(await verifyWebhook([PLACEHOLDER_SECRET], first.headers, first.body, { nowMs })).toMatchObject({ ok: true });

      const rotated = await call({ method: 'POST', path: '/webhooks/endpoints/7/rotate-secret', key: keys.full!, body: {} });
      expect(rotated.status).toBe(200);
      const secret = (rotated.body as { data: { signing_secret: string } }).data.signing_secret;
      expect(secret).not.toBe(PLACEHOLDER_SECRET);
      const second = await testDelivery(call, keys.full!, 7);
      expect(await verifyWebhook([secret], second.headers, second.body, { nowMs: sim.clock.now() })).toMatchObject({ ok: true });
    });

    it('signs with the secret the seed file names, when the user set one', async () => {
      const { call, keys, sim } = runtime();
      const delivery = await testDelivery(call, keys.full!, 9);
      expect(await verifyWebhook([OWN_SECRET], delivery.headers, delivery.body, { nowMs: sim.clock.now() })).toMatchObject({ ok: true });
      expect(await verifyWebhook([PLACEHOLDER_SECRET], delivery.headers, delivery.body, { nowMs: sim.clock.now() })).toMatchObject({ ok: false });
    });
  },
  { seed: seedWithEndpoints(), webhookTransport },
);

describe('a seed webhook section', () => {
  it('passes the API rules: an enabled endpoint without governance, a fourth endpoint, a private URL are refused with their path', () => {
    const load = (endpoints: unknown[]) => {
      const seed = defaultSeed() as { accounts: Record<string, unknown>[] };
      seed.accounts[0]!['webhook_endpoints'] = endpoints;
      return () => createSimulator({ logger: silentLogger, seed });
    };
    expect(load([{ name: 'x', url: 'https://hooks.example.test/x', enabled: true }])).toThrow(/webhook_endpoints\[0\].*governance/);
    expect(load([1, 2, 3, 4].map((n) => ({ name: `e${n}`, url: `https://hooks.example.test/${n}` })))).toThrow(/webhook_endpoints\[3\].*at most 3/);
    expect(load([{ name: 'x', url: 'https://10.0.0.8/x' }])).toThrow(/webhook_endpoints\[0\].*public host/);
    expect(load([{ name: 'x', url: 'https://hooks.example.test/x', signing_secret: 'whsec_abc' }])).toThrow(/signing_secret/);
  });
});

describe('seed pull of refused and plan-gated groups', () => {
  let source: Simulator;
  let server: RunningServer;
  let dir: string;
  const waiter = () => virtualWaiter(async (ms) => void source.sandbox.clock.advance(`${Math.ceil(ms / 1000)}s`), 0);

  beforeAll(async () => {
    source = createSimulator({ logger: silentLogger, clock: { frozenAt: T } });
    server = await listen(source, { port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'seed-pull-groups-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function pullAccount(index: number, groups = ['aiConfig', 'media', 'market']): Promise<{ seed: { accounts: Record<string, unknown>[] }; copy: Simulator }> {
    const out = join(dir, `account-${index}.json`);
    await pullSeed({ baseUrl: server.baseUrl, apiKey: source.accounts[index]!.keys.read!, out, groups: registry, only: groups, redact: 'none', asOfMs: T_MS, waiter: waiter() });
    const seed = JSON.parse(readFileSync(out, 'utf8')) as { accounts: Record<string, unknown>[] };
    return { seed, copy: createSimulator({ logger: silentLogger, clock: { frozenAt: T }, seed }) };
  }

  const get = async (sim: Simulator, index: number, path: string, query: Record<string, string | number> = {}) => {
    sim.sandbox.clock.advance('61s');
    return sim.request({ path, key: sim.accounts[index]?.keys.read ?? sim.accounts[0]!.keys.read!, query });
  };

  it('an insights permission refused and a refused lookup come back as the same refusals', async () => {
    const { seed, copy } = await pullAccount(1);
    expect(seed.accounts[0]!['market']).toMatchObject({ login: 'full', insights_permission: false, refused_lookups: ['pearl.dental.care'], history_days: 14 });
    const insights = await get(copy, 0, '/market-intel/insights');
    expect(insights.status).toBe(403);
    expect((insights.body as { error: { code: string } }).error.code).toBe('permission_required');
    const competitors = (res: Awaited<ReturnType<typeof get>>) => (res.body as { data: { username: string; status: string }[] }).data.map(({ username, status }) => ({ username, status }));
    expect(competitors(await get(copy, 0, '/competitors'))).toEqual(competitors(await get(source, 1, '/competitors')));
  }, 60_000);

  it('a messaging-only connection pulls as login basic, and the copy refuses market reads the same way', async () => {
    const { seed, copy } = await pullAccount(2);
    expect(seed.accounts[0]!['market']).toEqual({ login: 'basic' });
    const res = await get(copy, 0, '/competitors');
    expect(res.status).toBe(403);
    expect((res.body as { error: { code: string } }).error.code).toBe('feature_unavailable');
  }, 60_000);

  it('a free plan pulls no media and no handled comments, and leaves out the AI sections its plan lacks; the copy answers the same configuration', async () => {
    // With the knowledge base, whose active services the booking section lists.
    const { seed, copy } = await pullAccount(3, ['aiConfig', 'media', 'market', 'knowledge', 'comments']);
    expect(seed.accounts[0]!['media']).toEqual([]);
    // Below Pro every /comments route is 403 feature_unavailable: no handled comments, not a failed pull.
    expect(seed.accounts[0]!['handled_comments']).toEqual([]);
    const before = await get(source, 3, '/ai/config');
    const gated = Object.entries((before.body as { data: Record<string, { available?: boolean }> }).data).filter(([, section]) => section.available === false).map(([name]) => name);
    expect(gated.length).toBeGreaterThan(0);
    for (const name of gated) expect(seed.accounts[0]!['ai_config']).not.toHaveProperty(name);
    // Service ids are the target's sequence (the copy holds one account): compared by content.
    const withoutServiceIds = (body: unknown) => {
      const data = structuredClone((body as { data: { booking: { bookable_services: { id?: number }[] } } }).data);
      for (const service of data.booking.bookable_services) delete service.id;
      return data;
    };
    expect(withoutServiceIds((await get(copy, 0, '/ai/config')).body)).toEqual(withoutServiceIds(before.body));
  }, 60_000);
});
