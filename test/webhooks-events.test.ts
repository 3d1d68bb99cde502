/**
 * Events emitted by real operations of other groups reach webhooks: a customer writing in
 * (message.received), a contact created through the API (contact.updated). The minimal profile
 * keeps the customer's words out.
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { addEndpoint, webhookSimulator, type WebhookHarness } from './support/webhook-setup.js';

describe('events from operations are delivered', () => {
  let h: WebhookHarness;
  let minimal: Receiver;
  let full: Receiver;

  beforeEach(async () => {
    h = webhookSimulator();
    minimal = await startReceiver();
    full = await startReceiver();
  });
  afterEach(async () => {
    await h.close();
    await minimal.close();
    await full.close();
  });

  it('an inbound message becomes message.received; minimal leaves its text out', async () => {
    const events = ['message.received'];
    const quiet = await addEndpoint(h, minimal.url, { body: { events }, governance: { payload_profile: 'minimal' } });
    const loud = await addEndpoint(h, full.url, { body: { events }, governance: { payload_profile: 'full' } });
    const inbound = await h.sim.request({
      method: 'POST',
      path: '/_sandbox/inbound',
      key: h.admin,
      body: { channel: 'whatsapp', platform_user_id: '+15550100001', text: 'my card ends 4242', name: 'Ada' },
    });
    expect(inbound.status).toBe(200);
    await h.sim.sandbox.webhooks.idle();

    const journal = h.sim.sandbox.events(1, { type: 'message.received' });
    expect(journal).toHaveLength(1);
    const [quietReq] = minimal.received;
    const [loudReq] = full.received;
    const quietEvent = new Webhook(quiet.secret).verify(quietReq!.body, quietReq!.headers as Record<string, string>) as { id: string; data: Record<string, unknown> };
    const loudEvent = new Webhook(loud.secret).verify(loudReq!.body, loudReq!.headers as Record<string, string>) as { id: string; data: Record<string, unknown> };
    expect(quietEvent.id).toBe(journal[0]!.id);
    expect(loudEvent.id).toBe(journal[0]!.id);
    expect(loudReq!.body).toContain('my card ends 4242');
    expect(quietReq!.body).not.toContain('4242');
    expect(quietEvent.data).toMatchObject({ channel: 'whatsapp', conversation_id: loudEvent.data['conversation_id'] });
  });

  it('a contact created through the API becomes contact.updated', async () => {
    await addEndpoint(h, full.url, { body: { events: ['contact.updated'] } });
    const created = await h.sim.request({
      method: 'POST',
      path: '/contacts',
      key: h.keys.write,
      body: { channel: 'telegram', platform_user_id: 'tg-77', name: 'Grace' },
    });
    expect(created.status).toBeLessThan(300);
    await h.sim.sandbox.webhooks.idle();
    expect(full.received.map((r) => JSON.parse(r.body).type)).toEqual(['contact.updated']);
    expect(JSON.parse(full.received[0]!.body).data).toMatchObject({ contact: { name: 'Grace' } });
  });
});
