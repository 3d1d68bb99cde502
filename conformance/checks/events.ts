/**
 * Event emission (section 6), judged by what reaches the kit's receiver, not by any log the target
 * keeps: an endpoint at the receiver is enabled (governance attested, filtered to the events under
 * test), the operation section 6 names is performed on a record the kit made, and a delivery must
 * arrive that names the event and refers to the record.
 *
 * The wire envelope, payload shapes and signature are "not shown", so the judgement is only: the
 * event name appears as a value or a key in the body, or as a header value, and the record's id
 * appears as an `id`, `*_id` or kind-named key (`appointment`) in the body. Whether the target can reach the receiver at all is found out first
 * with the endpoint's test delivery (4.1): when none arrives the checks skip
 * `receiver_unreachable` (a remote server cannot reach this machine's loopback), never pass.
 */
import type { KitResponse } from '../http/client.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectStatus, fail, readData } from '../runner/expect.js';
import { startReceiver, type ReceivedDelivery, type Receiver } from '../target/receiver.js';
import { withOfferedBooking } from './appointments.js';
import { retire, setupFlow, word } from './flows/client.js';
import { costOf } from './helpers.js';
import { inbound } from './sandbox.js';

const group = 'events';
const GOVERNANCE = { attested: true, purpose: 'Conformance kit event delivery check', destination_owner: 'switchboard conformance' };
const ENDPOINT_ROUTES = ['POST /webhooks/endpoints', 'PATCH /webhooks/endpoints/{id}', 'DELETE /webhooks/endpoints/{id}', 'POST /webhooks/endpoints/{id}/test'];
/** Deliveries are asynchronous: how long the kit waits for one, in real time (at most `--timeout`). */
const DELIVERY_WAIT_MS = 10_000;
const POLL_MS = 25;

/** An event the operation should have emitted, about the record with this id. */
export interface Expected {
  readonly event: string;
  readonly id: number;
  /** Keys the event's data must carry (6 states them for contact.field_changed). */
  readonly keys?: readonly string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(find: () => T | undefined, ms: number): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined || Date.now() >= until) return found;
    await sleep(POLL_MS);
  }
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** What a delivery body carries, for loose matching: its string values, object keys and (key, number) pairs. */
interface Scanned {
  readonly strings: Set<string>;
  readonly keys: Set<string>;
  readonly numbers: Array<{ readonly key: string; readonly value: number }>;
}

function scan(value: unknown, into: Scanned, key = ''): void {
  if (typeof value === 'string') into.strings.add(value);
  else if (typeof value === 'number') into.numbers.push({ key, value });
  else if (Array.isArray(value)) for (const item of value) scan(item, into, key);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) {
      into.keys.add(name);
      scan(item, into, name);
    }
  }
}

/**
 * Whether a delivery names `event` and refers to record `id`. The envelope is "not shown" (6), so
 * the name may be any string value of the body, any key of it (`{"appointment.booked": {...}}`) or
 * a header value; the record may be any `id` / `*_id`, or a number under the key named after the
 * event's kind (`"appointment": 11` for appointment.*).
 */
export function deliveryMatches(delivery: ReceivedDelivery, expected: Expected): boolean {
  const body: Scanned = { strings: new Set(), keys: new Set(), numbers: [] };
  scan(parse(delivery.body), body);
  const named = body.strings.has(expected.event) || body.keys.has(expected.event) || Object.values(delivery.headers).includes(expected.event);
  const kind = expected.event.split('.')[0];
  const refers = body.numbers.some(({ key, value }) => value === expected.id && (key === 'id' || key.endsWith('_id') || key === kind));
  return named && refers && (expected.keys ?? []).every((key) => body.keys.has(key));
}

/** How much of each delivery's body a failure message quotes. */
const BODY_PREVIEW_CHARS = 200;

