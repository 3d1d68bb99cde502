/**
 * Audit 10b (F1, F2, F6, F7, F9, F10, F12): the kit must not fail a server for a choice the spec
 * leaves open. Each case runs the real checks in-process against the simulator behind a fetch that
 * rewrites its answers the way a compliant foreign server might answer, and asserts the spec
 * checks pass while the matching `assumption` check (our choice) is the one that notices.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { runConformance, type ConformanceOptions, type ConformanceReport } from '../conformance/index.js';

type Rewrite = (request: Request, status: number, json: unknown) => { status: number; json: unknown } | undefined;

/** sim.fetch with `rewrite` applied to every JSON answer under /api/v1 (undefined: unchanged). */
function rewritten(sim: Simulator, rewrite: Rewrite): (request: Request) => Promise<Response> {
  return async (request) => {
    const path = new URL(request.url).pathname;
    const response = await sim.fetch(request.clone());
    if (!path.startsWith('/api/v1') || !response.headers.get('content-type')?.includes('json')) return response;
    const changed = rewrite(request, response.status, await response.clone().json());
    if (!changed) return response;
    const headers = new Headers(response.headers);
    if (changed.json === undefined) {
      headers.delete('content-type');
      return new Response(null, { status: changed.status, headers });
    }
    return new Response(JSON.stringify(changed.json), { status: changed.status, headers });
  };
}

const routeOf = (request: Request) => new URL(request.url).pathname.replace(/^\/api\/v1/, '');

async function run(sim: Simulator, options: Partial<ConformanceOptions> & { only: readonly string[] }, rewrite?: Rewrite): Promise<ConformanceReport> {
  const [a, b, , , inactive] = sim.accounts;
  return runConformance({
    baseUrl: 'http://simulator.test/api/v1',
    apiKey: a!.keys.full!,
    apiKeyB: b!.keys.full!,
    inactiveKey: inactive!.keys.read!,
    controlToken: sim.controlToken,
    fetch: rewrite ? rewritten(sim, rewrite) : (request) => sim.fetch(request),
    runs: 2,
    seed: 7,
    ledgerDir: false,
    profile: 'full',
    level: 'all',
    ...options,
  });
}

const verdicts = (report: ConformanceReport) => Object.fromEntries(report.results.map((r) => [r.id, r.verdict]));
const messageOf = (report: ConformanceReport, id: string) => report.results.find((r) => r.id === id)?.failure?.message ?? '';

