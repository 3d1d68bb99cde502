/**
 * Test entry point: a simulator whose every response is checked against `/openapi.json`
 * (the simulator checks itself). Use it in every HTTP-behaviour test:
 *
 *   const { sim, keys } = testSimulator();
 *   const res = await sim.request({ method: 'POST', path: '/contacts', key: keys.full, body });
 */
import { isStreamedBody } from '../../src/core/streamed-body.js';
import { createSimulator, type Simulator, type SimulatorOptions, type SeedAccountInfo } from '../../src/simulator.js';
import { isFullPath } from '../../src/simulator/create.js';
import { bytesSource, ownBuffer } from '../../src/core/body.js';
import type { AnyGroup } from '../../src/groups/define.js';
import { silentLogger } from '../../src/core/logger.js';
import { ResponseChecker } from './response-checker.js';
import type { SimRequest, SimResponse } from '../../src/core/types.js';

let sharedChecker: ResponseChecker | undefined;

export interface TestSimulator {
  sim: Simulator;
  /** Keys of the first seed account (business plan). */
  keys: SeedAccountInfo['keys'];
  /** Every seed account, in seed order: business, pro, creator, free, add-on inactive. */
  accounts: readonly SeedAccountInfo[];
}

/** `groups` may extend the registry (a test's stand-in group); `sim.sandbox` keeps the registry's type. */
export function testSimulator(options: SimulatorOptions<readonly AnyGroup[]> = {}): TestSimulator {
  const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', ...options }) as unknown as Simulator;
  sharedChecker ??= new ResponseChecker(sim.openapi());
  const checker = sharedChecker;
  const handle = sim.handle.bind(sim);
  const checkedHandle = async (request: SimRequest): Promise<SimResponse> => {
    const answer = await handle(request);
    // A streamed body (GET /_sandbox/snapshot) is read whole, as sim.request does.
    const response = isStreamedBody(answer.body) ? { ...answer, body: JSON.parse(await answer.body.text()) as unknown } : answer;
    checker.check(request.method.toUpperCase(), request.path, response);
    return response;
  };
  const checked: Simulator = {
    ...sim,
    handle: checkedHandle,
    request: async (options) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key !== undefined) headers['X-Service-Api-Key'] = options.key;
      const path = isFullPath(options.path) ? options.path : `/api/v1${options.path}`;
      const base = { method: options.method ?? 'GET', path, query: options.query, headers };
      const body = options.body;
      if (!(body instanceof FormData || body instanceof Blob || body instanceof Uint8Array)) return checkedHandle({ ...base, body });
      // A form or file goes as the bytes a fetch would send, with its multipart boundary (as sim.request does).
      const encoded = new Response(body instanceof Uint8Array ? ownBuffer(body) : body);
      const type = encoded.headers.get('content-type');
      if (type !== null && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = type;
      return checkedHandle({ ...base, bodySource: bytesSource(new Uint8Array(await encoded.arrayBuffer())) });
    },
  };
  return { sim: checked, keys: sim.accounts[0]!.keys, accounts: sim.accounts };
}
