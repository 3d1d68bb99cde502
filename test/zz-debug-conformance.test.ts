import { it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance } from '../conformance/index.js';
it('debug', async () => {
  const mutant = process.env.MUTANT ?? 'created_as_ok';
  const sim = createSimulator({ logger: silentLogger });
  const [a, b, , , inactive] = sim.accounts;
  sim.sandbox.setMutants([mutant as never]);
  const report = await runConformance({ baseUrl: 'http://s/api/v1', apiKey: a!.keys.full!, apiKeyB: b!.keys.full!, inactiveKey: inactive!.keys.read!, fetch: (r) => sim.fetch(r), runs: Number(process.env.RUNS ?? 3), seed: 7, ledgerDir: false, only: process.env.ONLY ? process.env.ONLY.split(',') : undefined });
  for (const r of report.results) if (r.verdict !== 'pass') console.log(r.verdict, r.id, r.reason ?? '', r.failure?.message ?? '', r.failure?.counterexample ?? '');
}, 120000);
