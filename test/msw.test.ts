import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../src/adapters/msw.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const BASE = 'http://api.switchboard.test/api/v1';
const GATEWAY = 'http://gateway.switchboard.test/tenant-a/api/v1';

const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
const gatewaySim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
const key = sim.accounts[0]!.keys.full!;
// onUnhandledRequest 'error': a request that slipped past the handlers would make fetch fail.
const server = setupServer(...createHandlers(sim, { baseUrl: BASE }), ...createHandlers(gatewaySim, { baseUrl: GATEWAY }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  sim.close();
  gatewaySim.close();
});

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

const auth = (extra: Record<string, string> = {}) => ({ 'X-Service-Api-Key': key, ...extra });

describe('createHandlers under MSW setupServer', () => {
  it('serves the API under baseUrl', async () => {
    const res = await call(`${BASE}/account`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((res.body as { data: { account: { id: number } } }).data.account.id).toBe(1);
  });

  it("answers an unknown route under baseUrl with the simulator's 404 envelope, never a passthrough", async () => {
    for (const path of ['/no-such-route', '/', '', '/account/extra/deep', '/api-keys/%E0%A4%A']) {
      const res = await call(`${BASE}${path}`, { headers: auth() });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await call(`${BASE}/api-keys`, { method: 'PATCH', headers: auth(), body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });

  it('passes query strings, JSON bodies and headers through', async () => {
    const created = await call(`${BASE}/api-keys`, {
      method: 'POST',
      headers: auth({ 'Content-Type': 'application/json', 'Idempotency-Key': 'msw-1' }),
      body: JSON.stringify({ name: 'from msw', scope: 'write' }),
    });
    expect(created.status).toBe(201);
    const replay = await call(`${BASE}/api-keys`, {
      method: 'POST',
      headers: auth({ 'Content-Type': 'application/json', 'Idempotency-Key': 'msw-1' }),
      body: JSON.stringify({ name: 'from msw', scope: 'write' }),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(created.body);

    const page = await call(`${BASE}/api-keys?limit=1`, { headers: auth() });
    expect((page.body as { data: unknown[]; has_more: boolean }).data).toHaveLength(1);
    const bad = await call(`${BASE}/api-keys?limit=0`, { headers: auth() });
    expect(bad.body).toMatchObject({ error: { code: 'invalid_param', param: 'limit' } });
  });

  it('accepts the key in Authorization: Bearer and X-Api-Key', async () => {
    expect((await call(`${BASE}/account`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await call(`${BASE}/account`, { headers: { 'X-Api-Key': key } })).status).toBe(200);
    expect((await call(`${BASE}/account`)).status).toBe(401);
  });

  it('rejects invalid JSON and an over-large body with the envelope', async () => {
    const json = { ...auth(), 'Content-Type': 'application/json' };
    const invalid = await call(`${BASE}/api-keys`, { method: 'POST', headers: json, body: '{nope' });
    expect(invalid.body).toMatchObject({ error: { code: 'invalid_json' } });
    const large = await call(`${BASE}/api-keys`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('serves openapi.json without a key', async () => {
    const res = await call(`${BASE}/openapi.json`);
    expect(res.status).toBe(200);
    expect((res.body as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('serves the control plane beside the API', async () => {
    const clock = await call('http://api.switchboard.test/_sandbox/clock', { headers: { 'X-Sandbox-Token': sim.controlToken } });
    expect(clock.status).toBe(200);
    expect((clock.body as { data: { now: string } }).data.now).toBe('2026-01-01T00:00:00+00:00');
    const unknown = await call('http://api.switchboard.test/_sandbox/nope', { headers: auth() });
    expect(unknown.status).toBe(404);
  });

  it('strips a gateway prefix in front of /api/v1, for the API and the control plane', async () => {
    const gatewayKey = gatewaySim.accounts[0]!.keys.full!;
    const account = await call(`${GATEWAY}/account`, { headers: { 'X-Service-Api-Key': gatewayKey } });
    expect(account.status).toBe(200);
    const clock = await call('http://gateway.switchboard.test/tenant-a/_sandbox/clock', { headers: { 'X-Sandbox-Token': gatewaySim.controlToken } });
    expect(clock.status).toBe(200);
    const missing = await call(`${GATEWAY}/nope`, { headers: { 'X-Service-Api-Key': gatewayKey } });
    expect(missing.status).toBe(404);
  });
});

describe('what the handlers leave alone', () => {
  const handlers = createHandlers(sim, { baseUrl: BASE });
  const handled = async (url: string) => (await getResponse(handlers, new Request(url))) !== undefined;

  it('handles only the base URL and the control plane of its own origin', async () => {
    expect(await handled(`${BASE}/account`)).toBe(true);
    expect(await handled(BASE)).toBe(true);
    expect(await handled('http://api.switchboard.test/_sandbox/clock')).toBe(true);
    expect(await handled('http://other.test/api/v1/account')).toBe(false);
    expect(await handled('https://api.switchboard.test/api/v1/account')).toBe(false);
    expect(await handled('http://api.switchboard.test/api/v2/account')).toBe(false);
    expect(await handled('http://api.switchboard.test/api/v1x/account')).toBe(false);
    expect(await handled('http://api.switchboard.test/elsewhere')).toBe(false);
  });

  it('refuses a baseUrl that does not end in /api/v1', () => {
    expect(() => createHandlers(sim, { baseUrl: 'http://api.switchboard.test/api' })).toThrow(/api\/v1/);
    expect(() => createHandlers(sim, { baseUrl: 'http://api.switchboard.test/api/v1/' })).not.toThrow();
  });
});

describe('sim.fetch', () => {
  it('serves WHATWG Requests with the same core', async () => {
    const response = await sim.fetch(new Request('http://anything.test/api/v1/account', { headers: auth() }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { account: { id: number } } }).data.account.id).toBe(1);
    const missing = await sim.fetch(new Request('http://anything.test/api/v1/nope'));
    expect(missing.status).toBe(404);
  });
});
