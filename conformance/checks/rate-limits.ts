/**
 * Section 8 limits as something to test, not only to survive: the headers are present and agree,
 * Remaining falls with each request and across the account's keys (and only that account's),
 * Reset is a near-future Unix time, the 20/s burst and the 200/min quota answer 429 with
 * `Retry-After`, and the request after waiting it out succeeds. Burst and quota run only in `full`.
 *
 * The window is rolling, so every check that compares counts measures the time its requests took
 * and judges only what fell inside the window it needs; a measurement that could not be made
 * (a slow network, a window that slid) is inconclusive, never a failure. A simulator whose control
 * plane says rate limiting is off skips them all (`rate_limiting_off`).
 */
import type { KitResponse } from '../http/client.js';
import { SPEC_BURST_PER_SECOND, SPEC_QUOTA_PER_MINUTE } from '../http/pacer.js';
import { retryAfterSeconds } from '../http/retry-after.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectStatus, fail } from '../runner/expect.js';
import { rateHeaderProblem } from '../runner/observations.js';
import { costOf } from './helpers.js';

const group = 'rate-limits';
const NEEDS = ['rate_limits'] as const;
/** Attempts at fitting a measurement into a calm window before calling it not measurable. */
const ATTEMPTS = 4;
/** 429s of section 8's system-wide ceiling the quota walk waits out before calling it not measurable. */
const MAX_CEILING_429 = 20;
/** Times the request after the quota's Retry-After is sent again when the ceiling refused it. */
const MAX_CEILING_RETRIES = 3;

function remaining(response: KitResponse): number {
  const value = response.headers.get('ratelimit-remaining');
  if (value === null || !/^\d+$/.test(value)) fail('RateLimit-Remaining is missing or not an integer', response);
  return Number(value);
}