/** The deliveries that did arrive, each body quoted up to BODY_PREVIEW_CHARS, so a reader sees their envelope. */
export function describeReceived(received: readonly ReceivedDelivery[]): string {
  if (received.length === 0) return 'nothing arrived';
  const bodies = received.map((delivery) => {
    const text = delivery.body.replace(/\s+/g, ' ');
    return text.length > BODY_PREVIEW_CHARS ? `${text.slice(0, BODY_PREVIEW_CHARS)}...` : text;
  });
  const noun = received.length === 1 ? 'delivery' : 'deliveries';
  return `${received.length} ${noun} arrived: ${bodies.map((body) => JSON.stringify(body)).join('; ')}`;
}

/**
 * Starts the receiver, creates and enables an endpoint at it filtered to `events`, makes sure a
 * test delivery gets through, then runs `operate` and requires every event it returns to arrive.
 */
async function expectEvents(ctx: CheckContext, events: readonly string[], operate: () => Promise<{ expected: Expected[]; last: KitResponse }>): Promise<void> {
  const admin = await ctx.keyFor('admin');
  const waitMs = Math.min(DELIVERY_WAIT_MS, ctx.client.timeoutMs);
  const receiver: Receiver = await startReceiver(ctx.receiverPort);
  let endpointId: number | undefined;
  try {
    const created = await ctx.send({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: { name: ctx.name('events'), url: receiver.url, events } });
    if (created.status === 400) return ctx.skip('receiver_unreachable', 'the target refuses a loopback receiver URL');
    if (created.status === 403) return ctx.skip('plan_limit_reached', 'the account already has 3 endpoints');
    const id = await ctx.setup("create an endpoint at the kit's receiver", async () => {
      expectStatus(created, [200, 201], 'POST /webhooks/endpoints (receiver)');
      const made = readData(created, 'POST /webhooks/endpoints')['id'];
      if (typeof made !== 'number') fail('POST /webhooks/endpoints: the result has no integer id', created);
      return made;
    });
    endpointId = id;
    const path = `/webhooks/endpoints/${id}`;
    await ctx.setup('enable the endpoint (attested governance)', async () => {
      const enabled = await ctx.send({ method: 'PATCH', path, key: admin, body: { governance: GOVERNANCE, enabled: true } });
      expectStatus(enabled, 200, 'PATCH governance + enabled true');
    });
    const test = await ctx.send({ method: 'POST', path: `${path}/test`, key: admin, body: {} });
    // 4.1: the test delivery is made at once and `delivered` tells whether it got a 2xx.
    const delivered = test.status === 200 && (test.json as { data?: { delivered?: unknown } } | undefined)?.data?.delivered === true;
    const reached = delivered ? await waitFor(() => (receiver.received.length > 0 ? true : undefined), waitMs) : undefined;
    if (!reached) return ctx.skip('receiver_unreachable', `the target's test delivery (HTTP ${test.status}) never reached the kit's receiver on 127.0.0.1: run the target where it can reach this machine (serve --allow-local-webhooks PORT with --receiver-port PORT)`);
    const seen = receiver.received.length;
    const { expected, last } = await operate();
    for (const want of expected) {
      const arrived = await waitFor(() => receiver.received.slice(seen).find((delivery) => deliveryMatches(delivery, want)), waitMs);
      if (!arrived) {
        const what = want.keys ? ` with ${want.keys.join(' and ')}` : '';
        fail(`section 6: no ${want.event} delivery about record ${want.id}${what} reached the enabled endpoint within ${waitMs / 1000} s; ${describeReceived(receiver.received.slice(seen))}`, last);
      }
    }
  } finally {
    if (endpointId !== undefined) {
      await ctx.send({ method: 'PATCH', path: `/webhooks/endpoints/${endpointId}`, key: admin, body: { enabled: false } });
      const removed = await ctx.send({ method: 'DELETE', path: `/webhooks/endpoints/${endpointId}`, key: admin });
      if (removed.status >= 200 && removed.status < 300) ctx.ledger.forget('webhook-endpoint', endpointId);
    }
    await receiver.close();
  }
}

