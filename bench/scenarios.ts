/**
 * Replay time of a 100-step scenario (50 contact creates, each read back through a capture), in
 * process (a fresh sandbox) and over HTTP (serve's runtime on 127.0.0.1, rate limiting off).
 */
import { listen } from '../src/adapters/node-http.js';
import { silentLogger } from '../src/core/logger.js';
import { runScenario } from '../src/scenarios/run.js';
import type { ScenarioFile } from '../src/scenarios/schema.js';
import { Scenario } from '../src/scenarios/schema.js';
import { createSimulator } from '../src/simulator.js';
import { median, round, type BenchRow } from './types.js';

function hundredSteps(): ScenarioFile {
  const steps = [];
  for (let i = 0; i < 50; i++) {
    steps.push({
      name: `create ${i}`,
      request: { method: 'POST', path: '/contacts', key: 'write', body: { channel: 'telegram', platform_user_id: `bench-{{$run}}-${i}`, name: `Bench ${i}` } },
      expect: { status: 201, body: { data: { name: `Bench ${i}` } }, match: { '$.data.id': 'type', '$..created_at': 'iso-timestamp' } },
      capture: { [`c${i}`]: '$.data.id' },
    });
    steps.push({ name: `read ${i}`, request: { path: `/contacts/{{c${i}}}`, key: 'read' }, expect: { status: 200, body: { data: { id: `{{c${i}}}` } } } });
  }
  return Scenario.parse({ scenario: '100 steps', steps });
}

export async function run(): Promise<BenchRow[]> {
  const scenario = hundredSteps();
  const rounds = 7;
  const inProcess: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const result = await runScenario({ file: 'bench', scenario });
    inProcess.push(performance.now() - started);
    if (result.failed > 0) throw new Error('bench scenario failed in process');
  }
  const overHttp: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
    const server = await listen(sim, { port: 0 });
    const keys = sim.accounts[0]!.keys;
    const started = performance.now();
    const result = await runScenario({ file: 'bench', scenario }, { target: server.baseUrl, credentials: { write: keys.write!, read: keys.read! } });
    overHttp.push(performance.now() - started);
    await server.close();
    sim.close();
    if (result.failed > 0) throw new Error('bench scenario failed over HTTP');
  }
  const note = `median of ${rounds} runs; includes creating the target`;
  return [
    { name: 'Scenario replay, 100 steps, in process', value: round(median(inProcess), 1), unit: 'ms', note },
    { name: 'Scenario replay, 100 steps, over HTTP', value: round(median(overHttp), 1), unit: 'ms', note: `${note}; the kit's pacer holds each key to 15 req/s, which sets this figure` },
  ];
}
