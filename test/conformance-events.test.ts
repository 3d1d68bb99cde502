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

/**
 * Forwards every delivery to where the kit listens with its body re-enveloped by `envelope`, as a
 * vendor with another (unstated, 6) wire envelope would send it; answers with the receiver's status.
 */
async function reenvelopingRelay(forwardTo: () => string | undefined, envelope: (body: Record<string, unknown>) => unknown): Promise<string> {
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const target = forwardTo();
      if (!target) {
        answer.writeHead(502).end();
        return;
      }
      const body = JSON.stringify(envelope(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>));
      const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      const out = httpRequest(target, { method: 'POST', headers }, (reply) => {
        reply.resume();
        answer.writeHead(reply.statusCode ?? 502).end();
      });
      out.on('error', () => answer.writeHead(502).end());
      out.end(body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/relay`;
}

/** Changes the simulator's answers to the kit (e.g. a status), after the simulator answered. */
type Answer = (request: Request, response: Response) => Promise<Response> | Response;

/** The kit in-process; `rewrite` may change the receiver URL the kit sends in endpoint bodies. */
async function run(rewrite?: (url: string) => string, timeoutMs?: number, answer?: Answer, only: string[] = EVENT_CHECKS): Promise<ConformanceReport> {
  const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
  const [a, b] = sim.accounts;
  try {
    return await runConformance({
      baseUrl: `${ORIGIN}/api/v1`,
      apiKey: a!.keys.full!,
      apiKeyB: b!.keys.full!,
      controlToken: sim.controlToken,
      fetch: async (request) => {
        if (answer) return answer(request, await sim.fetch(request));
        if (!rewrite || request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/webhooks/endpoints')) return sim.fetch(request);
        const body = JSON.parse(await request.text()) as { url?: string };
        if (typeof body.url === 'string' && body.url.startsWith('http://127.0.0.1:')) body.url = rewrite(body.url);
        return sim.fetch(new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }));
      },
      only,
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

  it('pass when the event name is the body\'s key and the id sits under the kind (envelope not shown, 6)', async () => {
    let receiver: string | undefined;
    // {"type":"appointment.booked","data":{"appointment":{"id":11,...}}} -> {"appointment.booked":{"appointment":11,...}}:
    // the record is then only a number under its kind's name, never an `id` / `*_id`.
    const relay = await reenvelopingRelay(
      () => receiver,
      ({ type, data, ...rest }) => {
        const kept = Object.entries((data ?? {}) as Record<string, unknown>).map(([key, value]) => {
          const record = value as { id?: unknown } | null;
          return [key, typeof record === 'object' && record !== null && typeof record.id === 'number' ? record.id : value];
        });
        return { [String(type)]: { ...rest, ...Object.fromEntries(kept) } };
      },
    );
    const report = await run((url) => {
      receiver = url;
      return relay;
    }, 1500);
    expect(verdicts(report)).toEqual(Object.fromEntries(EVENT_CHECKS.map((id) => [id, 'pass'])));
  }, 20_000);

  it('a booking answered 200 instead of 201 leaves events.appointment inconclusive (4.6 is not clause 6)', async () => {
    const report = await run(undefined, undefined, async (request, response) => {
      const booking = request.method === 'POST' && new URL(request.url).pathname.endsWith('/appointments') && response.status === 201;
      return booking ? new Response(await response.text(), { status: 200, headers: response.headers }) : response;
    }, ['events.appointment']);
    const result = report.results.find((r) => r.id === 'events.appointment')!;
    expect(result.verdict).toBe('inconclusive');
    expect(result.reason).toMatch(/^setup failed: book the offered slot /);
    expect(report.cleanup.remaining).toEqual([]);
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
