import { it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance } from '../conformance/index.js';
it('flake hunt', async () => {
  for (let seed = 1; seed <= Number(process.env.N ?? 10); seed++) {
    for (const profile of ['safe', 'full'] as const) {
      const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
      const [a, b, , , inactive] = sim.accounts;
      const report = await runConformance({ baseUrl: 'http://s/api/v1', apiKey: a!.keys.full!, apiKeyB: b!.keys.full!, inactiveKey: inactive!.keys.read!, fetch: (r) => sim.fetch(r), runs: Number(process.env.RUNS ?? 5), seed, profile, ledgerDir: false });
      for (const r of report.results) if (r.verdict === 'fail' || r.verdict === 'error') console.log('FLAKE', seed, profile, r.id, r.failure?.message, r.failure?.counterexample ?? '', r.failure?.stack ?? '');
    }
  }
}, 600000);
