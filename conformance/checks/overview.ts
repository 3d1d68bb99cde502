/**
 * Overview analytics (2.14, 4.8 row GET /analytics/overview). Read-only: one GET per check, so it
 * is safe on any deployment.
 *
 * - `overview.keys` (spec): every key 2.14 names is there, every count is `{current, previous}`
 *   of non-negative integers (`all_time` too where 2.14 names it), `window.days` is 30 and the
 *   two windows abut: `previous_from` is exactly 30 days before `current_from`. `usage` is null
 *   or carries its five keys with `billing_cycle` dates.
 * - `overview.shape` (assumption): the exact shape the simulator chose where 2.14 does not show
 *   one (`by_channel` a `{current, previous}` per channel, the standalone `comment_triggers` item
 *   `{id, name, fires}`, `comment_trigger_fires` like `entries`; docs/decisions.md, "Overview
 *   analytics").
 */
import { Overview } from '../../src/resources/overview/schemas.js';
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectShape, expectStatus, fail, readData } from '../runner/expect.js';
import { costOf } from './helpers.js';

const group = 'overview';
const ROUTE = 'GET /analytics/overview';
const WHAT = 'GET /analytics/overview';
const DAY_MS = 86_400_000;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Json = Record<string, unknown>;

async function readOverview(ctx: CheckContext): Promise<{ data: Json; response: KitResponse }> {
  const response = await ctx.send({ path: '/analytics/overview' });
  expectStatus(response, 200, WHAT);
  return { data: readData(response, WHAT), response };
}

/** Judges one object's keys and returns it; `at` names where it sits, for the failure message. */
function objectAt(value: unknown, at: string, keys: readonly string[], response: KitResponse): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(`${WHAT}: ${at} should be an object (2.14)`, response);
  const record = value as Json;
  const missing = keys.filter((key) => !(key in record));
  if (missing.length > 0) fail(`${WHAT}: ${at} lacks ${missing.join(', ')} (2.14)`, response);
  return record;
}

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** "Every count is {current, previous}" (2.14), plus `all_time` where 2.14 names it. */
function expectCount(value: unknown, at: string, response: KitResponse, allTime = false): void {
  const keys = allTime ? ['current', 'previous', 'all_time'] : ['current', 'previous'];
  const count = objectAt(value, at, keys, response);
  for (const key of keys) if (!isCount(count[key])) fail(`${WHAT}: ${at}.${key} is ${JSON.stringify(count[key])}, not a count (2.14)`, response);
}

function expectCounts(parent: Json, at: string, keys: readonly string[], response: KitResponse): void {
  for (const key of keys) expectCount(parent[key], `${at}.${key}`, response);
}

