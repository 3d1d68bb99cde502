/**
 * Section 8 limits as something to test, not only to survive: the headers are present and agree,
 * Remaining falls with each request and across the account's keys (and only that account's),
 * Reset is a near-future Unix time, the 20/s burst and the 200/min quota answer 429 with
 * `Retry-After`, and the request after waiting it out succeeds. Burst and quota run only in `full`.
 */
import type { KitResponse } from '../http/client.js';
import { SPEC_BURST_PER_SECOND, SPEC_QUOTA_PER_MINUTE } from '../http/pacer.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectStatus, fail } from '../runner/expect.js';
import { rateHeaderProblem } from '../runner/observations.js';
import { costOf } from './helpers.js';

const group = 'rate-limits';

function remaining(response: KitResponse): number {
  const value = response.headers.get('ratelimit-remaining');
  if (value === null || !/^\d+$/.test(value)) fail('RateLimit-Remaining is missing or not an integer', response);
  return Number(value);
}

function retryAfterSeconds(response: KitResponse, what: string): number {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value.trim())) fail(`${what}: a 429 must carry Retry-After in whole seconds`, response);
  return Number(value);
}

/** The target's idea of now: the simulator's clock, else the response's Date header, else ours. */
async function targetNow(ctx: CheckContext, response: KitResponse): Promise<{ ms: number; slack: number }> {
  if (ctx.target.control) {
    const clock = await ctx.send({ path: '/_sandbox/clock', fromOrigin: true, operator: true });
    const now = (clock.json as { data?: { now_ms?: unknown } } | undefined)?.data?.now_ms;
    if (typeof now === 'number') return { ms: now, slack: 2_000 };
  }
  const date = response.headers.get('date');
  const parsed = date === null ? Number.NaN : Date.parse(date);
  return Number.isNaN(parsed) ? { ms: Date.now(), slack: 120_000 } : { ms: parsed, slack: 3_000 };
}

