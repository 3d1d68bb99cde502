/**
 * Passive checks over the whole run's traffic: every error the target sent must use the 7.1
 * envelope, every authenticated response must carry the section 8 headers, every 429
 * `rate_limited` and 409 `idempotency_in_progress` must carry `Retry-After` (the spec asks it of
 * those two; a 429 `too_soon` carries `retry_after_seconds` in its body, and the house's header
 * beside it is an assumption of its own), every timestamp in an answer must be UTC (2.1).
 * Observed as the checks go, judged by the final checks at the end, so a rule is tested on every
 * route the run touched, not only on the routes a dedicated check picked.
 */
import type { KitResponse } from '../http/client.js';
import { readRetryAfter, retryAfterSeconds } from '../http/retry-after.js';
import { SPEC_ERROR_CODES, SPEC_ERROR_STATUS } from '../spec/errors.js';
import { firstNonUtcTimestamp } from './timestamps.js';

export interface Violation {
  readonly message: string;
  readonly response: KitResponse;
}

const KEEP = 20;

class Tally {
  seen = 0;
  readonly violations: Violation[] = [];
  count = 0;

  add(violation: Violation): void {
    this.count++;
    if (this.violations.length < KEEP) this.violations.push(violation);
  }
}

export class Observations {
  readonly envelope = new Tally();
  readonly rateHeaders = new Tally();
  /** 429 `rate_limited` (or any 429 but `too_soon`) and 409 `idempotency_in_progress` (7.1, 8, 5 "Idempotency"). */
  readonly retryAfter = new Tally();
  /** 429 `too_soon`: the house also sends `Retry-After`, equal to `retry_after_seconds` (an assumption). */
  readonly tooSoonRetryAfter = new Tally();
  /** JSON answers, and those carrying a timestamp with a non-UTC offset (2.1). */
  readonly utcTimestamps = new Tally();
  /** Error codes outside the spec's tables (7.1, 7.2), with one example each. */
  readonly unknownCodes = new Map<string, KitResponse>();
  readonly codesSeen = new Set<string>();
  /** Responses whose spec error code came with another status than section 7 pairs it with. */
  readonly codeStatus: KitResponse[] = [];

  /** `now`: the target's time as far as the kit can tell, for a Retry-After date without a Date. */
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * `served` says whether the request named a route the target serves: only those are
   * "authenticated responses" for section 8 (an unknown path or a wrong method can be answered
   * before the key is even read).
   */
  observe(response: KitResponse, context: { keyLabel: string; authenticated: boolean; control: boolean }, served: boolean): void {
    if (context.control) return;
    if (response.status >= 400) this.checkEnvelope(response);
    // 401 and 413 come before the key is accepted (a body too large is refused unread), so they
    // are not "authenticated responses" in the sense of section 8.
    const beforeAuth = response.status === 401 || response.status === 413;
    if (served && context.authenticated && context.keyLabel !== 'inactive' && !beforeAuth) this.checkRateHeaders(response);
    const code = (response.json as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (response.status === 429 && code === 'too_soon') this.checkTooSoon(response);
    else if (response.status === 429 || (response.status === 409 && code === 'idempotency_in_progress')) this.checkRetryAfter(response);
    // Only the spec's routes: a document the target also serves (its OpenAPI description with
    // examples) is not an answer of the API.
    if (served && response.json !== undefined) this.checkTimestamps(response);
  }

  private checkTimestamps(response: KitResponse): void {
    this.utcTimestamps.seen++;
    const found = firstNonUtcTimestamp(response.json);
    if (found) this.utcTimestamps.add({ message: `${found.at} is "${found.value}", not UTC`, response });
  }

  private checkEnvelope(response: KitResponse): void {
    this.envelope.seen++;
    const error = (response.json as { error?: unknown } | undefined)?.error;
    if (typeof error !== 'object' || error === null) {
      this.envelope.add({ message: `HTTP ${response.status} without the {error: {code, message}} envelope`, response });
      return;
    }
    const { code, message, param } = error as Record<string, unknown>;
    if (typeof code !== 'string' || typeof message !== 'string' || (param !== undefined && typeof param !== 'string')) {
      this.envelope.add({ message: `HTTP ${response.status}: error.code and error.message must be strings, error.param a string when present`, response });
      return;
    }
    this.codesSeen.add(code);
    const statuses = SPEC_ERROR_STATUS[code];
    if (statuses && !statuses.includes(response.status) && this.codeStatus.length < KEEP) this.codeStatus.push(response);
    if (!SPEC_ERROR_CODES.has(code) && !this.unknownCodes.has(code)) this.unknownCodes.set(code, response);
  }

  private checkRateHeaders(response: KitResponse): void {
    this.rateHeaders.seen++;
    const problem = rateHeaderProblem(response.headers);
    if (problem) this.rateHeaders.add({ message: problem, response });
  }

  /** Delay-seconds or an HTTP-date (RFC 9110 10.2.3): the spec gives no format of its own. */
  private checkRetryAfter(response: KitResponse): void {
    this.retryAfter.seen++;
    if (readRetryAfter(response.headers) === undefined) {
      const value = response.headers.get('retry-after');
      this.retryAfter.add({ message: `HTTP ${response.status} without a Retry-After of delay-seconds or an HTTP-date (got ${value === null ? 'none' : `"${value}"`})`, response });
    }
  }

  private checkTooSoon(response: KitResponse): void {
    this.tooSoonRetryAfter.seen++;
    const seconds = (response.json as { error?: { retry_after_seconds?: unknown } }).error?.retry_after_seconds;
    const header = retryAfterSeconds(response.headers, this.now());
    if (header === undefined || typeof seconds !== 'number' || Math.abs(header - seconds) > 1) {
      const value = response.headers.get('retry-after');
      this.tooSoonRetryAfter.add({ message: `Retry-After (${value === null ? 'none' : `"${value}"`}) does not match retry_after_seconds (${String(seconds)})`, response });
    }
  }
}

/** Section 8: the three headers, integers, Remaining within Limit, and the X- twins equal. */
export function rateHeaderProblem(headers: Headers): string | undefined {
  for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
    const value = headers.get(name);
    if (value === null) return `missing ${name}`;
    if (!/^\d+$/.test(value.trim())) return `${name} is not a non-negative integer: "${value}"`;
    const twin = headers.get(`X-${name}`);
    if (twin === null) return `missing X-${name} (section 8: equivalent X-RateLimit-* headers are also sent)`;
    if (twin.trim() !== value.trim()) return `X-${name} (${twin}) differs from ${name} (${value})`;
  }
  if (Number(headers.get('RateLimit-Remaining')) > Number(headers.get('RateLimit-Limit'))) {
    return 'RateLimit-Remaining is greater than RateLimit-Limit';
  }
  return undefined;
}
