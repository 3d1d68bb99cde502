/**
 * The final checks: rules judged over every response of the run (runner/observations.ts), so a
 * departure on any route the run touched is caught, not only on the routes a check picked.
 */
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { fail } from '../runner/expect.js';
import type { Violation } from '../runner/observations.js';
import { SPEC_ERROR_STATUS } from '../spec/errors.js';
import { costOf } from './helpers.js';

function judge(ctx: CheckContext, tally: { seen: number; count: number; violations: readonly Violation[] }, what: string): void {
  if (tally.seen === 0) return ctx.skip('nothing_observed');
  const first = tally.violations[0];
  if (first) fail(`${tally.count} of ${tally.seen} ${what}; first: ${first.message}`, first.response);
}

export const observedChecks: CheckDefinition[] = [
  {
    id: 'observed.error-envelope',
    title: 'Every error response of the run used the error envelope',
    clause: '7.1',
    level: 'spec',
    group: 'observed',
    profile: 'read-only',
    final: true,
    cost: costOf(0),
    async run(ctx) {
      judge(ctx, ctx.observations.envelope, 'error responses departed from {error: {code, message, param?}}');
    },
  },
  {
    id: 'observed.code-status',
    title: "Every spec error code came with the spec's HTTP status",
    clause: '7.1',
    level: 'spec',
    group: 'observed',
    profile: 'read-only',
    final: true,
    cost: costOf(0),
    async run(ctx) {
      const mismatches = ctx.observations.codeStatus;
      if (ctx.observations.envelope.seen === 0) return ctx.skip('nothing_observed');
      const first = mismatches[0];
      if (first) {
        const code = (first.json as { error?: { code?: string } }).error?.code ?? '';
        fail(`error code ${code} came with HTTP ${first.status}; section 7 pairs it with ${SPEC_ERROR_STATUS[code]?.join(' or ')}`, first);
      }
    },
  },
  {
    id: 'observed.rate-headers',
    title: 'Every authenticated response of the run carried the rate-limit headers',
    clause: '8',
    level: 'spec',
    group: 'observed',
    profile: 'read-only',
    final: true,
    needs: ['rate_limits'],
    cost: costOf(0),
    async run(ctx) {
      judge(ctx, ctx.observations.rateHeaders, 'authenticated responses lacked consistent RateLimit-* headers');
    },
  },
  {
    id: 'observed.retry-after',
    title: 'Every 429 rate_limited and 409 idempotency_in_progress of the run carried Retry-After (seconds or an HTTP-date)',
    clause: '8',
    level: 'spec',
    group: 'observed',
    profile: 'read-only',
    final: true,
    cost: costOf(0),
    async run(ctx) {
      judge(ctx, ctx.observations.retryAfter, 'answers that must carry Retry-After (429 rate_limited, 409 idempotency_in_progress) lacked one');
    },
  },
  {
    // 7.1 gives too_soon retry_after_seconds in the body and names the header only for
    // rate_limited and idempotency_in_progress; the house sends both (audit 13f F3).
    id: 'observed.too-soon-retry-after',
    title: 'Every 429 too_soon of the run also carried a Retry-After equal to retry_after_seconds',
    clause: '7.1',
    level: 'assumption',
    group: 'observed',
    profile: 'read-only',
    final: true,
    cost: costOf(0),
    async run(ctx) {
      judge(ctx, ctx.observations.tooSoonRetryAfter, '429 too_soon answers lacked a matching Retry-After');
    },
  },
  {
    id: 'observed.utc-timestamps',
    title: 'Every timestamp field the run was answered with was UTC (+00:00 or Z); free text is not judged',
    clause: '2.1',
    level: 'spec',
    group: 'observed',
    profile: 'read-only',
    final: true,
    cost: costOf(0),
    async run(ctx) {
      judge(ctx, ctx.observations.utcTimestamps, 'answers carried a timestamp with a non-UTC offset (2.1: "UTC ISO-8601 with offset, e.g. +00:00")');
    },
  },
];
