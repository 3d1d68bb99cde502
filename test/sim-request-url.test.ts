/**
 * `sim.request` takes the URL a test already has (its MSW `baseUrl` plus a path): it used to be
 * read as a path under /api/v1 and answer a bare 404 (audit 10d, F9).
 */
import { describe, expect, it } from 'vitest';
import { createSimulator } from 'switchboard';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('sim.request with a whole URL as path', () => {
  it('uses its path and query, like the relative and full-path forms', async () => {
    const sim = createSimulator({ logger: silent, rateLimit: 'off', clock: { frozenAt: '2030-01-01T00:00:00Z' } });
    const key = sim.accounts[0]!.keys.read!;
    const relative = await sim.request({ path: '/contacts', key, query: { limit: 2 } });
    const whole = await sim.request({ path: 'https://api.example.test/api/v1/contacts?limit=2', key });
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual(relative.body);
    const control = await sim.request({ path: 'http://127.0.0.1:4010/_sandbox/events?type=contact.created', key });
    expect(control.status).toBe(200);
    expect(await sim.request({ path: 'https://api.example.test/account', key })).toMatchObject({ status: 200 });
    sim.close();
  });

  it('answers with response header names as the server writes them (mixed case), as documented', async () => {
    const sim = createSimulator({ logger: silent, rateLimit: 'off' });
    const response = await sim.request({ path: '/account', key: sim.accounts[0]!.keys.read! });
    expect(response.headers['Request-Id']).toMatch(/^req_/);
    expect(response.headers['request-id']).toBeUndefined();
    sim.close();
  });
});
