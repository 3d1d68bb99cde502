import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, RateLimiter, parseRateLimit } from './rate-limit.js';
import { testSimulator } from '../../test/support/simulator.js';
import type { SimResponse } from './types.js';

const START = '2026-01-01T00:00:00+00:00';
const START_S = Date.parse(START) / 1000;
const HEADER_NAMES = ['Limit', 'Remaining', 'Reset'] as const;

function limited(rateLimit = '200/20') {
  return testSimulator({ rateLimit, clock: { frozenAt: START } });
}

function expectRateHeaders(res: SimResponse, limit: number, remaining?: number): void {
  for (const name of HEADER_NAMES) {
    expect(res.headers[`RateLimit-${name}`], name).toMatch(/^\d+$/);
    expect(res.headers[`X-RateLimit-${name}`], name).toBe(res.headers[`RateLimit-${name}`]);
  }
  expect(res.headers['RateLimit-Limit']).toBe(String(limit));
  if (remaining !== undefined) expect(res.headers['RateLimit-Remaining']).toBe(String(remaining));
}

const code = (res: SimResponse): unknown => (res.body as { error?: { code?: unknown } }).error?.code;

describe('parseRateLimit (unit)', () => {
  it('parses off and per-minute/per-second pairs', () => {
    expect(parseRateLimit('off')).toBe('off');
    expect(parseRateLimit(' OFF ')).toBe('off');
    expect(parseRateLimit('200/20')).toEqual({ perMinute: 200, perSecond: 20 });
    expect(parseRateLimit('6000/100')).toEqual({ perMinute: 6000, perSecond: 100 });
    expect(DEFAULT_RATE_LIMIT).toEqual({ perMinute: 200, perSecond: 20 });
  });

  it('refuses malformed and out-of-range values', () => {
    for (const bad of ['', 'on', '200', '200/', '/20', '200/20/1', '-1/5', '1.5/2', '0/20', '200/0', '2000000/20', 'abc/def']) {
      expect(() => parseRateLimit(bad), bad).toThrow();
    }
  });
});

describe('RateLimiter (unit)', () => {
  it('counts only allowed requests and computes Retry-After from the oldest entry', () => {
    const limiter = new RateLimiter({ perMinute: 3, perSecond: 2 });
    expect(limiter.check(1, 0)!.allowed).toBe(true);
    expect(limiter.check(1, 100)!.allowed).toBe(true);
    const burst = limiter.check(1, 200)!;
    expect(burst.allowed).toBe(false);
    expect(burst.retryAfterSeconds).toBe(1);
    expect(limiter.check(1, 1000)!.allowed).toBe(true); // the request at 0 left the 1 s window
    const minute = limiter.check(1, 1500)!;
    expect(minute.allowed).toBe(false);
    expect(minute.retryAfterSeconds).toBe(59); // the request at 0 leaves the minute at 60 000
    expect(minute.headers['RateLimit-Remaining']).toBe('0');
    expect(minute.headers['RateLimit-Reset']).toBe('60');
    expect(limiter.check(1, 60_000)!.allowed).toBe(true);
  });

  it('answers null when off, and configure() switches and clears', () => {
    const limiter = new RateLimiter('off');
    expect(limiter.check(1, 0)).toBeNull();
    limiter.configure({ perMinute: 1, perSecond: 1 });
    expect(limiter.check(1, 0)!.allowed).toBe(true);
    expect(limiter.check(1, 0)!.allowed).toBe(false);
    limiter.configure({ perMinute: 1, perSecond: 1 });
    expect(limiter.check(1, 0)!.allowed).toBe(true);
    expect(limiter.settings).toEqual({ perMinute: 1, perSecond: 1 });
  });

  it('drops entries that lie in the future after the clock went backwards', () => {
    const limiter = new RateLimiter({ perMinute: 2, perSecond: 2 });
    limiter.check(1, 10_000);
    limiter.check(1, 10_001);
    expect(limiter.check(1, 10_002)!.allowed).toBe(false);
    expect(limiter.check(1, 5_000)!.allowed).toBe(true);
  });
});

