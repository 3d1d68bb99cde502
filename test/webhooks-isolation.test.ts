/**
 * A bad receiver never blocks request handling, and how long an event takes to reach a good one.
 * Real clock, the node:http server, the undici transport. The numbers are printed, not asserted
 * (timed assertions flake on a shared machine); the assertions are that every request completes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { createUndiciTransport, type UndiciTransport } from '../src/adapters/undici-transport.js';
import { testSimulator, type TestSimulator } from './support/simulator.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { addEndpoint, emit } from './support/webhook-setup.js';

function summary(samples: number[]): { median: number; p95: number; max: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]!), n: sorted.length };
}

async function timedGets(server: RunningServer, key: string, count: number): Promise<{ statuses: number[]; ms: number[] }> {
  const statuses: number[] = [];
  const ms: number[] = [];
  const paths = ['/account', '/webhooks/endpoints', '/account'];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${paths[i % paths.length]}`, { headers: { 'X-Service-Api-Key': key } });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    statuses.push(res.status);
  }
  return { statuses, ms };
}

describe('webhook isolation and latency (real clock)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(): Promise<{ t: TestSimulator; server: RunningServer; transport: UndiciTransport }> {
    const transport = createUndiciTransport();
    const t = testSimulator({ allowLocalWebhooks: true, webhookTransport: transport });
    const server = await listen(t.sim, { port: 0 });
    cleanups.push(async () => {
      await server.close();
      t.sim.close();
      await transport.close();
    });
    return { t, server, transport };
  }

  async function receiver(): Promise<Receiver> {
    const r = await startReceiver();
    cleanups.push(() => r.close());
    return r;
  }

  it('keeps answering API requests while receivers hang, reset and stream huge bodies', async () => {
    const { t, server } = await setup();
    const key = t.keys.full!;
    const baseline = await timedGets(server, key, 150);

    const hanging = await receiver();
    hanging.behave(() => 'hang');
    const resetting = await receiver();
    resetting.behave(() => 'reset');
    const huge = await receiver();
    huge.behave(() => 'huge');
    await addEndpoint(t, hanging.url); // default timeout_ms 10000
    await addEndpoint(t, resetting.url);
    await addEndpoint(t, huge.url);
    for (let i = 0; i < 30; i++) await emit(t, 'message.received', { seq: i, text: 'x' });
    await hanging.waitFor(1);

    const during = await timedGets(server, key, 300);
    // In-process requests too (the MSW path), interleaved with more events.
    const inProcess: number[] = [];
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) await emit(t, 'contact.updated', { i });
      const started = performance.now();
      const res = await t.sim.request({ path: '/account', key });
      inProcess.push(performance.now() - started);
      expect(res.status).toBe(200);
    }

    expect(baseline.statuses.every((s) => s === 200)).toBe(true);
    expect(during.statuses.every((s) => s === 200)).toBe(true);
    expect(hanging.received.length).toBe(1); // still stuck on its first attempt: FIFO, timeout 10 s
    expect(huge.received.length).toBeGreaterThan(1); // the huge answers were cut off and the queue moved on
    console.info(
      `[webhooks] API latency over HTTP, no receivers: ${JSON.stringify(summary(baseline.ms))} ms; ` +
        `with hanging/resetting/huge receivers attached: ${JSON.stringify(summary(during.ms))} ms; ` +
        `in-process with them: ${JSON.stringify(summary(inProcess))} ms`,
    );
  });

  it('measures event-to-receiver delivery latency', async () => {
    const { t, server } = await setup();
    const good = await receiver();
    await addEndpoint(t, good.url);
    const key = t.keys.admin!;

    // In-process: from the event's commit (the journal listener) to the receiver having the body.
    const committedAt = new Map<string, number>();
    const unsubscribe = t.sim.onEvent((event) => committedAt.set(`evt_${String(event.id).padStart(8, '0')}`, performance.now()));
    cleanups.push(unsubscribe);
    const count = 100;
    for (let i = 0; i < count; i++) {
      t.sim.sandbox.emitEvent(1, 'message.received', { seq: i, text: 'hello' });
      await good.waitFor(i + 1);
    }
    const commitToReceiver = good.received.map((r) => r.at - committedAt.get(String(r.headers['webhook-id']))!);

    // Over HTTP: from sending POST /_sandbox/events to the receiver having the body.
    const before = good.received.length;
    const overHttp: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const res = await fetch(`${server.origin}/_sandbox/events`, {
        method: 'POST',
        headers: { 'X-Service-Api-Key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'contact.updated', data: { seq: i } }),
      });
      expect(res.status).toBe(201);
      await res.arrayBuffer();
      const [arrived] = (await good.waitFor(before + i + 1)).slice(before + i);
      overHttp.push(arrived!.at - started);
    }

    expect(good.received).toHaveLength(2 * count);
    console.info(
      `[webhooks] event -> receiver latency, commit to body received (in-process): ${JSON.stringify(summary(commitToReceiver))} ms; ` +
        `HTTP emit request sent to body received: ${JSON.stringify(summary(overHttp))} ms`,
    );
  });
});
