import { it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { runConformance } from '../conformance/index.js';
it('matrix', async () => {
  const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
  const [a, b, , , inactive] = sim.accounts;
  const t = performance.now();
  const report = await runConformance({ baseUrl: 'http://s/api/v1', apiKey: a!.keys.full!, apiKeyB: b!.keys.full!, inactiveKey: inactive!.keys.read!, fetch: (r) => sim.fetch(r), seed: 1, ledgerDir: false });
  console.log('default runs', report.runs, 'ms', Math.round(performance.now() - t), 'requests', report.requests.used, 'planned', report.requests.planned, report.totals);
  for (const row of report.matrix) console.log(`ROW | ${row.clause} | ${row.level} | ${row.pass + row.fail + row.skip + row.error} | ${row.title}`);
  const groups = new Map<string, number>();
  for (const r of report.results) groups.set(r.group, (groups.get(r.group) ?? 0) + 1);
  console.log('GROUPS', JSON.stringify([...groups]));
}, 600000);
