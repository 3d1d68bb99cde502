/**
 * The posts checks of the kit against the simulator: they pass as it is, and each post mutant
 * (carousel of one accepted, published post deletable, scheduler an hour late) fails at least one
 * of them. A focused twin of conformance-mutants.test.ts, so the group's teeth are proven in
 * seconds; the catalogue-wide test runs them too.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance } from '../conformance/index.js';
import { postChecks } from '../conformance/checks/posts.js';

const ORIGIN = 'http://simulator.test';

async function verdicts(mutant: string | undefined) {
  const sim = createSimulator({ logger: silentLogger });
  const [a, b, , , inactive] = sim.accounts;
  const switched = await sim.fetch(
    new Request(`${ORIGIN}/_sandbox/mutants`, {
      method: 'POST',
      headers: { 'X-Sandbox-Token': sim.controlToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ names: mutant ? [mutant] : [] }),
    }),
  );
  expect(switched.status).toBe(200);
  const report = await runConformance({
    baseUrl: `${ORIGIN}/api/v1`,
    apiKey: a!.keys.full!,
    apiKeyB: b!.keys.full!,
    inactiveKey: inactive!.keys.read!,
    controlToken: sim.controlToken,
    fetch: (request) => sim.fetch(request),
    only: postChecks.map((check) => check.id),
    runs: 3,
    seed: 7,
    ledgerDir: false,
  });
  return report.results.map((result) => ({ id: result.id, verdict: result.verdict, message: result.failure?.message }));
}

describe('posts checks of the kit', () => {
  it('pass against the simulator', async () => {
    const results = await verdicts(undefined);
    expect(results.filter((result) => result.id.startsWith('posts.')).length).toBe(postChecks.length);
    expect(results.filter((result) => result.verdict !== 'pass' && result.id.startsWith('posts.'))).toEqual([]);
  }, 60_000);

  const expected: Record<string, string> = {
    post_carousel_of_one: 'posts.carousel-needs-two',
    post_bare_reel: 'posts.reel-needs-its-video',
    post_published_deletable: 'posts.published-not-deletable',
    post_scheduler_late: 'posts.scheduler-on-time',
  };
  for (const [mutant, check] of Object.entries(expected)) {
    it(`kill ${mutant} (${check} fails)`, async () => {
      const results = await verdicts(mutant);
      expect(results.find((result) => result.id === check)?.verdict).toBe('fail');
    }, 60_000);
  }
});
