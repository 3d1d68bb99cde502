/**
 * Webhook egress (issue 11, findings 8 and 12): a delivery goes only where the rules allow, checked
 * on the connection itself. Names are resolved by an injected resolver, so nothing here looks a
 * name up: reserved names never reach it, and the other names are fictional.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciTransport, type Resolver } from '../src/adapters/undici-transport.js';
import { createFetchTransport, WebhookTransportError } from '../src/resources/webhooks/transport.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { addEndpoint, FROZEN_AT } from './support/webhook-setup.js';
import { testSimulator } from './support/simulator.js';

/** A resolver that answers from a table and counts what it was asked. */
function fakeResolver(table: Record<string, readonly string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (host) => {
    asked.push(host);
    const answer = table[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { resolve, asked };
}

let receiver: Receiver;
let port: number;
beforeAll(async () => {
  receiver = await startReceiver();
  port = Number(new URL(receiver.url).port);
});
afterAll(async () => {
  await receiver.close();
});

describe('the undici transport (serve) checks every address a name resolves to', () => {
  const { resolve, asked } = fakeResolver({
    'localtest.me': ['127.0.0.1'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'split.customer-hooks.net': ['93.184.216.34', '10.0.0.7'],
    'dev.receiver.net': ['127.0.0.1'],
  });
  const transport = createUndiciTransport({ resolve });
  afterAll(() => transport.close());
  const post = (url: string, loopback: boolean | number[] = false) =>
    transport({ url, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 2000, loopback });

  it('refuses a public-looking name that resolves to loopback or to any private address', async () => {
    for (const url of ['https://localtest.me/x', 'https://127.0.0.1.nip.io/x', 'https://split.customer-hooks.net/x']) {
      const error = await post(url).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(WebhookTransportError);
      expect(error, url).toMatchObject({ kind: 'refused', message: expect.stringMatching(/resolves to (127\.0\.0\.1|10\.0\.0\.7)/) });
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('never resolves a reserved name', async () => {
    asked.length = 0;
    for (const url of ['https://hooks.switchboard.test/x', 'https://a.invalid/x', 'https://hooks.example.com/x', 'https://x.example/x']) {
      await expect(post(url, true), url).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('reserved name') });
    }
    expect(asked).toEqual([]);
  });

  it('reaches loopback only on an allowed port, connecting to the address it checked', async () => {
    asked.length = 0;
    const before = receiver.received.length;
    receiver.behave(() => 204);
    const delivered = await post(`http://dev.receiver.net:${port}/hooks`, [port]);
    expect(delivered.status).toBe(204);
    expect(receiver.received).toHaveLength(before + 1);
    expect(receiver.received.at(-1)!.headers.host).toBe(`dev.receiver.net:${port}`);
    // One lookup for the one connection: the socket went to the checked address, not a second answer.
    expect(asked).toEqual(['dev.receiver.net']);
    await expect(post(`http://dev.receiver.net:${port}/hooks`, [port + 1])).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining(`port ${port} is not allowed`) });
    await expect(post(`http://127.0.0.1:${port}/hooks`, false)).rejects.toMatchObject({ kind: 'refused' });
  });
});

describe('the fetch transport (the in-process default)', () => {
  it('refuses reserved names and disallowed literals without sending', async () => {
    const transport = createFetchTransport();
    await expect(transport({ url: 'https://hooks.switchboard.test/x', headers: {}, body: '', timeoutMs: 1000, loopback: false })).rejects.toMatchObject({ kind: 'refused' });
    await expect(transport({ url: `http://127.0.0.1:${port}/hooks`, headers: {}, body: '', timeoutMs: 1000, loopback: [port + 1] })).rejects.toMatchObject({ kind: 'refused' });
  });

  it('a reserved-name refusal in the delivery log says how an MSW user reaches that host; others do not', async () => {
    const transport = createFetchTransport();
    const { sim, keys } = testSimulator({ webhookTransport: transport, clock: { frozenAt: FROZEN_AT } });
    const endpoint = await addEndpoint({ sim, keys, accounts: [] }, 'https://hooks.switchboard.test/in', { enable: false });
    const tested = await sim.request({ method: 'POST', path: `/webhooks/endpoints/${endpoint.id}/test`, key: keys.admin, body: {} });
    expect((tested.body as { data: { error: string } }).data.error).toBe(
      'refused: hooks.switchboard.test is a reserved name (RFC 2606/6761) and is never resolved; nothing was sent. If an interceptor such as MSW answers this host in your tests, create the simulator with webhookTransport: createFetchTransport({ sendToReservedNames: true }).',
    );
    sim.close();
    const literal = transport({ url: `http://127.0.0.1:${port}/hooks`, headers: {}, body: '', timeoutMs: 1000, loopback: [port + 1] });
    await expect(literal).rejects.toThrow(expect.objectContaining({ message: expect.not.stringContaining('sendToReservedNames') }));
  });

  describe('with sendToReservedNames, an MSW handler in the same process receives the delivery', () => {
    const caught: { url: string; body: string }[] = [];
    const server = setupServer(
      http.post('https://hooks.switchboard.test/in', async ({ request }) => {
        caught.push({ url: request.url, body: await request.text() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterEach(() => server.resetHandlers());
    afterAll(() => server.close());

    it('delivers a test event to the intercepted reserved name', async () => {
      const { sim, keys } = testSimulator({ webhookTransport: createFetchTransport({ sendToReservedNames: true }), clock: { frozenAt: FROZEN_AT } });
      const endpoint = await addEndpoint({ sim, keys, accounts: [] }, 'https://hooks.switchboard.test/in', { enable: false });
      const tested = await sim.request({ method: 'POST', path: `/webhooks/endpoints/${endpoint.id}/test`, key: keys.admin, body: {} });
      expect(tested.body).toMatchObject({ data: { delivered: true, status_code: 204 } });
      expect(caught).toHaveLength(1);
      expect(JSON.parse(caught[0]!.body)).toMatchObject({ type: expect.any(String) });
      sim.close();
    });
  });
});

describe('through the API: saved endpoints, test deliveries and the log', () => {
  it('a reserved host is accepted, and its deliveries fail with the reason; nothing is resolved', async () => {
    const { resolve, asked } = fakeResolver({});
    const transport = createUndiciTransport({ resolve });
    const t = testSimulator({ webhookTransport: transport, clock: { frozenAt: FROZEN_AT } });
    try {
      const endpoint = await addEndpoint(t, 'https://hooks.switchboard.test/in', { enable: false });
      const tested = await t.sim.request({ method: 'POST', path: `/webhooks/endpoints/${endpoint.id}/test`, key: t.keys.admin, body: {} });
      expect(tested.status).toBe(200);
      expect(tested.body).toMatchObject({ data: { delivered: false, status_code: null, error: expect.stringContaining('reserved name') } });
      expect(asked).toEqual([]);
    } finally {
      t.sim.close();
      await transport.close();
    }
  });

  it('a name that resolves to loopback is saved (the URL looks public) but never connected to', async () => {
    const { resolve } = fakeResolver({ 'localtest.me': ['127.0.0.1'] });
    const transport = createUndiciTransport({ resolve });
    const t = testSimulator({ webhookTransport: transport, clock: { frozenAt: FROZEN_AT } });
    const before = receiver.received.length;
    try {
      const endpoint = await addEndpoint(t, `https://localtest.me:${port}/hooks`, { enable: false });
      const tested = await t.sim.request({ method: 'POST', path: `/webhooks/endpoints/${endpoint.id}/test`, key: t.keys.admin, body: {} });
      expect(tested.body).toMatchObject({ data: { delivered: false, error: expect.stringContaining('localtest.me resolves to 127.0.0.1') } });
      expect(receiver.received).toHaveLength(before);
    } finally {
      t.sim.close();
      await transport.close();
    }
  });

  it.each([
    'https://localhost.localdomain/x',
    'https://[2002:7f00:1::]/x',
    'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x',
    'https://[::ffff:169.254.169.254]/x',
  ])('refuses %s when the endpoint is saved', async (url) => {
    const t = testSimulator();
    const res = await t.sim.request({ method: 'POST', path: '/webhooks/endpoints', key: t.keys.admin, body: { name: 'x', url } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_param', param: 'url' } });
    t.sim.close();
  });

  it('with named ports, another loopback port is refused on save', async () => {
    const t = testSimulator({ allowLocalWebhooks: [port] });
    const ok = await t.sim.request({ method: 'POST', path: '/webhooks/endpoints', key: t.keys.admin, body: { name: 'ok', url: receiver.url } });
    expect(ok.status).toBe(201);
    const redis = await t.sim.request({ method: 'POST', path: '/webhooks/endpoints', key: t.keys.admin, body: { name: 'redis', url: 'http://127.0.0.1:6379/' } });
    expect(redis.status).toBe(400);
    expect(redis.body).toMatchObject({ error: { param: 'url', message: expect.stringContaining(`port ${port} only`) } });
    t.sim.close();
  });

  it("the delivery log shows a receiver's answer to admin keys only, and only its start", async () => {
    const transport = createUndiciTransport();
    const t = testSimulator({ allowLocalWebhooks: [port], webhookTransport: transport, clock: { frozenAt: FROZEN_AT } });
    try {
      receiver.behave(() => 'huge');
      const endpoint = await addEndpoint(t, receiver.url, { enable: false });
      await t.sim.request({ method: 'POST', path: `/webhooks/endpoints/${endpoint.id}/test`, key: t.keys.admin, body: {} });
      const path = `/_sandbox/webhooks/endpoints/${endpoint.id}/deliveries`;
      const asAdmin = await t.sim.request({ path, key: t.keys.admin });
      const asRead = await t.sim.request({ path, key: t.keys.read });
      type Log = { data: { attempts: { response_body: string | null }[] }[] };
      const adminBody = (asAdmin.body as Log).data[0]!.attempts[0]!.response_body;
      expect(adminBody).toMatch(/^x+$/);
      expect(adminBody!.length).toBe(256);
      expect((asRead.body as Log).data[0]!.attempts[0]!.response_body).toBeNull();
      const inProcess = t.sim.sandbox.webhooks.deliveries(1, endpoint.id);
      expect(inProcess[0]!.attempts[0]!.response_body).toBe(adminBody);
    } finally {
      receiver.behave(() => 200);
      t.sim.close();
      await transport.close();
    }
  });
});