async function flowAction(ctx: CheckContext, key: string, id: number, name: string): Promise<KitResponse> {
  const response = await ctx.send({ method: 'POST', path: `/flows/${id}/${name}`, key, body: {} });
  expectStatus(response, 200, `POST /flows/{id}/${name}`);
  return response;
}

export const eventChecks: CheckDefinition[] = [
  {
    id: 'events.appointment',
    title: 'Booking and cancelling an appointment delivers appointment.booked and appointment.cancelled about it',
    clause: '6',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...ENDPOINT_ROUTES, 'GET /appointments/availability', 'POST /appointments', 'POST /appointments/{id}/cancel'],
    cost: costOf(22),
    async run(ctx) {
      await expectEvents(ctx, ['appointment.booked', 'appointment.cancelled'], async () => {
        let booked: { id: number; response: KitResponse } | undefined;
        // withOfferedBooking cancels the booking when `use` returns: the cancel event follows.
        // The booking is a setup here: its status and shape are 4.6's, judged by appointments.*.
        await withOfferedBooking(
          ctx,
          1,
          async ({ appointment }) => {
            booked = { id: appointment.id, response: await ctx.send({ path: `/appointments/${appointment.id}` }) };
          },
          true,
        );
        if (!booked) fail('no appointment was booked');
        return {
          expected: [
            { event: 'appointment.booked', id: booked.id },
            { event: 'appointment.cancelled', id: booked.id },
          ],
          last: booked.response,
        };
      });
    },
  },
  {
    id: 'events.flow-lifecycle',
    title: 'Publishing, pausing and activating a flow delivers flow.published, flow.paused and flow.activated about it',
    clause: '6',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...ENDPOINT_ROUTES, 'POST /flows', 'POST /flows/{id}/publish', 'POST /flows/{id}/pause', 'POST /flows/{id}/activate', 'DELETE /flows/{id}'],
    cost: costOf(12),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      await expectEvents(ctx, ['flow.published', 'flow.paused', 'flow.activated'], async () => {
        const flow = await setupFlow(ctx, word(ctx, 'evt'), key);
        try {
          await flowAction(ctx, key, flow.id, 'publish');
          await flowAction(ctx, key, flow.id, 'pause');
          const last = await flowAction(ctx, key, flow.id, 'activate');
          return {
            expected: ['flow.published', 'flow.paused', 'flow.activated'].map((event) => ({ event, id: flow.id })),
            last,
          };
        } finally {
          await retire(ctx, flow.id, key);
        }
      });
    },
  },
  {
    id: 'events.contact-field-changed',
    title: 'Changing a custom field value on a contact delivers contact.field_changed with changed_at and source',
    clause: '6',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...ENDPOINT_ROUTES, 'POST /contacts', 'PATCH /contacts/{id}', 'GET /custom-fields', 'POST /custom-fields', 'PATCH /custom-fields/{id}'],
    cost: costOf(12),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      const field = await ctx.setup("have the kit's text pool field", () => ctx.fields.acquire(key, 'text', 'Kit pool: text'));
      if (field === 'cap') return ctx.skip('plan_limit_reached', 'the account has 15 active custom fields');
      try {
        await expectEvents(ctx, ['contact.field_changed'], async () => {
          const contactId = await ctx.setup('create a contact', async () => {
            const handle = ctx.name('evt');
            const made = await ctx.send({ method: 'POST', path: '/contacts', key, body: { channel: 'telegram', platform_user_id: handle, name: `${handle} person` } });
            expectStatus(made, [200, 201], 'POST /contacts');
            const id = readData(made, 'POST /contacts')['id'];
            if (typeof id !== 'number') fail('POST /contacts: the result has no integer id', made);
            return id;
          });
          const changed = await ctx.send({ method: 'PATCH', path: `/contacts/${contactId}`, key, body: { custom_fields: { [field.fieldKey]: ctx.name('value') } } });
          expectStatus(changed, 200, 'PATCH /contacts/{id} with a new custom field value');
          return { expected: [{ event: 'contact.field_changed', id: contactId, keys: ['changed_at', 'source'] }], last: changed };
        });
      } finally {
        await ctx.fields.release(key, field.id);
      }
    },
  },
  {
    id: 'events.conversation',
    title: 'Resolving and assigning a conversation delivers conversation.resolved and conversation.assigned about it',
    clause: '6',
    level: 'spec',
    group,
    profile: 'safe',
    needs: ['control'],
    routes: [...ENDPOINT_ROUTES, 'PATCH /conversations/{id}', 'POST /conversations/{id}/assign', 'GET /team'],
    cost: costOf(12),
    async run(ctx) {
      const team = await ctx.send({ path: '/team' });
      const member = ((team.json as { data?: { id?: unknown }[] } | undefined)?.data ?? [])[0]?.id;
      if (typeof member !== 'number') return ctx.skip('no_team_member');
      const key = await ctx.keyFor('write');
      await expectEvents(ctx, ['conversation.resolved', 'conversation.assigned'], async () => {
        // Only a thread the kit's own customer started (the sandbox's inbound) is changed.
        const { conversationId: id } = await ctx.setup('start a thread (sandbox inbound)', () => inbound(ctx));
        const resolved = await ctx.send({ method: 'PATCH', path: `/conversations/${id}`, key, body: { status: 'resolved' } });
        expectStatus(resolved, 200, 'PATCH /conversations/{id} status resolved');
        const assigned = await ctx.send({ method: 'POST', path: `/conversations/${id}/assign`, key, body: { assigned_to: member } });
        expectStatus(assigned, 200, 'POST /conversations/{id}/assign');
        return {
          expected: [
            { event: 'conversation.resolved', id },
            { event: 'conversation.assigned', id },
          ],
          last: assigned,
        };
      });
    },
  },
  {
    id: 'events.post-scheduled',
    title: 'Scheduling a post delivers post.scheduled about it at once',
    clause: '6',
    level: 'spec',
    group,
    // Scheduling a post on a live account could publish it: the posts group keeps that to `full`.
    profile: 'full',
    routes: [...ENDPOINT_ROUTES, 'POST /posts', 'POST /posts/{id}/schedule', 'POST /posts/{id}/unschedule', 'DELETE /posts/{id}'],
    cost: costOf(13),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      await expectEvents(ctx, ['post.scheduled'], async () => {
        const { postId, createdAt } = await ctx.setup('create a draft post', async () => {
          const made = await ctx.send({ method: 'POST', path: '/posts', key, body: { platform: 'facebook', caption: ctx.name('evt') } });
          if (made.status === 403) ctx.skip('feature_unavailable', 'POST /posts answered 403: no publishing on this plan, or the cap is reached');
          expectStatus(made, [200, 201], 'POST /posts');
          const data = readData(made, 'POST /posts');
          if (typeof data['id'] !== 'number' || typeof data['created_at'] !== 'string') fail('POST /posts: the result has no integer id or created_at', made);
          return { postId: data['id'], createdAt: Date.parse(data['created_at']) };
        });
        try {
          // A week after the target's own now (its clock may not be this machine's): the
          // scheduler will not reach it before the unschedule below.
          const at = new Date(createdAt + 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
          const scheduled = await ctx.send({ method: 'POST', path: `/posts/${postId}/schedule`, key, body: { scheduled_at: at } });
          expectStatus(scheduled, 200, 'POST /posts/{id}/schedule');
          return { expected: [{ event: 'post.scheduled', id: postId }], last: scheduled };
        } finally {
          await ctx.send({ method: 'POST', path: `/posts/${postId}/unschedule`, key, body: {} });
          const removed = await ctx.send({ method: 'DELETE', path: `/posts/${postId}`, key });
          if (removed.status >= 200 && removed.status < 300) ctx.ledger.forget('post', postId);
        }
      });
    },
  },
];
