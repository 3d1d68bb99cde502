/**
 * CI runs the conformance kit against the simulator, in-process (`sim.fetch`) and through the
 * standalone node server (`listen`, port 0), with the default 200/min + 20/s limits (the kit
 * waits by advancing the simulator's virtual clock). Every check, spec and assumption level,
 * must pass: the assumption checks encode our own decisions, so the simulator must meet them too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { formatConsole, runConformance, type ConformanceOptions, type ConformanceReport } from '../conformance/index.js';

const RUNS = 5;

function problems(report: ConformanceReport): string {
  return report.results
    .filter((r) => r.verdict === 'fail' || r.verdict === 'error')
    .map((r) => [`${r.id}: ${r.failure?.message ?? ''}`, r.failure?.counterexample, r.failure?.request, r.failure?.response, r.failure?.stack].filter(Boolean).join('\n'))
    .join('\n\n');
}

function keysOf(sim: Simulator): Pick<ConformanceOptions, 'apiKey' | 'apiKeyB' | 'inactiveKey' | 'controlToken'> {
  const [a, b, , , inactive] = sim.accounts;
  return { apiKey: a!.keys.full!, apiKeyB: b!.keys.full!, inactiveKey: inactive!.keys.read!, controlToken: sim.controlToken };
}

function expectAllPassed(report: ConformanceReport): void {
  expect(problems(report)).toBe('');
  expect(report.target.simulator).toBe(true);
  expect(report.cleanup.failed).toEqual([]);
  // Only checks that need what the simulator cannot give (none today) may skip.
  const skipped = report.results.filter((r) => r.verdict === 'skip').map((r) => `${r.id}: ${r.reason}`);
  expect(skipped).toEqual([]);
}

describe('conformance kit against the simulator', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('passes every check in-process (sim.fetch)', async () => {
    const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
    const started = performance.now();
    const report = await runConformance({
      baseUrl: 'http://simulator.test/api/v1',
      ...keysOf(sim),
      fetch: (request) => sim.fetch(request),
      runs: RUNS,
      seed: 42,
      ledgerDir: false,
      // Every check: the approval checks run only in the destructive profile, never a default.
      profile: 'destructive',
    });
    console.log(formatConsole(report));
    console.log(`in-process: ${report.results.length} checks, ${report.requests.used} requests, ${Math.round(performance.now() - started)} ms`);
    expectAllPassed(report);
  }, 90_000);

  it('skips section 8 with a reason on a simulator run with --rate-limit off, on proof only', async () => {
    const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true, rateLimit: 'off' });
    const base = { baseUrl: 'http://simulator.test/api/v1', fetch: (request: Request) => sim.fetch(request), runs: 2, seed: 5, ledgerDir: false as const };
    const report = await runConformance({ ...base, ...keysOf(sim), sections: ['8'] });
    expect(problems(report)).toBe('');
    const skipped = report.results.filter((r) => r.verdict === 'skip' && r.reason === 'rate_limiting_off');
    expect(skipped.map((r) => r.id).sort()).toEqual(
      ['observed.rate-headers', 'rate.burst', 'rate.headers', 'rate.per-account', 'rate.quota', 'rate.quota-value', 'rate.remaining-decreases', 'rate.reset-time', 'rate.shared-by-keys'].sort(),
    );
    // The other limits of section 8 are still judged.
    expect(report.results.find((r) => r.id === 'tags.name-length')?.verdict).toBe('pass');
    // Without the operator token nothing proves the limits are off on purpose: missing headers fail.
    const unproven = await runConformance({ ...base, apiKey: keysOf(sim).apiKey, only: ['rate.headers'] });
    expect(unproven.results[0]?.verdict).toBe('fail');
  }, 60_000);

  it('passes every check through the standalone server (listen, port 0)', async () => {
    const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
    const server = await listen(sim, { port: 0, host: '127.0.0.1' });
    servers.push(server);
    const started = performance.now();
    const report = await runConformance({ baseUrl: server.baseUrl, ...keysOf(sim), runs: RUNS, seed: 42, ledgerDir: false, profile: 'destructive' });
    console.log(`through the server: ${report.results.length} checks, ${report.requests.used} requests, ${Math.round(performance.now() - started)} ms`);
    expectAllPassed(report);
  }, 120_000);
});
