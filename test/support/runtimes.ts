/**
 * The same tests through both runtimes: `describeRuntimes(title, body)` registers `body` twice,
 * once against the node:http server (`listen`, port 0, real sockets) and once against MSW
 * (`setupServer(...createHandlers(...))`, real fetch), each over its own simulator that is reset
 * before every test. Every API response is checked against `/openapi.json`, as `testSimulator`
 * does in process.
 *
 *   describeRuntimes('flows', (api) => {
 *     it('lists', async () => expect((await api().call({ path: '/flows', key: api().keys.read })).status).toBe(200));
 *   });
 *
 * A `FormData` body is sent as multipart (uploads); any other body as JSON.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { listen, type RunningServer } from '../../src/adapters/node.js';
import { silentLogger } from '../../src/core/logger.js';
import type { SimResponse } from '../../src/core/types.js';
import { createSimulator, type RequestOptions, type SeedAccountInfo, type Simulator, type SimulatorOptions } from '../../src/simulator.js';
import { ResponseChecker } from './response-checker.js';

export interface RuntimeApi {
  readonly runtime: 'node:http' | 'msw';
  /** The simulator behind the runtime: accounts, `sandbox` functions, clock. */
  readonly sim: Simulator;
  /** Keys of the first seed account (business plan). */
  readonly keys: SeedAccountInfo['keys'];
  readonly accounts: readonly SeedAccountInfo[];
  /** `sim.request`'s options, sent over the runtime. */
  call(options: RequestOptions): Promise<SimResponse>;
  /** `call` for a request the test armed to fail (POST /_sandbox/server-errors): its 500 is checked against the document, not thrown. */
  callArmed(options: RequestOptions): Promise<SimResponse>;
}

const MSW_ORIGIN = 'http://flows.runtime.test';
let checker: ResponseChecker | undefined;

async function send(origin: string, options: RequestOptions, armedServerError = false): Promise<SimResponse> {
  const path = options.path.startsWith('/api/') || options.path.startsWith('/_sandbox') ? options.path : `/api/v1${options.path}`;
  const url = new URL(`${origin}${path}`);
  const query = typeof options.query === 'string' ? new URLSearchParams(options.query) : undefined;
  if (query) for (const [name, value] of query) url.searchParams.set(name, value);
  else for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['X-Service-Api-Key'] = options.key;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // An upload, as sim.request takes it: fetch writes the multipart framing and its boundary.
    body = options.body;
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => (out[name] = value));
  const result: SimResponse = { status: response.status, headers: out, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  if (path.startsWith('/api/')) checker!.check(options.method ?? 'GET', url.pathname, result, { armedServerError });
  return result;
}

export function describeRuntimes(title: string, body: (api: () => RuntimeApi) => void, options: SimulatorOptions = {}): void {
  for (const runtime of ['node:http', 'msw'] as const) {
    describe(`${title} [${runtime}]`, () => {
      let current: RuntimeApi | undefined;
      let server: RunningServer | undefined;
      let msw: ReturnType<typeof setupServer> | undefined;

      beforeAll(async () => {
        const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', ...options });
        checker ??= new ResponseChecker(sim.openapi());
        let origin = MSW_ORIGIN;
        if (runtime === 'node:http') {
          server = await listen(sim, { port: 0, host: '127.0.0.1' });
          origin = server.origin;
        } else {
          const handlers = setupServer(...createHandlers(sim, { baseUrl: `${MSW_ORIGIN}/api/v1` }));
          handlers.listen({ onUnhandledRequest: 'error' });
          msw = handlers;
        }
        current = { runtime, sim, keys: sim.accounts[0]!.keys, accounts: sim.accounts, call: (request) => send(origin, request), callArmed: (request) => send(origin, request, true) };
      });

      beforeEach(() => current?.sim.reset());

      afterAll(async () => {
        msw?.close();
        await server?.close();
        current?.sim.close();
      });

      body(() => current!);
    });
  }
}
