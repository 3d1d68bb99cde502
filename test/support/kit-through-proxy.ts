/**
 * One conformance kit run against a simulator served on 127.0.0.1 behind the loopback bug proxy
 * (./bug-proxy.ts), with the keys of its first, second and inactive (fifth) accounts; the proxy,
 * the server and the simulator are closed after the run.
 */
import { runConformance, type ConformanceOptions, type ConformanceReport } from '../../conformance/index.js';
import { listen } from '../../src/adapters/node.js';
import type { Simulator } from '../../src/simulator.js';
import { startBugProxy, type BugProxyOptions } from './bug-proxy.js';

export async function kitThroughProxy(sim: Simulator, proxyOptions: BugProxyOptions, options: Partial<ConformanceOptions>): Promise<ConformanceReport> {
  const server = await listen(sim, { port: 0, host: '127.0.0.1' });
  const proxy = await startBugProxy(server.origin, proxyOptions);
  const [a, b, , , inactive] = sim.accounts;
  try {
    return await runConformance({
      baseUrl: proxy.baseUrl,
      apiKey: a!.keys.full!,
      apiKeyB: b!.keys.full!,
      inactiveKey: inactive!.keys.read!,
      ledgerDir: false,
      ...options,
    });
  } finally {
    await proxy.close();
    await server.close();
    sim.close();
  }
}
