/**
 * HEAD on every GET route, and no cross-origin access, through both runtimes (node:http and MSW):
 *
 * - HEAD answers what GET answers (status, Request-Id, RateLimit-*), without a body (issue 13;
 *   RFC 9110 9.3.2). The OpenAPI documents answer HEAD too.
 * - The spec disables cross-origin access (section 1, section 9 item 6): no response carries an
 *   Access-Control-* header, and a CORS preflight (OPTIONS) is refused with 405.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../src/adapters/msw.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { apiRouteTable } from '../src/simulator/tables.js';

const MSW_ORIGIN = 'http://head.switchboard.test';
const GET_PATHS = apiRouteTable()
  .filter((route) => route.method === 'GET')
  .map((route) => route.path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/.test(name) ? '1' : 'x')));

function runtimes(): { name: string; origin: () => string; key: string; before: () => Promise<void>; after: () => Promise<void> }[] {
  const nodeSim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  const mswSim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  let running: RunningServer | undefined;
  const msw = setupServer(...createHandlers(mswSim, { baseUrl: `${MSW_ORIGIN}/api/v1` }));
  return [
    {
      name: 'node:http',
      origin: () => running!.origin,
      key: nodeSim.accounts[0]!.keys.full!,
      before: async () => void (running = await listen(nodeSim, { port: 0 })),
      after: async () => {
        await running?.close();
        nodeSim.close();
      },
    },
    {
      name: 'msw',
      origin: () => MSW_ORIGIN,
      key: mswSim.accounts[0]!.keys.full!,
      before: async () => msw.listen({ onUnhandledRequest: 'error' }),
      after: async () => {
        msw.close();
        mswSim.close();
      },
    },
  ];
}

const corsHeaders = (response: Response) => [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

for (const runtime of runtimes()) {
  describe(`HEAD and cross-origin [${runtime.name}]`, () => {
    beforeAll(runtime.before);
    afterAll(runtime.after);

    it('answers HEAD on every GET route with the GET status and headers, and no body', { timeout: 60_000 }, async () => {
      expect(GET_PATHS.length).toBeGreaterThan(20);
      for (const path of GET_PATHS) {
        const url = `${runtime.origin()}/api/v1${path}`;
        const headers = { 'X-Service-Api-Key': runtime.key };
        const get = await fetch(url, { headers });
        await get.arrayBuffer();
        const head = await fetch(url, { method: 'HEAD', headers });
        expect(head.status, `HEAD ${path}`).toBe(get.status);
        expect(await head.text(), `HEAD ${path}`).toBe('');
        expect(head.headers.get('request-id'), path).toMatch(/^req_/);
        if (get.headers.has('ratelimit-limit')) expect(head.headers.get('ratelimit-limit'), path).toBe(get.headers.get('ratelimit-limit'));
      }
    });

    it('answers HEAD without a key with the same 401 as GET, and serves HEAD on the OpenAPI document', async () => {
      const head = await fetch(`${runtime.origin()}/api/v1/contacts`, { method: 'HEAD' });
      expect(head.status).toBe(401);
      expect(await head.text()).toBe('');
      expect((await fetch(`${runtime.origin()}/api/v1/openapi.json`, { method: 'HEAD' })).status).toBe(200);
    });

    it('sends no Access-Control-* header, even to a request with an Origin', async () => {
      const response = await fetch(`${runtime.origin()}/api/v1/account`, {
        headers: { 'X-Service-Api-Key': runtime.key, Origin: 'https://app.example.test' },
      });
      expect(response.status).toBe(200);
      expect(corsHeaders(response)).toEqual([]);
    });

    it('refuses a CORS preflight with 405 and no Access-Control-* header', async () => {
      for (const path of ['/api/v1/contacts', '/api/v1/account', '/api/v1/openapi.json']) {
        const response = await fetch(`${runtime.origin()}${path}`, {
          method: 'OPTIONS',
          headers: { Origin: 'https://app.example.test', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-service-api-key' },
        });
        expect(response.status, path).toBe(405);
        expect(corsHeaders(response), path).toEqual([]);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
      }
    });
  });
}
