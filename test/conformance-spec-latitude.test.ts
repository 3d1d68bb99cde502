/**
 * Audit 13f (F1-F6): a check tagged `spec` may fail only on spec text. Each case serves the
 * simulator through a loopback proxy on 127.0.0.1 (test/support/bug-proxy.ts, control plane
 * shown, so the kit still uses the virtual clock) that answers the way a conformant server may
 * where the spec leaves room, and runs the checks that used to fail: the spec checks pass, and
 * the house's own reading, where the kit keeps one, fails as an `assumption` check.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import type { ConformanceOptions, ConformanceReport } from '../conformance/index.js';
import { json, type Bug, type ProxyResponse } from './support/bug-proxy.js';
import { kitThroughProxy } from './support/kit-through-proxy.js';

/** The simulator behind the proxy, the checks `only`, full profile, every level. */
async function through(bug: Bug, only: readonly string[], options: Partial<ConformanceOptions> = {}): Promise<ConformanceReport> {
  const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
  return kitThroughProxy(sim, { bug, showSandbox: true }, { controlToken: sim.controlToken, runs: 2, seed: 13, profile: 'full', level: 'all', only, ...options });
}

const isApi = (url: string): boolean => url.startsWith('/api/v1/');
const pathOf = (url: string): string => new URL(url, 'http://x').pathname.replace(/^\/api\/v1/, '');

