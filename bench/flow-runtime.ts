/**
 * The flow runtime (issue 18), in process: inbound messages per second through an active
 * five-node flow (trigger, question, action, condition, message: each customer writes the
 * keyword, then answers); analytics of a flow with 100k sessions / 1M+ events (target < 1 s cold,
 * that is the first request after the events were written: the fold runs as events commit, so a
 * request only adds up per-day tallies);
 * heap per 100k sessions (sessions plus their events).
 *
 * Sizes scale with BENCH_FLOW_SESSIONS (default 100,000) for a quick local run.
 */
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { collectGarbage, round, type BenchRow } from './types.js';

const SESSIONS = Number(process.env['BENCH_FLOW_SESSIONS'] ?? 100_000);
const ANALYTICS_TARGET_MS = 1000;

const definition = {
  trigger: { source: 'dm', keywords: ['benchrun'], match_type: 'exact' },
  nodes: [
    { id: '1', type: 'trigger', config: {} },
    { id: '2', type: 'collect_input', config: { question: 'Email?', input_type: 'email', variable_name: 'email' } },
    { id: '3', type: 'action', config: { action_type: 'mark_lead' } },
    { id: '4', type: 'condition', config: { rules: [{ type: 'channel_is', channel: 'instagram' }] } },
    { id: '5', type: 'message', config: { text: 'Thanks {email}' } },
  ],
  edges: [
    { from: '1', to: '2' },
    { from: '2', to: '3' },
    { from: '3', to: '4' },
    { from: '4', to: '5' },
    { from: '4', from_port: 'output_else', to: '5' },
  ],
};

const heapUsed = (): number => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

export async function run(): Promise<BenchRow[]> {
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger, clock: { frozenAt: '2030-01-01T09:00:00Z' } });
  const key = sim.accounts[0]!.keys.full!;
  const accountId = sim.accounts[0]!.id;
  const created = await sim.request({ method: 'POST', path: '/flows', key, body: { name: 'Bench runtime', definition } });
  const flowId = (created.body as { data: { id: number } }).data.id;
  await sim.request({ method: 'POST', path: `/flows/${flowId}/publish`, key, body: {} });

  const before = heapUsed();
  const started = performance.now();
  for (let i = 0; i < SESSIONS; i++) {
    const user = `bench_${i}`;
    sim.sandbox.inbound(accountId, { channel: 'instagram', platform_user_id: user, text: 'benchrun', type: 'text' });
    sim.sandbox.inbound(accountId, { channel: 'instagram', platform_user_id: user, text: `u${i}@bench.test`, type: 'text' });
  }
  const seconds = (performance.now() - started) / 1000;
  const perSecond = (SESSIONS * 2) / seconds;
  const heapPer100k = ((heapUsed() - before) / SESSIONS) * 100_000;

  const timeAnalytics = async () => {
    const t = performance.now();
    const response = await sim.request({ path: `/flows/${flowId}/analytics`, key, query: { range: 'all' } });
    return { ms: performance.now() - t, summary: (response.body as { data: { summary: Record<string, number> } }).data.summary };
  };
  // Cold: the first request after 1.6M events were written (they were folded as they committed).
  // Warm: again after one more customer.
  const cold = await timeAnalytics();
  sim.sandbox.inbound(accountId, { channel: 'instagram', platform_user_id: 'bench_last', text: 'benchrun', type: 'text' });
  const warm = await timeAnalytics();
  const summary = cold.summary;
  const events = (SESSIONS * 16).toLocaleString('en');
  const analyticsMs = cold.ms;
  sim.close();
  if (summary['runs'] !== SESSIONS || summary['completed'] !== SESSIONS) throw new Error(`bench flow counted ${summary['runs']} runs, ${summary['completed']} completed`);
  return [
    { name: 'flow runtime: inbound messages through a 5-node flow', value: round(perSecond, 0), unit: 'msg/s', note: `${SESSIONS * 2} messages (keyword + answer per customer), in process` },
    {
      name: `flow runtime: analytics cold, ${SESSIONS.toLocaleString('en')} sessions / ${events} events`,
      value: round(analyticsMs, 0),
      unit: 'ms',
      target: `< ${ANALYTICS_TARGET_MS} ms`,
      pass: analyticsMs < ANALYTICS_TARGET_MS,
      note: 'the first GET /flows/{id}/analytics?range=all after the events were written, in process (events are folded into per-day tallies as they commit)',
    },
    { name: 'flow runtime: analytics warm (after one more customer)', value: round(warm.ms, 0), unit: 'ms' },
    { name: 'flow runtime: heap per 100k sessions (with events, contacts, threads)', value: round(heapPer100k / 1024 / 1024, 0), unit: 'MB' },
  ];
}
