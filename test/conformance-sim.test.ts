/**
 * CI runs the conformance kit against the simulator, in-process (sim.fetch) and through the
 * standalone node server, and expects every spec-level check (and every assumption check, since
 * these are our own choices) to pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { formatConsole, runConformance, type ConformanceReport } from '../conformance/index.js';

function failures(report: ConformanceReport): string {
  return report.results
    .filter((r) => r.verdict === 'fail' || r.verdict === 'error')
    .map((r) => `${r.id}: ${r.failure?.message ?? ''}\n${r.failure?.request ?? ''}\n${r.failure?.response ?? ''}\n${r.failure?.stack ?? ''}`)
    .join('\n\n');
}

describe('conformance kit against the simulator', () => {
  let sim: Simulator;

  beforeAll(() => {
    sim = createSimulator({ logger: silentLogger });
  });

  it('passes every check in-process (sim.fetch)', async () => {
    const [a, b, , , inactive] = sim.accounts;
    const report = await runConformance({
      baseUrl: 'http://simulator.local/api/v1',
      apiKey: a!.keys.full!,
      apiKeyB: b!.keys.full!,
      inactiveKey: inactive!.keys.read!,
      fetch: (request) => sim.fetch(request),
      runs: 5,
      seed: 42,
      ledgerDir: false,
    });
    console.log(formatConsole(report));
    expect(failures(report)).toBe('');
    expect(report.totals.pass).toBeGreaterThan(10);
  }, 120_000);
});
