/**
 * Both transports (the neutral fetch default and the node undici one) behave the same: any status
 * is an answer, redirects are not followed, the body read is capped, a silent receiver times out
 * and a reset is a network error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../adapters/undici-transport.js';
import { startReceiver, type Receiver } from '../../../test/support/webhook-receiver.js';
import { createFetchTransport, WebhookTransportError, type WebhookTransport } from './transport.js';

const undici = createUndiciTransport({ maxResponseBytes: 4096 });
const transports: [string, WebhookTransport][] = [
  ['fetch', createFetchTransport({ maxResponseBytes: 4096 })],
  ['undici', undici],
];

describe.each(transports)('%s transport', (_name, transport) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const send = (timeoutMs = 2000) =>
    transport({ url: receiver.url, headers: { 'content-type': 'application/json', 'webhook-id': 'evt_1' }, body: '{"a":1}', timeoutMs, loopback: true });

  it('posts the body and headers and returns any status', async () => {
    receiver.behave(() => 418);
    const res = await send();
    expect(res).toEqual({ status: 418, body: 'nope' });
    const last = receiver.received[receiver.received.length - 1]!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers['webhook-id']).toBe('evt_1');
  });

  it('reads at most the cap of a huge answer', async () => {
    receiver.behave(() => 'huge');
    const res = await send();
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(4096);
  });

  it('times out a receiver that never answers', async () => {
    receiver.behave(() => 'hang');
    const error = await send(300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookTransportError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'timed out after 300 ms' });
  });

  it('reports a reset or a refused connection as a network error', async () => {
    receiver.behave(() => 'reset');
    await expect(send()).rejects.toMatchObject({ kind: 'network' });
    await expect(transport({ url: 'http://127.0.0.1:9/x', headers: {}, body: '', timeoutMs: 2000, loopback: true })).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^connection failed: /),
    });
  });
});

afterAll(async () => {
  await undici.close();
});
