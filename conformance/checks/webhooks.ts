/**
 * Webhook endpoints (4.1, 2.27, 3.7, 6, 8): created paused with the secret shown once, enabling
 * needs attested governance with a purpose (422 otherwise), https on a public host only, rotation
 * returns a new secret, delete then 404, the account summary lists them. Delivery (the test
 * event reaches a receiver and `delivered` tells the truth) runs only when the target can reach
 * a receiver the kit starts; the signature scheme is our Standard Webhooks choice (assumption).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookEndpoint, WebhookEndpointWithSecret } from '../../src/resources/webhooks/schemas.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../runner/expect.js';
import { startReceiver, type Receiver } from '../target/receiver.js';
import { costOf } from './helpers.js';

const group = 'webhooks';
const CRUD = ['POST /webhooks/endpoints', 'GET /webhooks/endpoints/{id}', 'PATCH /webhooks/endpoints/{id}', 'DELETE /webhooks/endpoints/{id}'];
const GOVERNANCE = { attested: true, purpose: 'Conformance kit test endpoint', destination_owner: 'switchboard conformance' };

async function create(ctx: CheckContext, url: string) {
  const admin = await ctx.keyFor('admin');
  const response = await ctx.send({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: { name: ctx.name('hook'), url } });
  if (response.status === 403) return ctx.skip('plan_limit_reached', 'the account already has 3 endpoints');
  return { admin, response };
}

async function createPublic(ctx: CheckContext, statuses: readonly number[] = [201]) {
  const { admin, response } = await create(ctx, `https://hooks.switchboard.invalid/switchboard-conformance/${ctx.prefix}`);
  expectStatus(response, statuses, 'POST /webhooks/endpoints');
  const endpoint = expectShape(readData(response, 'POST /webhooks/endpoints'), WebhookEndpointWithSecret, 'endpoint with signing_secret (2.27)', response);
  return { admin, endpoint, response };
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, keyed by the whsec_ secret's bytes. */
function verifies(secret: string, headers: Readonly<Record<string, string>>, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((part) => {
    const [version, value] = part.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Deletes an endpoint at once: an account has room for 3, and later checks need one. */
async function dispose(ctx: CheckContext, id: number, admin: string): Promise<void> {
  await ctx.send({ method: 'DELETE', path: `/webhooks/endpoints/${id}`, key: admin });
  ctx.ledger.forget('webhook-endpoint', id);
}

async function withReceiver(ctx: CheckContext, use: (receiver: Receiver, id: number, secret: string, admin: string) => Promise<void>): Promise<void> {
  const receiver = await startReceiver(ctx.receiverPort);
  try {
    const { admin, response } = await create(ctx, receiver.url);
    if (response.status === 400) return ctx.skip('receiver_unreachable', 'the target refuses a loopback receiver URL');
    const data = await ctx.setup('create an endpoint pointing at the kit\'s receiver', async () => {
      expectStatus(response, [200, 201], 'POST /webhooks/endpoints (receiver)');
      const made = readData(response, 'POST /webhooks/endpoints');
      if (typeof made['id'] !== 'number' || typeof made['signing_secret'] !== 'string') fail('POST /webhooks/endpoints: the result lacks id or signing_secret', response);
      return made;
    });
    const id = data['id'] as number;
    try {
      await use(receiver, id, data['signing_secret'] as string, admin);
    } finally {
      await dispose(ctx, id, admin);
    }
  } finally {
    await receiver.close();
  }
}

export const webhookChecks: CheckDefinition[] = [
  {
    id: 'webhooks.lifecycle',
    title: 'An endpoint is created paused with its secret once; enabling needs governance (422); delete then 404',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: CRUD,
    cost: costOf(6),
    async run(ctx) {
      const { admin, endpoint, response } = await createPublic(ctx);
      if (endpoint.enabled !== false) fail('a new endpoint is created paused (enabled false)', response);
      const path = `/webhooks/endpoints/${endpoint.id}`;
      const read = await ctx.send({ path });
      expectStatus(read, 200, `GET ${path}`);
      expectShape(readData(read, 'GET'), WebhookEndpoint, 'endpoint (2.27)', read);
      if ('signing_secret' in readData(read, 'GET')) fail('the signing secret is returned on create and rotate only', read);
      const refused = await ctx.send({ method: 'PATCH', path, key: admin, body: { enabled: true } });
      // An endpoint wrongly enabled would queue the account's events for a host that never resolves: pause it first.
      if (refused.status === 200) await ctx.send({ method: 'PATCH', path, key: admin, body: { enabled: false } });
      expectError(refused, 422, 'governance_incomplete', 'enable without attested governance');
      expectStatus(await ctx.send({ method: 'PATCH', path, key: admin, body: { governance: GOVERNANCE } }), 200, 'PATCH governance');
      const removed = await ctx.send({ method: 'DELETE', path, key: admin });
      // 4.1 names a "deletion result" without its shape or status.
      expectSuccess(removed, `DELETE ${path}`);
      ctx.ledger.forget('webhook-endpoint', endpoint.id);
      expectError(await ctx.send({ path }), 404, 'not_found', 'GET of a deleted endpoint');
    },
  },
  {
    id: 'webhooks.enable',
    title: 'With attested governance and a purpose an endpoint can be enabled, and paused again',
    clause: '3.7',
    level: 'spec',
    group,
    profile: 'safe',
    routes: CRUD,
    cost: costOf(4),
    async run(ctx) {
      // Only an endpoint pointing at the kit's own receiver is ever enabled: a live endpoint at
      // someone else's URL would receive the account's real events.
      await withReceiver(ctx, async (_receiver, id, _secret, admin) => {
        const path = `/webhooks/endpoints/${id}`;
        const enabled = await ctx.send({ method: 'PATCH', path, key: admin, body: { governance: GOVERNANCE, enabled: true } });
        expectStatus(enabled, 200, 'PATCH governance + enabled true');
        const data = readData(enabled, 'PATCH');
        if (data['enabled'] !== true || (data['governance'] as { complete?: unknown } | undefined)?.complete !== true) fail('the endpoint should read enabled with complete governance', enabled);
        const paused = await ctx.send({ method: 'PATCH', path, key: admin, body: { enabled: false } });
        expectStatus(paused, 200, 'PATCH enabled false');
        if (readData(paused, 'PATCH')['enabled'] !== false) fail('the endpoint should read paused', paused);
      });
    },
  },
  {
    id: 'webhooks.rotate-and-summary',
    title: 'rotate-secret returns a new secret; the account summary lists the endpoint',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: [...CRUD, 'POST /webhooks/endpoints/{id}/rotate-secret', 'GET /account'],
    cost: costOf(3),
    async run(ctx) {
      const { admin, endpoint } = await ctx.setup('create an endpoint', () => createPublic(ctx, [200, 201]));
      const rotated = await ctx.send({ method: 'POST', path: `/webhooks/endpoints/${endpoint.id}/rotate-secret`, key: admin, body: {} });
      expectStatus(rotated, 200, 'POST rotate-secret');
      const secret = readData(rotated, 'rotate-secret')['signing_secret'];
      if (typeof secret !== 'string' || secret === endpoint.signing_secret) fail('rotate-secret should return a new signing_secret', rotated);
      const summary = await ctx.send({ path: '/account' });
      const endpoints = ((readData(summary, 'GET /account')['webhooks'] as { endpoints?: unknown } | undefined)?.endpoints ?? []) as { id?: unknown; event_filters?: unknown }[];
      const listed = endpoints.find((e) => e.id === endpoint.id);
      await dispose(ctx, endpoint.id, admin);
      if (!listed || !Array.isArray(listed.event_filters)) fail('GET /account webhooks.endpoints should list the endpoint with event_filters (2.27, 2.29)', summary);
    },
  },
  {
    id: 'webhooks.url-rule',
    title: 'An endpoint URL must be https on a public host (400 naming url)',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /webhooks/endpoints'],
    cost: costOf(2),
    async run(ctx) {
      for (const url of ['http://hooks.switchboard.invalid/hook', 'https://10.0.0.1/hook']) {
        const { response } = await create(ctx, url);
        expectError(response, 400, 'invalid_param', `POST /webhooks/endpoints with url ${url}`, { param: 'url' });
      }
    },
  },
  {
    id: 'webhooks.cap',
    title: 'A 4th endpoint gives 403 plan_limit_reached',
    clause: '8',
    level: 'assumption',
    group,
    profile: 'full',
    routes: ['POST /webhooks/endpoints', 'GET /webhooks/endpoints', 'DELETE /webhooks/endpoints/{id}'],
    cost: costOf(6),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const existing = readList(await ctx.send({ path: '/webhooks/endpoints' }), 'GET /webhooks/endpoints').data.length;
      const made: number[] = [];
      try {
        await ctx.setup('fill the account up to 3 endpoints', async () => {
          for (let n = existing; n < 3; n++) {
            const created = await ctx.send({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: { name: ctx.name('cap'), url: 'https://hooks.switchboard.invalid/cap' } });
            expectStatus(created, [200, 201], 'POST /webhooks/endpoints under the cap');
            made.push(readData(created, 'POST')['id'] as number);
          }
        });
        const fourth = await ctx.send({ method: 'POST', path: '/webhooks/endpoints', key: admin, body: { name: ctx.name('cap'), url: 'https://hooks.switchboard.invalid/cap' } });
        expectError(fourth, 403, 'plan_limit_reached', 'POST /webhooks/endpoints with 3 endpoints');
      } finally {
        for (const id of made) {
          await ctx.send({ method: 'DELETE', path: `/webhooks/endpoints/${id}`, key: admin });
          ctx.ledger.forget('webhook-endpoint', id);
        }
      }
    },
  },
  {
    id: 'webhooks.test-delivery',
    title: 'POST /test delivers at once, even paused; delivered is true only on a 2xx',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /webhooks/endpoints', 'POST /webhooks/endpoints/{id}/test'],
    cost: costOf(3),
    async run(ctx) {
      await withReceiver(ctx, async (receiver, id, _secret, admin) => {
        const ok = await ctx.send({ method: 'POST', path: `/webhooks/endpoints/${id}/test`, key: admin, body: { channel: 'meta' } });
        expectStatus(ok, 200, 'POST /webhooks/endpoints/{id}/test');
        if (readData(ok, 'test')['delivered'] !== true) fail('delivered should be true when the receiver answered 2xx', ok);
        if (receiver.received.length !== 1) fail(`the receiver got ${receiver.received.length} requests for one test, expected 1`, ok);
        receiver.answer(500);
        const refused = await ctx.send({ method: 'POST', path: `/webhooks/endpoints/${id}/test`, key: admin, body: { channel: 'meta' } });
        if (readData(refused, 'test')['delivered'] !== false) fail('delivered should be false when the receiver answered 500', refused);
      });
    },
  },
  {
    id: 'webhooks.signature',
    title: 'Deliveries carry a Standard Webhooks signature made with the signing secret',
    clause: '6',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['POST /webhooks/endpoints', 'POST /webhooks/endpoints/{id}/test'],
    cost: costOf(2),
    async run(ctx) {
      await withReceiver(ctx, async (receiver, id, secret, admin) => {
        const response = await ctx.send({ method: 'POST', path: `/webhooks/endpoints/${id}/test`, key: admin, body: {} });
        expectStatus(response, 200, 'POST /webhooks/endpoints/{id}/test');
        const delivery = receiver.received[0];
        if (!delivery) fail('the receiver got no delivery', response);
        if (!verifies(secret, delivery.headers, delivery.body)) fail(`the delivery's webhook-signature does not verify with the signing secret (headers: ${Object.keys(delivery.headers).join(', ')})`, response);
      });
    },
  },
];
