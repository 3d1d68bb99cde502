/**
 * Section 8: rate-limit headers "on every authenticated response". An API path or method that
 * does not exist, sent with a valid key, is counted and answered with the headers (404 / 405 as
 * before, 429 once the quota is spent); with no key or an unknown one it stays a plain 404 / 405
 * (a typo in a URL says so, not "unauthorized"). Audit 12e, N2. Both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

const code = (res: { body: unknown }) => (res.body as { error: { code: string } }).error.code;

describeRuntimes(
  'an unknown API path or method with a valid key',
  (api) => {
    it('404 and 405 carry the rate-limit headers and count against the quota', async () => {
      const key = api().keys.read;
      const first = await api().call({ path: '/no-such-thing', key });
      expect([first.status, code(first)]).toEqual([404, 'not_found']);
      expect(first.headers['ratelimit-limit']).toBe('200');
      expect(first.headers['x-ratelimit-remaining']).toBe('199');
      const wrongMethod = await api().call({ method: 'PUT', path: '/tags', key, body: {} });
      expect([wrongMethod.status, code(wrongMethod)]).toEqual([405, 'method_not_allowed']);
      expect(wrongMethod.headers['allow']).toBeDefined();
      expect(wrongMethod.headers['ratelimit-remaining']).toBe('198');
      expect(Number(wrongMethod.headers['ratelimit-reset'])).toBeGreaterThan(0);
      // A routed request of the account sees the same count.
      expect((await api().call({ path: '/account', key })).headers['ratelimit-remaining']).toBe('197');
    });

    it('without a key, or with an unknown one, stays a plain 404 / 405 with no headers and no count', async () => {
      for (const key of [undefined, 'sbx_not_a_key_000000']) {
        const missing = await api().call({ path: '/no-such-thing', ...(key ? { key } : {}) });
        expect([missing.status, code(missing)]).toEqual([404, 'not_found']);
        expect(missing.headers['ratelimit-remaining']).toBeUndefined();
        const wrongMethod = await api().call({ method: 'PUT', path: '/tags', ...(key ? { key } : {}), body: {} });
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers['ratelimit-remaining']).toBeUndefined();
      }
      expect((await api().call({ path: '/account', key: api().keys.read })).headers['ratelimit-remaining']).toBe('199');
    });

    it('once the burst is spent, an unknown path is 429 with Retry-After like any request', async () => {
      const key = api().keys.read;
      for (let i = 0; i < 20; i++) await api().call({ path: '/account', key });
      const over = await api().call({ path: '/no-such-thing', key });
      expect([over.status, code(over)]).toEqual([429, 'rate_limited']);
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  },
  { rateLimit: '200/20', clock: { frozenAt: '2026-03-02T15:00:00+00:00' } },
);
