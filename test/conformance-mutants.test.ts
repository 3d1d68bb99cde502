/**
 * Teeth: the kit must fail against a simulator that breaks one rule. Each mutant is switched on
 * through the control plane (POST /_sandbox/mutants with an admin key), the whole kit runs
 * in-process, and the test asserts at least one check fails, naming the checks that caught it.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { MUTANTS, type MutantName } from '../src/core/mutants.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance } from '../conformance/index.js';

const BASE_URL = 'http://simulator.local/api/v1';

async function killers(mutant: MutantName): Promise<string[]> {
  const sim = createSimulator({ logger: silentLogger });
  const [a, b, , , inactive] = sim.accounts;
  const switched = await sim.fetch(
    new Request('http://simulator.local/_sandbox/mutants', {
      method: 'POST',
      headers: { 'X-Service-Api-Key': a!.keys.admin!, 'Content-Type': 'application/json' },
      body: JSON.stringify({ names: [mutant] }),
    }),
  );
  expect(switched.status).toBe(200);
  const report = await runConformance({
    baseUrl: BASE_URL,
    apiKey: a!.keys.full!,
    apiKeyB: b!.keys.full!,
    inactiveKey: inactive!.keys.read!,
    fetch: (request) => sim.fetch(request),
    runs: 3,
    seed: 7,
    ledgerDir: false,
  });
  return report.results.filter((r) => r.verdict === 'fail').map((r) => r.id);
}

describe('the kit kills every mutant', () => {
  for (const mutant of Object.keys(MUTANTS) as MutantName[]) {
    it(`kills ${mutant}`, async () => {
      const caught = await killers(mutant);
      console.log(`${mutant}: killed by ${caught.join(', ') || 'nothing'}`);
      expect(caught.length).toBeGreaterThan(0);
    }, 60_000);
  }
});