describe('rate limiting through the pipeline (200/20, frozen clock)', () => {
  it('sends RateLimit-* and X-RateLimit-* on every authenticated response, with Remaining decreasing', async () => {
    const { sim, keys } = limited();
    const first = await sim.request({ path: '/account', key: keys.full });
    expectRateHeaders(first, 200, 199);
    expect(first.headers['RateLimit-Reset']).toBe(String(START_S + 60));
    const second = await sim.request({ path: '/api-keys', key: keys.read });
    expectRateHeaders(second, 200, 198);

    // Authenticated errors carry the headers too.
    const forbidden = await sim.request({ method: 'POST', path: '/api-keys', key: keys.read, body: { name: 'x' } });
    expect(forbidden.status).toBe(403);
    expectRateHeaders(forbidden, 200, 197);
    const invalid = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: '{' });
    expect(invalid.status).toBe(400);
    expectRateHeaders(invalid, 200, 196);
    const missing = await sim.request({ method: 'DELETE', path: '/api-keys/999999', key: keys.full });
    expect(missing.status).toBe(404);
    expectRateHeaders(missing, 200, 195);
  });

  it('counts a request from an add-on inactive account and sends the headers on its 403', async () => {
    const { sim, accounts } = limited();
    const res = await sim.request({ path: '/account', key: accounts[4]!.keys.full });
    expect(code(res)).toBe('addon_inactive');
    expectRateHeaders(res, 200, 199);
  });

  it('sends no rate headers on unauthenticated responses', async () => {
    const { sim } = limited();
    for (const res of [
      await sim.request({ path: '/account' }),
      await sim.request({ path: '/account', key: 'sbx_unknown' }),
      await sim.request({ path: '/openapi.json' }),
    ]) {
      expect(res.headers['RateLimit-Limit']).toBeUndefined();
      expect(res.headers['X-RateLimit-Limit']).toBeUndefined();
    }
  });

  it('refuses the 21st request within one second with 429 rate_limited and Retry-After, and frees it after 1 s', async () => {
    const { sim, keys } = limited();
    for (let i = 0; i < 20; i++) expect((await sim.request({ path: '/account', key: keys.full })).status).toBe(200);
    const refused = await sim.request({ path: '/account', key: keys.full });
    expect(refused.status).toBe(429);
    expect(code(refused)).toBe('rate_limited');
    expect(refused.headers['Retry-After']).toBe('1');
    expectRateHeaders(refused, 200, 180);

    sim.sandbox.clock.advance(999);
    expect((await sim.request({ path: '/account', key: keys.full })).status).toBe(429);
    sim.sandbox.clock.advance(1);
    const allowed = await sim.request({ path: '/account', key: keys.full });
    expect(allowed.status).toBe(200);
    expectRateHeaders(allowed, 200, 179);
  });

  it('shares 200 per minute across all keys of the account, and frees it after 60 s', async () => {
    const { sim, keys } = limited();
    const scopes = ['full', 'admin', 'write', 'read'] as const;
    for (let second = 0; second < 10; second++) {
      for (let i = 0; i < 20; i++) {
        const res = await sim.request({ path: '/account', key: keys[scopes[i % 4]!] });
        expect(res.status).toBe(200);
      }
      sim.sandbox.clock.advance(1000);
    }
    // 10 s after the start: 200 used in the last minute; every key of the account is refused.
    for (const scope of scopes) {
      const refused = await sim.request({ path: '/account', key: keys[scope] });
      expect(refused.status).toBe(429);
      expect(refused.headers['RateLimit-Remaining']).toBe('0');
      expect(refused.headers['Retry-After']).toBe('50');
    }
    sim.sandbox.clock.advance(50_000);
    // The first second's 20 requests left the window.
    const freed = await sim.request({ path: '/account', key: keys.read });
    expect(freed.status).toBe(200);
    expect(freed.headers['RateLimit-Remaining']).toBe('19');
  });

  it('keeps accounts independent', async () => {
    const { sim, accounts } = limited();
    for (let i = 0; i < 20; i++) await sim.request({ path: '/account', key: accounts[0]!.keys.full });
    expect((await sim.request({ path: '/account', key: accounts[0]!.keys.full })).status).toBe(429);
    const other = await sim.request({ path: '/account', key: accounts[1]!.keys.full });
    expect(other.status).toBe(200);
    expectRateHeaders(other, 200, 199);
  });

  it('does not meter the control plane', async () => {
    const { sim, keys } = limited();
    for (let i = 0; i < 25; i++) {
      const res = await sim.request({ path: '/_sandbox/events', key: keys.full });
      expect(res.status).toBe(200);
      expect(res.headers['RateLimit-Limit']).toBeUndefined();
    }
    expect((await sim.request({ path: '/account', key: keys.full })).headers['RateLimit-Remaining']).toBe('199');
  });

  it("rateLimit 'off' sends no headers and never answers 429", async () => {
    const { sim, keys } = limited('off');
    for (let i = 0; i < 250; i++) {
      const res = await sim.request({ path: '/account', key: keys.full });
      expect(res.status).toBe(200);
      expect(res.headers['RateLimit-Limit']).toBeUndefined();
      expect(res.headers['X-RateLimit-Remaining']).toBeUndefined();
    }
  });

  it("sim.setRateLimit('6000/100') raises the limit; 'off' and back switch it", async () => {
    const { sim, keys } = limited();
    sim.setRateLimit('6000/100');
    for (let i = 0; i < 100; i++) expect((await sim.request({ path: '/account', key: keys.full })).status).toBe(200);
    const refused = await sim.request({ path: '/account', key: keys.full });
    expect(refused.status).toBe(429);
    expectRateHeaders(refused, 6000, 5900);

    sim.setRateLimit('off');
    expect((await sim.request({ path: '/account', key: keys.full })).headers['RateLimit-Limit']).toBeUndefined();
    sim.setRateLimit({ perMinute: 3, perSecond: 3 });
    expectRateHeaders(await sim.request({ path: '/account', key: keys.full }), 3, 2);
    expect(() => sim.setRateLimit('lots')).toThrow();
  });

  it('defaults to 200/20 when no option is given', async () => {
    const { createSimulator } = await import('../simulator.js');
    const sim = createSimulator({ clock: { frozenAt: START } });
    const res = await sim.request({ path: '/account', key: sim.accounts[0]!.keys.full });
    expect(res.headers['RateLimit-Limit']).toBe('200');
  });

  it('a clock set backwards clears the windows', async () => {
    const { sim, keys } = limited();
    for (let i = 0; i < 20; i++) await sim.request({ path: '/account', key: keys.full });
    expect((await sim.request({ path: '/account', key: keys.full })).status).toBe(429);
    sim.sandbox.clock.set(Date.parse(START) - 10_000);
    expect((await sim.request({ path: '/account', key: keys.full })).status).toBe(200);
  });
});