function bodyOf(response: ProxyResponse): Record<string, unknown> | undefined {
  if (!response.headers['content-type']?.includes('json') || response.body === '') return undefined;
  const parsed: unknown = JSON.parse(response.body);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

const withBody = (response: ProxyResponse, body: unknown): ProxyResponse => ({ ...response, body: JSON.stringify(body) });

/** Every result that is not a pass, as `id: verdict message`, for one level. */
function notPassed(report: ConformanceReport, level: 'spec' | 'assumption'): string[] {
  return report.results
    .filter((r) => r.level === level && r.verdict !== 'pass')
    .map((r) => `${r.id}: ${r.verdict} ${r.failure?.message ?? r.reason ?? ''}`.trim());
}

const verdictOf = (report: ConformanceReport, id: string): string | undefined => report.results.find((r) => r.id === id)?.verdict;

describe('the kit on answers the spec allows (audit 13f)', () => {
  it('F1: a last page that still carries a next_cursor passes every spec check; null there is the assumption pagination.last-page-cursor', async () => {
    // Every list, whole-set ones included, answers an opaque cursor on its last page; the kit
    // never needs it, and an empty page answers it if it is ever sent.
    const bug: Bug = async (request, upstream) => {
      if (request.method === 'GET' && isApi(request.url) && new URL(request.url, 'http://x').searchParams.get('starting_after')?.startsWith('end_')) {
        return json(200, { data: [], has_more: false, next_cursor: null });
      }
      const response = await upstream(request);
      const body = request.method === 'GET' && isApi(request.url) ? bodyOf(response) : undefined;
      if (!body || !Array.isArray(body['data']) || body['has_more'] !== false || body['next_cursor'] !== null) return response;
      return withBody(response, { ...body, next_cursor: `end_${Math.random().toString(36).slice(2)}` });
    };
    const only = [
      'pagination.walk', 'pagination.limit-bounds', 'pagination.default-limit', 'pagination.tampered-cursor', 'pagination.last-page-cursor',
      'keys.list-shape', 'keys.create', 'order.contacts', 'order.custom-fields', 'order.flows', 'order.team-invitations',
      'contacts.filters', 'conversations.messages-pages', 'opt-outs.filters', 'blocked-users.lifecycle',
      'tags.list-by-name', 'team.list', 'market.competitor-slots', 'isolation.opt-outs', 'isolation.custom-fields',
    ];
    const report = await through(bug, only);
    expect(report.results.map((r) => r.id).sort()).toEqual([...only].sort());
    expect(notPassed(report, 'spec')).toEqual([]);
    expect(notPassed(report, 'assumption')).toEqual([expect.stringMatching(/^pagination\.last-page-cursor: fail GET \/api-keys: the last page \(has_more false\) carries next_cursor "end_/)]);
  }, 120_000);

  it('F2: Retry-After as an HTTP-date is read like delay-seconds everywhere', async () => {
    // The date the server's own Date header puts N seconds ahead (RFC 9110 10.2.3).
    const bug: Bug = async (request, upstream) => {
      const response = await upstream(request);
      const seconds = response.headers['retry-after'];
      const date = Date.parse(response.headers['date'] ?? '');
      if (seconds === undefined || !/^\d+$/.test(seconds) || !Number.isFinite(date)) return response;
      return { ...response, headers: { ...response.headers, 'retry-after': new Date(date + Number(seconds) * 1000).toUTCString() } };
    };
    const only = ['rate.burst', 'rate.quota', 'market.refresh-window', 'observed.retry-after', 'observed.too-soon-retry-after'];
    const report = await through(bug, only);
    expect(report.results.map((r) => `${r.id}: ${r.verdict} ${r.failure?.message ?? r.reason ?? ''}`.trim()).sort()).toEqual(only.map((id) => `${id}: pass`).sort());
    // The dates were there to read: the walk and the refresh did meet 429s.
    expect(report.requests.rateLimited).toBeGreaterThan(0);
  }, 120_000);

  it('F3: a 429 too_soon without Retry-After passes the spec checks; the header beside retry_after_seconds is an assumption', async () => {
    const bug: Bug = async (request, upstream) => {
      const response = await upstream(request);
      if (response.status !== 429 || (bodyOf(response)?.['error'] as { code?: unknown } | undefined)?.code !== 'too_soon') return response;
      const { 'retry-after': _dropped, ...headers } = response.headers;
      return { ...response, headers };
    };
    // The burst check adds 429 rate_limited answers, which must still carry the header.
    const report = await through(bug, ['market.refresh-window', 'rate.burst', 'observed.retry-after', 'observed.too-soon-retry-after']);
    expect(notPassed(report, 'spec')).toEqual([]);
    expect(verdictOf(report, 'observed.retry-after')).toBe('pass');
    expect(notPassed(report, 'assumption')).toEqual([
      expect.stringMatching(/^observed\.too-soon-retry-after: fail \d+ of \d+ 429 too_soon answers lacked a matching Retry-After; first: Retry-After \(none\) does not match retry_after_seconds \(300\)$/),
    ]);
  }, 120_000);

  it('F4: a server that refuses query parameters its route does not state: order.custom-fields sends none', async () => {
    // 4.3 states only include_archived for GET /custom-fields; 4.5 and 4.10 nothing for tags and team.
    const stated: Readonly<Record<string, readonly string[]>> = { '/custom-fields': ['include_archived'], '/tags': [], '/team': [] };
    const refused: string[] = [];
    const bug: Bug = async (request, upstream) => {
      const allowed = request.method === 'GET' && isApi(request.url) ? stated[pathOf(request.url)] : undefined;
      const unknown = allowed && [...new URL(request.url, 'http://x').searchParams.keys()].find((name) => !allowed.includes(name));
      if (!unknown) return upstream(request);
      refused.push(request.url);
      return json(400, { error: { code: 'invalid_param', message: `Unknown query parameter: ${unknown}.`, param: unknown } });
    };
    const report = await through(bug, ['order.custom-fields', 'pagination.last-page-cursor', 'tags.list-by-name', 'team.list']);
    expect(refused).toEqual([]);
    expect(notPassed(report, 'spec')).toEqual([]);
    expect(notPassed(report, 'assumption')).toEqual([]);
  }, 120_000);

  for (const remaining of ['the real RateLimit-Remaining', 'RateLimit-Remaining 0'] as const) {
    it(`F5: a system-wide 429 inside the quota walk (${remaining}) is waited out, never a quota failure`, async () => {
      // Every 37th authenticated GET answers 429 rate_limited, Retry-After 1 (section 8: "System-wide
      // safety ceiling also yields 429 rate_limited"), after the request reached the server.
      let gets = 0;
      const bug: Bug = async (request, upstream) => {
        const response = await upstream(request);
        if (request.method !== 'GET' || !isApi(request.url) || response.headers['ratelimit-limit'] === undefined || ++gets % 37 !== 0) return response;
        const headers = { ...response.headers, 'retry-after': '1' };
        if (remaining === 'RateLimit-Remaining 0') Object.assign(headers, { 'ratelimit-remaining': '0', 'x-ratelimit-remaining': '0' });
        return json(429, { error: { code: 'rate_limited', message: 'System busy, retry later.' } }, headers);
      };
      const report = await through(bug, ['rate.quota', 'rate.burst']);
      expect(report.results.map((r) => `${r.id}: ${r.verdict} ${r.failure?.message ?? r.reason ?? ''}`.trim())).toEqual(['rate.burst: pass', 'rate.quota: pass']);
      expect(gets).toBeGreaterThan(200);
    }, 120_000);
  }

  it('F6: an exclude rule echoed with a key of the server\'s own passes ai.config-side-rules', async () => {
    const bug: Bug = async (request, upstream) => {
      const response = await upstream(request);
      const body = isApi(request.url) && pathOf(request.url) === '/ai/config' ? bodyOf(response) : undefined;
      const commentAi = (body?.['data'] as { comment_ai?: { exclude_rules?: unknown } } | undefined)?.comment_ai;
      if (!body || !Array.isArray(commentAi?.exclude_rules)) return response;
      commentAi.exclude_rules = commentAi.exclude_rules.map((rule: Record<string, unknown>, index: number) => ({ ...rule, id: `rule_${index}` }));
      return withBody(response, body);
    };
    const report = await through(bug, ['ai.config-side-rules']);
    expect(report.results.map((r) => `${r.id}: ${r.verdict} ${r.failure?.message ?? r.reason ?? ''}`.trim())).toEqual(['ai.config-side-rules: pass']);
    expect(report.cleanup.failed).toEqual([]);
  }, 120_000);
});
