/**
 * Flake proof: the whole kit against the simulator many times in a row, each run with another
 * seed, on one sandbox (as a developer's repeated runs would be), must be green every time, and
 * repeated runs must not grow the target's tombstones (the kit reuses its pool of custom fields;
 * archived kit fields stay at the pool's size however many runs there are).
 *
 * `npm test` runs a few; `npm run kit:flake` runs 50 (SWITCHBOARD_KIT_FLAKE_RUNS), every fifth
 * through the standalone server (`listen`) rather than in-process.
 */
import { describe, expect, it } from 'vitest';
import { listen } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance, type ConformanceReport } from '../conformance/index.js';
import { POOL_FIELD_TYPES } from '../conformance/safety/tombstones.js';

const RUNS = Number(process.env['SWITCHBOARD_KIT_FLAKE_RUNS'] ?? 3);
const OVER_HTTP_EVERY = 5;

function problems(report: ConformanceReport): string[] {
  return report.results
    .filter((r) => r.verdict !== 'pass')
    .map((r) => `${r.id} ${r.verdict}${r.reason ? ` (${r.reason})` : ''}: ${r.failure?.message ?? ''}${r.failure?.replay ? ` replay ${r.failure.replay}` : ''}`);
}

describe(`the kit is green on the simulator ${RUNS} times in a row`, () => {
  it(`${RUNS} runs, different seeds, one sandbox`, async () => {
    const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
    const server = await listen(sim, { port: 0, host: '127.0.0.1' });
    const [a, b, , , inactive] = sim.accounts;
    const times: number[] = [];
    const failures: string[] = [];
    try {
      for (let run = 1; run <= RUNS; run++) {
        const overHttp = run % OVER_HTTP_EVERY === 0;
        const seed = (run * 2_654_435_761) >>> 0;
        const started = performance.now();
        const report = await runConformance({
          baseUrl: overHttp ? server.baseUrl : 'http://simulator.test/api/v1',
          apiKey: a!.keys.full!,
          apiKeyB: b!.keys.full!,
          inactiveKey: inactive!.keys.read!,
          controlToken: sim.controlToken,
          // Every check runs, the approval checks too: a skip would be reported as a problem.
          profile: 'destructive',
          seed,
          ledgerDir: false,
          ...(overHttp ? {} : { fetch: (request: Request) => sim.fetch(request) }),
        });
        times.push(performance.now() - started);
        for (const problem of problems(report)) failures.push(`run ${run} (seed ${seed}${overHttp ? ', over HTTP' : ''}): ${problem}`);
        if (report.cleanup.remaining.length > 0) failures.push(`run ${run}: left ${report.cleanup.remaining.length} resources live`);
      }
    } finally {
      await server.close();
    }
    const archived = sim.snapshot().store.collections['custom_fields']!.filter((field) => String((field as { field_key?: unknown }).field_key).startsWith('sbc_'));
    const total = times.reduce((sum, ms) => sum + ms, 0);
    console.log(`${RUNS} runs: ${failures.length === 0 ? 'all green' : `${failures.length} problems`}; ${(total / 1000).toFixed(1)} s in all, ${(Math.min(...times) / 1000).toFixed(1)} to ${(Math.max(...times) / 1000).toFixed(1)} s per run; kit custom fields on the sandbox: ${archived.length}`);
    expect(failures).toEqual([]);
    // Tombstone budget: the pool's fields, created once, reused by every later run.
    expect(archived.length).toBeLessThanOrEqual(POOL_FIELD_TYPES.length);
  }, Math.max(120_000, RUNS * 30_000));
});