/** RateLimit-Remaining when it is an integer; undefined otherwise (judged by rate.headers). */
function remainingOf(response: KitResponse): number | undefined {
  const value = response.headers.get('ratelimit-remaining');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** A 429 whose own RateLimit-Remaining is above 0: the server says the account's quota is not spent. */
function quotaLeft(response: KitResponse): boolean {
  return (remainingOf(response) ?? 0) > 0;
}

/** The 429's `Retry-After` in seconds: delay-seconds or an HTTP-date (RFC 9110 10.2.3). */
function waitOf(ctx: CheckContext, response: KitResponse, what: string): number {
  const seconds = retryAfterSeconds(response.headers, ctx.pacer.now());
  if (seconds === undefined) fail(`${what}: a 429 must carry Retry-After (delay-seconds or an HTTP-date), got ${JSON.stringify(response.headers.get('retry-after'))}`, response);
  return seconds;
}

/** The target's idea of now: the simulator's clock, else the response's Date header, else ours. */
async function targetNow(ctx: CheckContext, response: KitResponse): Promise<{ ms: number; slack: number; source: string }> {
  if (ctx.target.control) {
    const clock = await ctx.send({ path: '/_sandbox/clock', fromOrigin: true, operator: true });
    const now = (clock.json as { data?: { now_ms?: unknown } } | undefined)?.data?.now_ms;
    if (typeof now === 'number') return { ms: now, slack: 2_000, source: 'the simulator clock' };
  }
  const date = response.headers.get('date');
  const parsed = date === null ? Number.NaN : Date.parse(date);
  return Number.isNaN(parsed) ? { ms: Date.now(), slack: 120_000, source: "the kit's clock" } : { ms: parsed, slack: 3_000, source: 'its Date header' };
}

/**
 * Sends `requests` back to back inside a calm window: none of the kit's own requests leaves the
 * rolling minute meanwhile, and no pacing wait falls between them. The kit knows when its own
 * requests leave, not anyone else's: when the server counts more requests in the window than the
 * kit sent (another client, an earlier run), their departures could fall inside the measurement,
 * so it waits for the window to empty and measures again. Also measured again when the window
 * slid or a 429 spoiled the count; undefined when it never fit.
 */
async function inCalmWindow(ctx: CheckContext, account: string, requests: (() => Promise<KitResponse>)[]): Promise<KitResponse[] | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { calmUntil } = await ctx.pacer.reserve(account, requests.length + 1, { quiet: true, signal: ctx.signal });
    const seen: KitResponse[] = [];
    let ownAfterFirst = 0;
    for (const request of requests) {
      seen.push(await request());
      if (seen.length === 1) ownAfterFirst = ctx.pacer.ownInWindow(account);
    }
    if (seen.some((response) => response.status === 429)) continue;
    const counted = ctx.pacer.limitOf(account) - remaining(seen[0]!);
    if (counted > ownAfterFirst) {
      await ctx.pacer.drain(account, ctx.signal);
      continue;
    }
    if (ctx.pacer.now() <= calmUntil) return seen;
  }
  return undefined;
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
    needs: NEEDS,
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
    needs: NEEDS,
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
    needs: NEEDS,
    cost: costOf(3),
    async run(ctx) {
      const request = () => ctx.send({ path: '/account', raw: true });
      const seen = await inCalmWindow(ctx, 'a', [request, request, request]);
      if (!seen) return ctx.inconclusive('not measurable: three requests never fitted in a calm second of the rolling window (other clients spending the quota?)');
      for (let i = 1; i < seen.length; i++) {
        if (!(remaining(seen[i]!) < remaining(seen[i - 1]!))) {
          fail(`RateLimit-Remaining went ${remaining(seen[i - 1]!)} -> ${remaining(seen[i]!)} between two requests sent within one calm second`, seen[i]);
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
    needs: NEEDS,
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      const reset = Number(response.headers.get('ratelimit-reset'));
      if (!Number.isInteger(reset)) fail('RateLimit-Reset is missing or not an integer', response);
      const now = await targetNow(ctx, response);
      const resetMs = reset * 1000;
      if (resetMs < now.ms - now.slack || resetMs > now.ms + 60_000 + now.slack) {
        const message = `RateLimit-Reset ${reset} is not within the next 60 s of the target's time (${Math.round(now.ms / 1000)}, ${now.source})`;
        // The simulator stamps its headers with a virtual clock that earlier runs may have moved.
        // Its Date header follows that clock now, but builds before it carried the host's real
        // time; without the operator token the kit cannot read the clock, so on a simulator a
        // distance between the two proves nothing (audit 10b F12).
        if (ctx.target.simulator && now.source !== 'the simulator clock') ctx.inconclusive(`not measurable: ${message}; the simulator's clock is virtual and only --control-token reads it`, undefined, response);
        fail(message, response);
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
    needs: NEEDS,
    cost: costOf(4),
    async run(ctx) {
      const own = ctx.keys.scopeOf('a');
      const other = await ctx.setup('have a second key of the account', () => (own === 'read' ? ctx.scopeKey('write') : ctx.scopeKey('read')));
      const seen = await inCalmWindow(ctx, 'a', [
        () => ctx.send({ path: '/account', raw: true }),
        () => ctx.send({ path: '/account', key: other, raw: true }),
        () => ctx.send({ path: '/account', raw: true }),
      ]);
      if (!seen) return ctx.inconclusive('not measurable: three requests never fitted in a calm second of the rolling window (other clients spending the quota?)');
      const [first, second, third] = seen as [KitResponse, KitResponse, KitResponse];
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
    needs: ['key_b', 'rate_limits'],
    cost: costOf(5),
    async run(ctx) {
      // B's own requests can only leave B's window between its two readings (Remaining rises),
      // so a fall of more than B's own one request is A's traffic counted against B.
      await ctx.pacer.reserve('b', 3, { signal: ctx.signal });
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
    needs: NEEDS,
    cost: costOf(32),
    async run(ctx) {
      await ctx.pacer.reserve('a', 40, { signal: ctx.signal });
      await ctx.pacer.settle(1_100, ctx.signal);
      const count = SPEC_BURST_PER_SECOND + 10;
      const started = performance.now();
      const responses = await Promise.all(Array.from({ length: count }, () => ctx.send({ path: '/account', raw: true })));
      const elapsed = performance.now() - started;
      const limited = responses.filter((response) => response.status === 429);
      if (limited.length === 0) {
        if (elapsed > 900) return ctx.inconclusive('not measurable', `${count} concurrent requests took ${Math.round(elapsed)} ms to come back, so they may not have reached the target within one second`);
        fail(`${count} requests within ${Math.round(elapsed)} ms were all accepted (burst is ${SPEC_BURST_PER_SECOND}/s)`, responses[count - 1]);
      }
      const refused = limited[0]!;
      expectError(refused, 429, 'rate_limited', 'a request over the burst ceiling');
      const wait = waitOf(ctx, refused, 'burst 429');
      if (wait < 1 || wait > 60) fail(`Retry-After ${wait} is not a wait of 1 to 60 s for a per-second ceiling`, refused);
      await ctx.pacer.retryAfter(refused.headers, ctx.signal);
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
    needs: NEEDS,
    cost: costOf(SPEC_QUOTA_PER_MINUTE + 10),
    async run(ctx) {
      // Start from an empty window, then send in concurrent batches well under the burst ceiling,
      // one batch a second, so latency cannot stretch the walk past the 60 s window; the time the
      // accepted requests really spanned is measured and judged, never assumed.
      await ctx.pacer.drain('a', ctx.signal);
      const batch = Math.min(10, ctx.pacer.burst);
      const ceiling = SPEC_QUOTA_PER_MINUTE + 5;
      let accepted = 0;
      let firstAt: number | undefined;
      let lastAt = 0;
      let startRemaining: number | undefined;
      /** The lowest RateLimit-Remaining of an accepted answer: the server's own count of the walk. */
      let lowest: number | undefined;
      let refused: KitResponse | undefined;
      let lastAccepted: KitResponse | undefined;
      // Section 8's system-wide ceiling "also yields 429 rate_limited": a 429 while the server's
      // own count says the quota is not spent is that ceiling, not the quota. It is waited out and
      // the walk goes on (one more request for each), never judged (audit 13f F5).
      const others: KitResponse[] = [];
      for (let sent = 0; sent < ceiling + others.length && !refused; ) {
        const size = Math.min(batch, ceiling + others.length - sent);
        const batchAt = ctx.pacer.now();
        const responses = await Promise.all(Array.from({ length: size }, () => ctx.send({ path: '/account', raw: true })));
        sent += size;
        const limited: KitResponse[] = [];
        for (const response of responses) {
          if (response.status === 429) {
            limited.push(response);
            continue;
          }
          expectStatus(response, 200, `request ${accepted + 1} of the quota walk`);
          startRemaining ??= remaining(response);
          const left = remainingOf(response);
          if (left !== undefined) lowest = Math.min(left, lowest ?? left);
          firstAt ??= batchAt;
          lastAt = batchAt;
          lastAccepted = response;
          accepted++;
        }
        let ceilingHit: KitResponse | undefined;
        for (const response of limited) {
          // The quota's 429 comes once the server's own count is spent: an accepted answer said 0
          // left (1 for a server that reports the count before this request).
          if (quotaLeft(response) || (lowest !== undefined && lowest > 1)) {
            others.push(response);
            ceilingHit = response;
          } else refused ??= response;
        }
        if (others.length > MAX_CEILING_429) {
          return ctx.inconclusive('not measurable', `${others.length} 429s came while RateLimit-Remaining said the quota was not spent (section 8's system-wide ceiling?)`, others[0]);
        }
        if (!refused && ceilingHit) await ctx.pacer.retryAfter(ceilingHit.headers, ctx.signal);
        const next = batchAt + 1_000 + 10 - ctx.pacer.now();
        if (!refused && next > 0) await ctx.wait(next);
      }
      const spanMs = lastAt - (firstAt ?? lastAt);
      if (!refused) {
        if (spanMs >= 59_000) {
          return ctx.inconclusive(
            'not measurable',
            `${accepted} requests took ${(spanMs / 1000).toFixed(1)} s to send, so they never stood in one 60 s window`,
            lastAccepted,
          );
        }
        fail(`${accepted} requests within ${(spanMs / 1000).toFixed(1)} s were all accepted (the quota is ${SPEC_QUOTA_PER_MINUTE} per rolling minute)`, lastAccepted);
      }
      expectError(refused, 429, 'rate_limited', 'a request over the minute quota');
      // The window was empty when the walk began (RateLimit-Remaining said so), so a refusal
      // before the 200th request within the minute is the server's miscount. The ceiling's 429s
      // may or may not have been counted, so they count here as if they had been.
      if (accepted + others.length < SPEC_QUOTA_PER_MINUTE && startRemaining !== undefined && startRemaining >= SPEC_QUOTA_PER_MINUTE - 1) {
        const ceilingNote = others.length > 0 ? ` and ${others.length} refused by a system-wide ceiling` : '';
        fail(`only ${accepted} requests were accepted${ceilingNote} within ${(spanMs / 1000).toFixed(1)} s before a 429 (the quota is ${SPEC_QUOTA_PER_MINUTE}/min; RateLimit-Remaining said ${startRemaining} were left after the first)`, refused);
      }
      const wait = waitOf(ctx, refused, 'quota 429');
      if (wait < 1 || wait > 60) fail(`Retry-After ${wait} is not a wait of 1 to 60 s for a 60 s window`, refused);
      let last = refused;
      for (let attempt = 0; attempt <= MAX_CEILING_RETRIES; attempt++) {
        await ctx.pacer.retryAfter(last.headers, ctx.signal);
        const after = await ctx.send({ path: '/account', raw: true });
        // A 429 that says the quota is left again is the ceiling, not a Retry-After too short.
        if (after.status === 429 && quotaLeft(after)) {
          last = after;
          continue;
        }
        expectStatus(after, 200, 'GET /account after waiting out Retry-After');
        return;
      }
      return ctx.inconclusive('not measurable', "every request after waiting out Retry-After met a 429 that said quota was left (section 8's system-wide ceiling?)", last);
    },
  },
];
