/**
 * Section 6 judged by deliveries (audit 10b F3): the `events.*` checks pass when the simulator
 * delivers, fail when a relay swallows every event but the test delivery (the auditor's
 * `events_not_fired`), and skip `receiver_unreachable` (never pass) when the target cannot reach
 * the kit's receiver at all. In-process simulator, a relay on 127.0.0.1 port 0.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance, type ConformanceReport } from '../conformance/index.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const ORIGIN = 'http://simulator.test';
const EVENT_CHECKS = ['events.appointment', 'events.flow-lifecycle', 'events.contact-field-changed', 'events.conversation', 'events.post-scheduled'];
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Answers 200 to every delivery; forwards only `webhook.test` ones to where the kit listens. */
async function swallowingRelay(forwardTo: () => string | undefined): Promise<string> {
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = forwardTo();
      if (target && body.toString('utf8').includes('"webhook.test"')) {
        const out = httpRequest(target, { method: 'POST', headers: { ...incoming.headers, host: new URL(target).host } }, (reply) => {
          reply.resume();
          answer.writeHead(reply.statusCode ?? 502).end();
        });
        out.on('error', () => answer.writeHead(502).end());
        out.end(body);
        return;
      }
      answer.writeHead(200).end('ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/relay`;
}

/** The kit in-process; `rewrite` may change the receiver URL the kit sends in endpoint bodies. */
async function run(rewrite?: (url: string) => string, timeoutMs?: number): Promise<ConformanceReport> {
  const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
  const [a, b] = sim.accounts;
  try {
    return await runConformance({
      baseUrl: `${ORIGIN}/api/v1`,
      apiKey: a!.keys.full!,
      apiKeyB: b!.keys.full!,
      controlToken: sim.controlToken,
      fetch: async (request) => {
        if (!rewrite || request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/webhooks/endpoints')) return sim.fetch(request);
        const body = JSON.parse(await request.text()) as { url?: string };
        if (typeof body.url === 'string' && body.url.startsWith('http://127.0.0.1:')) body.url = rewrite(body.url);
        return sim.fetch(new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }));
      },
      only: EVENT_CHECKS,
      // The wait for a delivery is at most the request timeout: short where none is coming.
      ...(timeoutMs ? { timeoutMs } : {}),
      seed: 5,
      ledgerDir: false,
    });
  } finally {
    sim.close();
  }
}

const verdicts = (report: ConformanceReport) => Object.fromEntries(report.results.map((r) => [r.id, r.verdict === 'skip' ? `skip ${r.reason}` : r.verdict]));

describe('section 6 events, judged by what reaches the receiver', () => {
  it('pass when every operation delivers its event', async () => {
    const report = await run();
    expect(verdicts(report)).toEqual(Object.fromEntries(EVENT_CHECKS.map((id) => [id, 'pass'])));
    expect(report.cleanup.remaining).toEqual([]);
  }, 20_000);

  it('fail, naming the event, when only the test delivery gets through', async () => {
    let receiver: string | undefined;
    const relay = await swallowingRelay(() => receiver);
    const report = await run((url) => {
      receiver = url;
      return relay;
    }, 1000);
    expect(verdicts(report)).toEqual(Object.fromEntries(EVENT_CHECKS.map((id) => [id, 'fail'])));
    const booked = report.results.find((r) => r.id === 'events.appointment')!;
    expect(booked.failure?.message).toMatch(/^section 6: no appointment\.booked delivery about record \d+/);
    const field = report.results.find((r) => r.id === 'events.contact-field-changed')!;
    expect(field.failure?.message).toContain('with changed_at and source');
  }, 20_000);

  it('skip receiver_unreachable, never pass, when the target cannot reach the receiver', async () => {
    // A port that was free a moment ago: the test delivery is refused and reads delivered false.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const report = await run(() => `http://127.0.0.1:${port}/nowhere`);
    expect(verdicts(report)).toEqual(Object.fromEntries(EVENT_CHECKS.map((id) => [id, 'skip receiver_unreachable'])));
  }, 20_000);
});