function judgeKeys(data: Json, response: KitResponse): void {
  const top = ['window', 'messages', 'replies', 'flows', 'comment_triggers', 'contacts', 'appointments', 'knowledge_gaps', 'needs_you', 'api_sends', 'usage'];
  objectAt(data, 'data', top, response);

  const window = objectAt(data.window, 'window', ['days', 'current_from', 'previous_from'], response);
  if (window.days !== 30) fail(`${WHAT}: window.days is ${JSON.stringify(window.days)}, not 30 (2.14: a fixed rolling 30-day window)`, response);
  for (const key of ['current_from', 'previous_from'] as const) {
    if (typeof window[key] !== 'string' || !TIMESTAMP.test(window[key])) fail(`${WHAT}: window.${key} is not a timestamp (2.1)`, response);
  }
  const gap = Date.parse(window.current_from as string) - Date.parse(window.previous_from as string);
  if (gap !== 30 * DAY_MS) {
    fail(`${WHAT}: previous_from is ${gap / DAY_MS} days before current_from; 2.14 compares against the 30 days before`, response);
  }

  const messages = objectAt(data.messages, 'messages', ['inbound', 'outbound', 'conversations', 'by_channel'], response);
  expectCounts(messages, 'messages', ['inbound', 'outbound', 'conversations'], response);
  const byChannel = objectAt(messages.by_channel, 'messages.by_channel', [], response);
  for (const [channel, count] of Object.entries(byChannel)) expectCount(count, `messages.by_channel.${channel}`, response);

  expectCounts(objectAt(data.replies, 'replies', ['ai', 'automation'], response), 'replies', ['ai', 'automation'], response);

  if (!Array.isArray(data.flows)) fail(`${WHAT}: flows should be an array (2.14)`, response);
  data.flows.forEach((item: unknown, index: number) => {
    const flow = objectAt(item, `flows[${index}]`, ['id', 'name', 'entries'], response);
    expectCount(flow.entries, `flows[${index}].entries`, response, true);
  });
  if (!Array.isArray(data.comment_triggers)) fail(`${WHAT}: comment_triggers should be an array (2.14)`, response);

  const contacts = objectAt(data.contacts, 'contacts', ['new', 'total', 'with_phone', 'with_email'], response);
  expectCounts(contacts, 'contacts', ['new', 'total', 'with_phone', 'with_email'], response);

  const appointments = objectAt(data.appointments, 'appointments', ['upcoming', 'created', 'next'], response);
  expectCount(appointments.upcoming, 'appointments.upcoming', response);
  expectCount(appointments.created, 'appointments.created', response, true);
  if (!Array.isArray(appointments.next)) fail(`${WHAT}: appointments.next should be an array (2.14)`, response);
  appointments.next.forEach((item: unknown, index: number) =>
    objectAt(item, `appointments.next[${index}]`, ['id', 'channel', 'customer_name', 'scheduled_at', 'service_type', 'status'], response),
  );

  expectCounts(objectAt(data.knowledge_gaps, 'knowledge_gaps', ['open', 'resolved'], response), 'knowledge_gaps', ['open', 'resolved'], response);
  expectCounts(objectAt(data.needs_you, 'needs_you', ['escalated', 'copilot_drafts'], response), 'needs_you', ['escalated', 'copilot_drafts'], response);
  expectCounts(objectAt(data.api_sends, 'api_sends', ['requested', 'sent'], response), 'api_sends', ['requested', 'sent'], response);

  if (data.usage === null) return;
  const usage = objectAt(data.usage, 'usage', ['conversations', 'overage', 'sms', 'billing_cycle', 'is_trial'], response);
  objectAt(usage.conversations, 'usage.conversations', ['used', 'limit', 'percent'], response);
  objectAt(usage.overage, 'usage.overage', ['enabled', 'eligible', 'units'], response);
  objectAt(usage.sms, 'usage.sms', ['used', 'limit'], response);
  const cycle = objectAt(usage.billing_cycle, 'usage.billing_cycle', ['start', 'end'], response);
  if (typeof cycle.start !== 'string' || !DATE.test(cycle.start) || typeof cycle.end !== 'string' || !DATE.test(cycle.end)) {
    fail(`${WHAT}: usage.billing_cycle start and end should be dates (2.14)`, response);
  }
  if (cycle.start > cycle.end) fail(`${WHAT}: usage.billing_cycle starts (${cycle.start}) after it ends (${cycle.end})`, response);
  if (typeof usage.is_trial !== 'boolean') fail(`${WHAT}: usage.is_trial should be a boolean (2.14)`, response);
}

export const overviewChecks: CheckDefinition[] = [
  {
    id: 'overview.keys',
    title: 'Every key of 2.14, every count {current, previous}, a 30-day window against the 30 days before',
    clause: '2.14',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: [ROUTE],
    cost: costOf(1),
    async run(ctx) {
      const { data, response } = await readOverview(ctx);
      judgeKeys(data, response);
    },
  },
  {
    id: 'overview.shape',
    title: 'The overview’s exact shape where 2.14 shows none (by_channel per channel, standalone trigger items, trigger fires)',
    clause: '2.14',
    level: 'assumption',
    group,
    profile: 'read-only',
    routes: [ROUTE],
    cost: costOf(1),
    async run(ctx) {
      const { data, response } = await readOverview(ctx);
      expectShape(data, Overview, 'overview (2.14)', response);
    },
  },
];