export const rateLimitChecks: CheckDefinition[] = [
  {
    id: 'rate.headers',
    title: 'RateLimit-* and X-RateLimit-* headers are present and agree',
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      expectStatus(response, 200, 'GET /account');
      const problem = rateHeaderProblem(response.headers);
      if (problem) fail(`GET /account: ${problem}`, response);
    },
  },
  {
    id: 'rate.quota-value',
    title: `RateLimit-Limit is the spec's ${SPEC_QUOTA_PER_MINUTE} per minute`,
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      const limit = response.headers.get('ratelimit-limit');
      if (limit !== String(SPEC_QUOTA_PER_MINUTE)) fail(`RateLimit-Limit should be ${SPEC_QUOTA_PER_MINUTE}, got ${limit ?? 'none'}`, response);
    },
  },
  {
    id: 'rate.remaining-decreases',
    title: 'RateLimit-Remaining decreases with each request in a window',
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(3),
    async run(ctx) {
      await ctx.pacer.reserve('a', 4, true);
      const seen: KitResponse[] = [];
      for (let i = 0; i < 3; i++) seen.push(await ctx.send({ path: '/account' }));
      for (let i = 1; i < seen.length; i++) {
        if (!(remaining(seen[i]!) < remaining(seen[i - 1]!))) {
          fail(`RateLimit-Remaining went ${remaining(seen[i - 1]!)} -> ${remaining(seen[i]!)} between two requests`, seen[i]);
        }
      }
    },
  },
  {
    id: 'rate.reset-time',
    title: 'RateLimit-Reset is a Unix time within the next minute',
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      const reset = Number(response.headers.get('ratelimit-reset'));
      if (!Number.isInteger(reset)) fail('RateLimit-Reset is missing or not an integer', response);
      const now = await targetNow(ctx, response);
      const resetMs = reset * 1000;
      if (resetMs < now.ms - now.slack || resetMs > now.ms + 60_000 + now.slack) {
        fail(`RateLimit-Reset ${reset} is not within the next 60 s of the target's time (${Math.round(now.ms / 1000)})`, response);
      }
    },
  },
  {
    id: 'rate.shared-by-keys',
    title: 'All keys of an account share one quota',
    clause: '8',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['GET /account', 'POST /api-keys'],
    cost: costOf(4),
    async run(ctx) {
      const own = ctx.keys.scopeOf('a');
      const other = own === 'read' ? await ctx.scopeKey('write') : await ctx.scopeKey('read');
      await ctx.pacer.reserve('a', 4, true);
      const first = await ctx.send({ path: '/account' });
      const second = await ctx.send({ path: '/account', key: other });
      const third = await ctx.send({ path: '/account' });
      if (!(remaining(second) < remaining(first))) fail(`another key of the account saw Remaining ${remaining(first)} -> ${remaining(second)}: not shared`, second);
      if (!(remaining(third) < remaining(second))) fail(`Remaining went ${remaining(second)} -> ${remaining(third)} back on the first key`, third);
    },
  },
  {
    id: 'rate.per-account',
    title: "One account's requests do not spend another's quota",
    clause: '8',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    needs: ['key_b'],
    cost: costOf(5),
    async run(ctx) {
      await ctx.pacer.reserve('b', 3, true);
      const before = remaining(await ctx.send({ path: '/account', key: 'b' }));
      for (let i = 0; i < 3; i++) await ctx.send({ path: '/account' });
      const after = await ctx.send({ path: '/account', key: 'b' });
      if (remaining(after) < before - 1) fail(`account B's Remaining fell from ${before} to ${remaining(after)} while only account A sent requests`, after);
    },
  },
  {
    id: 'rate.burst',
    title: `More than ${SPEC_BURST_PER_SECOND} requests in a second get 429 with Retry-After`,
    clause: '8',
    level: 'spec',
    group,
    profile: 'full',
    routes: ['GET /account'],
    cost: costOf(32),
    async run(ctx) {
      await ctx.pacer.reserve('a', 40);
      await ctx.pacer.settle(1_100);
      const count = SPEC_BURST_PER_SECOND + 10;
      const started = performance.now();
      const responses = await Promise.all(Array.from({ length: count }, () => ctx.send({ path: '/account', raw: true })));
      const elapsed = performance.now() - started;
      const limited = responses.filter((response) => response.status === 429);
      if (limited.length === 0) {
        if (elapsed > 900) return ctx.skip('could_not_burst', `${count} requests took ${Math.round(elapsed)} ms`);
        fail(`${count} requests within ${Math.round(elapsed)} ms were all accepted (burst is ${SPEC_BURST_PER_SECOND}/s)`, responses[count - 1]);
      }
      const refused = limited[0]!;
      expectError(refused, 429, 'rate_limited', 'a request over the burst ceiling');
      const wait = retryAfterSeconds(refused, 'burst 429');
      if (wait < 1 || wait > 60) fail(`Retry-After ${wait} is not a wait of 1 to 60 s for a per-second ceiling`, refused);
      await ctx.pacer.retryAfter(refused.headers);
      expectStatus(await ctx.send({ path: '/account', raw: true }), 200, 'GET /account after waiting out Retry-After');
    },
  },
  {
    id: 'rate.quota',
    title: `The request after ${SPEC_QUOTA_PER_MINUTE} in a minute gets 429 with Retry-After`,
    clause: '8',
    level: 'spec',
    group,
    profile: 'full',
    routes: ['GET /account'],
    cost: costOf(SPEC_QUOTA_PER_MINUTE + 10),
    async run(ctx) {
      await ctx.pacer.reserve('a', Number.MAX_SAFE_INTEGER);
      let accepted = 0;
      let last: KitResponse | undefined;
      for (let i = 0; i < SPEC_QUOTA_PER_MINUTE + 5; i++) {
        // Under the burst ceiling, so only the minute quota can refuse.
        if (i > 0 && i % 15 === 0) await ctx.pacer.settle(1_000);
        last = await ctx.send({ path: '/account', raw: true });
        if (last.status === 429) break;
        expectStatus(last, 200, `request ${i + 1} of the quota walk`);
        accepted++;
      }
      if (!last || last.status !== 429) fail(`${accepted} requests within a minute were all accepted (quota is ${SPEC_QUOTA_PER_MINUTE}/min)`, last);
      if (accepted < SPEC_QUOTA_PER_MINUTE) fail(`only ${accepted} requests were accepted before a 429 (quota is ${SPEC_QUOTA_PER_MINUTE}/min)`, last);
      expectError(last, 429, 'rate_limited', 'a request over the minute quota');
      const wait = retryAfterSeconds(last, 'quota 429');
      if (wait < 1 || wait > 60) fail(`Retry-After ${wait} is not a wait of 1 to 60 s for a 60 s window`, last);
      await ctx.pacer.retryAfter(last.headers);
      expectStatus(await ctx.send({ path: '/account', raw: true }), 200, 'GET /account after waiting out Retry-After');
    },
  },
];