describe('the kit on answers the spec leaves open (audit 10b)', () => {
  it('F1: a 200 create where the spec states no 201 passes the spec checks; 201 is an assumption', async () => {
    const sim = createSimulator({ logger: silentLogger });
    const unstated = /^\/(posts|comment-triggers|media|knowledge\/services|blocked-users)$/;
    const report = await run(
      sim,
      {
        only: [
          'posts.draft-lifecycle', 'media.upload', 'comment-triggers.create-defaults', 'knowledge.service-lifecycle', 'blocked-users.lifecycle',
          'posts.create-answer', 'media.create-answer', 'comment-triggers.create-answer', 'knowledge.service-create-answer', 'blocked-users.create-answer',
        ],
      },
      (request, status, json) => (request.method === 'POST' && status === 201 && unstated.test(routeOf(request)) ? { status: 200, json } : undefined),
    );
    expect(verdicts(report)).toEqual({
      'posts.draft-lifecycle': 'pass',
      'media.upload': 'pass',
      'comment-triggers.create-defaults': 'pass',
      'knowledge.service-lifecycle': 'pass',
      // The ledger owns a block created with a 200, so the guard lets the kit unblock it (was: skipped).
      'blocked-users.lifecycle': 'pass',
      'posts.create-answer': 'fail',
      'media.create-answer': 'fail',
      'comment-triggers.create-answer': 'fail',
      'knowledge.service-create-answer': 'fail',
      'blocked-users.create-answer': 'fail',
    });
    expect(messageOf(report, 'posts.create-answer')).toBe('POST /posts: expected HTTP 201, got HTTP 200');
    expect(report.cleanup.failed).toEqual([]);
    sim.close();
  }, 60_000);

  it('F2: a 204 DELETE where the spec states no result passes the spec checks; 200 {id, deleted} is an assumption', async () => {
    const sim = createSimulator({ logger: silentLogger });
    const unstated = /^\/(posts|media|competitors|comment-triggers|knowledge\/services)\/\d+$/;
    const report = await run(
      sim,
      {
        only: [
          'posts.draft-lifecycle', 'posts.state-machine-model', 'media.upload', 'media.cap', 'market.track-delete', 'comment-triggers.create-defaults', 'knowledge.service-lifecycle',
          'posts.delete-answer', 'media.delete-answer', 'market.delete-answer', 'comment-triggers.delete-answer', 'knowledge.service-delete-answer',
        ],
      },
      (request, status) => (request.method === 'DELETE' && status === 200 && unstated.test(routeOf(request)) ? { status: 204, json: undefined } : undefined),
    );
    const spec = report.results.filter((r) => r.level === 'spec');
    expect(spec.filter((r) => r.verdict !== 'pass').map((r) => `${r.id}: ${r.verdict} ${r.failure?.message ?? r.reason ?? ''}`)).toEqual([]);
    expect(spec.length).toBe(7);
    for (const id of ['posts.delete-answer', 'media.delete-answer', 'market.delete-answer', 'comment-triggers.delete-answer', 'knowledge.service-delete-answer']) {
      expect(verdicts(report)[id], id).toBe('fail');
    }
    expect(messageOf(report, 'market.delete-answer')).toMatch(/^DELETE \/competitors\/\d+: expected HTTP 200, got HTTP 204$/);
    sim.close();
  }, 60_000);

  it('F6, F7: extra keys on trigger buttons and flow events pass the spec checks; "only the 2.12 keys" is an assumption', async () => {
    const sim = createSimulator({ logger: silentLogger });
    const tag = (json: unknown, each: (item: Record<string, unknown>) => void): unknown => {
      const data = (json as { data?: unknown }).data;
      for (const item of Array.isArray(data) ? data : [data]) if (typeof item === 'object' && item !== null) each(item as Record<string, unknown>);
      return json;
    };
    const report = await run(
      sim,
      { only: ['comment-triggers.create-defaults', 'comment-triggers.simulate-reasons', 'flow-runtime.end-to-end', 'flow-runtime.read-shapes', 'flow-runtime.event-keys'] },
      (request, status, json) => {
        const route = routeOf(request);
        if (status >= 300) return undefined;
        if (route.startsWith('/comment-triggers')) {
          return { status, json: tag(json, (trigger) => (Array.isArray(trigger['buttons']) ? trigger['buttons'].forEach((button: Record<string, unknown>, i: number) => (button['id'] = `btn_${i}`)) : undefined)) };
        }
        if (route === '/flow-events' || /^\/flow-sessions\/\d+\/events$/.test(route)) return { status, json: tag(json, (event) => (event['object'] = 'flow_event')) };
        return undefined;
      },
    );
    expect(verdicts(report)).toEqual({
      'comment-triggers.create-defaults': 'pass',
      'comment-triggers.simulate-reasons': 'pass',
      'flow-runtime.end-to-end': 'pass',
      'flow-runtime.read-shapes': 'pass',
      'flow-runtime.event-keys': 'fail',
    });
    expect(messageOf(report, 'flow-runtime.event-keys')).toMatch(/has keys beyond 2\.12 \(object\)/);
    sim.close();
  }, 60_000);

  it('F9: a read-only --api-key on the simulator: the customer side needs a write key; a key that cannot mint one skips, no clause is charged', async () => {
    const sim = createSimulator({ logger: silentLogger });
    const only = ['conversations.inbound-thread', 'conversations.status', 'messages.send', 'messages.send-errors', 'opt-outs.sms-stop-start'];
    const report = await run(sim, { only, apiKey: sim.accounts[0]!.keys.read!, profile: 'safe' });
    // Was: five failures "POST /_sandbox/inbound: expected HTTP 200, got HTTP 403 insufficient_scope".
    expect(report.results.map((r) => `${r.id}: ${r.verdict} ${r.reason ?? ''}`)).toEqual(only.map((id) => `${id}: skip cannot_mint_key:insufficient_scope`));
    // A write key covers the customer side: whatever else those checks lack, nothing fails.
    const write = await run(sim, { only, apiKey: sim.accounts[0]!.keys.write!, profile: 'safe' });
    expect(write.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message ?? ''}`)).toEqual([]);
    sim.close();
  }, 60_000);

  it('F10: with GET /account unreadable, mint-reach judges a real admin key and names it', async () => {
    const sim = createSimulator({ logger: silentLogger });
    const report = await run(sim, { only: ['keys.mint-reach', 'keys.mint-reach-code'] }, (request, status, json) =>
      request.method === 'GET' && routeOf(request) === '/account' && status === 200 ? { status, json: (json as { data: unknown }).data } : undefined,
    );
    expect(verdicts(report)).toEqual({ 'keys.mint-reach': 'pass', 'keys.mint-reach-code': 'pass' });
    sim.close();
  }, 60_000);

  it('F12: a simulator whose virtual clock moved, run without the operator token: rate.reset-time judges by its Date, and is inconclusive, never failed, where Date is the host\'s', async () => {
    const sim = createSimulator({ logger: silentLogger });
    sim.clock.advance(20 * 60_000);
    // Its Date follows the virtual clock (decisions: "The Date header follows the virtual clock"): judged, and passes.
    expect((await run(sim, { only: ['rate.reset-time'], controlToken: undefined, profile: 'read-only', level: 'spec' })).results[0]!.verdict).toBe('pass');
    // A build that stamped Date with the host's time cannot be judged without the token.
    const hostDate = async (request: Request): Promise<Response> => {
      const answer = await sim.fetch(request);
      const headers = new Headers(answer.headers);
      headers.set('date', new Date().toUTCString());
      return new Response(answer.body, { status: answer.status, headers });
    };
    const report = await run(sim, { only: ['rate.reset-time'], controlToken: undefined, profile: 'read-only', level: 'spec', fetch: hostDate });
    const result = report.results[0]!;
    expect(result.verdict).toBe('inconclusive');
    expect(result.reason).toMatch(/only --control-token reads it/);
    // Its clock in step with the host, the same run judges (and passes).
    const fresh = createSimulator({ logger: silentLogger });
    expect((await run(fresh, { only: ['rate.reset-time'], controlToken: undefined, profile: 'read-only', level: 'spec' })).results[0]!.verdict).toBe('pass');
    sim.close();
    fresh.close();
  }, 60_000);
});
