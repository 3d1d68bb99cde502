/**
 * Test entry point: a simulator whose every response is checked against `/openapi.json`
 * (the simulator checks itself). Use it in every HTTP-behaviour test:
 *
 *   const { sim, keys } = testSimulator();
 *   const res = await sim.request({ method: 'POST', path: '/contacts', key: keys.full, body });
 */
import { createSimulator, type Simulator, type SimulatorOptions, type SeedAccountInfo } from '../../src/simulator.js';
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
    const response = await handle(request);
    checker.check(request.method.toUpperCase(), request.path, response);
    return response;
  };
  const checked: Simulator = {
    ...sim,
    handle: checkedHandle,
    request: (options) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key !== undefined) headers['X-Service-Api-Key'] = options.key;
      const path =
        options.path.startsWith('/api/') || options.path.startsWith('/_sandbox') ? options.path : `/api/v1${options.path}`;
      return checkedHandle({ method: options.method ?? 'GET', path, query: options.query, headers, body: options.body });
    },
  };
  return { sim: checked, keys: sim.accounts[0]!.keys, accounts: sim.accounts };
}
