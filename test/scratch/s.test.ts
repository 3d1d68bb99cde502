import { it } from 'vitest';
import { runScenarios } from '../../src/scenarios/run.js';
import { formatConsole } from '../../src/scenarios/report/console.js';
it('runs', async () => {
  const report = await runScenarios(['fixtures/scenarios/opt-out-refuses-send.yaml','fixtures/scenarios/idempotent-retry.yaml','fixtures/scenarios/webhook-after-status-change.yaml']);
  console.log(formatConsole(report));
  for (const s of report.scenarios) for (const st of s.steps) if (st.status==='failed') console.log(JSON.stringify(st.actual?.body).slice(0,1500));
});
