/**
 * Audit 11a (A3, A5): orders the spec words loosely. A session's events are "oldest first" (4.8),
 * by time, not by id (ascending ids are stated for GET /flow-events only); conversations are
 * "newest" first (2.1) with no field named (4.4), so an inbox by latest message is as compliant as
 * one by creation, and the house's created_at is judged at assumption. Each case runs the real
 * checks in-process against the simulator behind a fetch that rewrites one list's answer.
 */
import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceReport } from '../conformance/index.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

type Item = Record<string, unknown>;
/** Rewrites the `data` of a list answer on GET routes matching `route` (others unchanged). */
type Rewrite = (data: Item[]) => Item[];

async function run(only: readonly string[], route: RegExp, rewrite: Rewrite): Promise<ConformanceReport> {
  const sim = createSimulator({ logger: silentLogger });
  const [a, b] = sim.accounts;
  try {
    return await runConformance({
      baseUrl: 'http://simulator.test/api/v1',
      apiKey: a!.keys.full!,
      apiKeyB: b!.keys.full!,
      controlToken: sim.controlToken,
      fetch: async (request) => {
        const response = await sim.fetch(request);
        const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
        if (request.method !== 'GET' || response.status !== 200 || !route.test(path)) return response;
        const body = (await response.json()) as { data: Item[] };
        return new Response(JSON.stringify({ ...body, data: rewrite(body.data) }), { status: 200, headers: response.headers });
      },
      only,
      seed: 11,
      ledgerDir: false,
      profile: 'full',
      level: 'all',
    });
  } finally {
    sim.close();
  }
}

const verdicts = (report: ConformanceReport) => Object.fromEntries(report.results.map((r) => [r.id, r.verdict]));
const messageOf = (report: ConformanceReport, id: string) => report.results.find((r) => r.id === id)?.failure?.message ?? '';
const SESSION_EVENTS = /^\/flow-sessions\/\d+\/events$/;
const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : -Infinity);

describe('orders the spec states loosely (audit 11a)', () => {
  it('A3: a session\'s events oldest first with ids that do not ascend pass (ids ascend on /flow-events only)', async () => {
    // Same order, same ids, handed out descending: ids no longer grow with time.
    const report = await run(['flow-runtime.end-to-end'], SESSION_EVENTS, (data) => {
      const ids = data.map((event) => event['id'] as number).sort((x, y) => y - x);
      return data.map((event, i) => ({ ...event, id: ids[i] }));
    });
    expect(verdicts(report)).toEqual({ 'flow-runtime.end-to-end': 'pass' });
  }, 20_000);

  it('A3: a session\'s events going back in time fail "oldest first"', async () => {
    const report = await run(['flow-runtime.end-to-end'], SESSION_EVENTS, (data) => data.map((event, i) => (i === data.length - 1 ? { ...event, occurred_at: '2000-01-01T00:00:00+00:00' } : event)));
    expect(verdicts(report)).toEqual({ 'flow-runtime.end-to-end': 'fail' });
    expect(messageOf(report, 'flow-runtime.end-to-end')).toMatch(/events must be oldest first/);
  }, 20_000);

  it('A5: conversations newest first by last message pass at spec; created_at is the assumption that notices', async () => {
    const byActivity: Rewrite = (data) => [...data].sort((x, y) => instant(y['last_message_at']) - instant(x['last_message_at']));
    const report = await run(['order.conversations', 'order.conversations-created-at'], /^\/conversations$/, byActivity);
    expect(verdicts(report)).toEqual({ 'order.conversations': 'pass', 'order.conversations-created-at': 'fail' });
    expect(messageOf(report, 'order.conversations-created-at')).toMatch(/created_at/);
  }, 20_000);

  it('A5: conversations oldest first by both instants still fail at spec', async () => {
    const report = await run(['order.conversations', 'order.conversations-created-at'], /^\/conversations$/, (data) => [...data].reverse());
    expect(verdicts(report)).toEqual({ 'order.conversations': 'fail', 'order.conversations-created-at': 'fail' });
    expect(messageOf(report, 'order.conversations')).toMatch(/by any of its instants: .*created_at.*; .*last_message_at/);
  }, 20_000);
});
