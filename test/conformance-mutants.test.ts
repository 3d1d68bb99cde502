/**
 * Teeth: the kit must fail against a simulator that breaks one rule (a mutant). For each mutant of
 * the catalogue, a fresh simulator is switched through its control plane (POST /_sandbox/mutants
 * with an admin key, as every user of the sandbox can), the whole kit runs in-process, and at
 * least one check must fail. A baseline run with no mutant must pass, so a kill is never noise.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { MUTANTS, type MutantName } from '../src/simulator/mutants.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance } from '../conformance/index.js';

const ORIGIN = 'http://simulator.test';
const killedBy = new Map<string, string[]>();

async function failingChecks(mutant: MutantName | undefined): Promise<string[]> {
  const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
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
    runs: 3,
    seed: 7,
    ledgerDir: false,
    // The destructive profile adds the approval checks (never a default, so it is named here).
    profile: 'destructive',
  });
  expect(report.results.filter((r) => r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message}`)).toEqual([]);
  return report.results.filter((r) => r.verdict === 'fail').map((r) => r.id);
}

describe('the kit kills every mutant', () => {
  afterAll(() => {
    const names = Object.keys(MUTANTS);
    const killed = names.filter((name) => (killedBy.get(name)?.length ?? 0) > 0);
    console.log(`kill rate: ${killed.length}/${names.length}`);
    for (const name of names) console.log(`  ${name} (${killedBy.get(name)?.length ?? 0}): ${killedBy.get(name)?.join(', ') || 'SURVIVED'}`);
  });

  it('passes with no mutant (baseline)', async () => {
    expect(await failingChecks(undefined)).toEqual([]);
  }, 60_000);

  for (const mutant of Object.keys(MUTANTS) as MutantName[]) {
    it(`kills ${mutant}`, async () => {
      const caught = await failingChecks(mutant);
      killedBy.set(mutant, caught);
      expect(caught.length).toBeGreaterThan(0);
    }, 60_000);
  }
});
