/**
 * Every event a real operation delivers matches the payload schema the OpenAPI document gives it
 * under `webhooks` (issue 13): operations of each group that emits events run against a
 * simulator with two live endpoints, one per payload profile, and every body each receiver gets
 * is validated with ajv (JSON Schema 2020-12) against the webhook's documented request body, and
 * against the profile's own schema: `Event_<name>` for `full`, `Event_<name>_minimal` (every
 * message-text field left out, webhooks/profile.ts) for `minimal` where the two differ.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/build.js';
import { leadCapture } from './support/flow-graphs.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { addEndpoint, webhookSimulator, type WebhookHarness } from './support/webhook-setup.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

let h: WebhookHarness;
let full: Receiver;
let minimal: Receiver;
beforeAll(async () => {
  h = webhookSimulator();
  full = await startReceiver();
  minimal = await startReceiver();
  await addEndpoint(h, full.url, { governance: { payload_profile: 'full' } });
  await addEndpoint(h, minimal.url, { governance: { payload_profile: 'minimal' } });
});
afterAll(async () => {
  await h.close();
  await full.close();
  await minimal.close();
});

/** Runs operations that emit events; statuses are not the point here, the deliveries are. */
async function operate(): Promise<void> {
  const key = h.keys.full!;
  const call = (method: string, path: string, body?: unknown) => h.sim.request({ method, path, key, body });
  await h.sim.request({
    method: 'POST',
    path: '/_sandbox/inbound',
    key: h.admin,
    body: { channel: 'whatsapp', platform_user_id: '+15550109999', text: 'Hi, I would like a quote', name: 'Grace' },
  });
  const contact = await call('POST', '/contacts', { channel: 'sms', platform_user_id: '+15550108888', name: 'Payload Test' });
  const contactId = (contact.body as { data: { id: number } }).data.id;
  await call('POST', '/custom-fields', { field_key: 'payload_test', label: 'Payload test' });
  await call('PATCH', `/contacts/${contactId}`, { name: 'Payload Tested', custom_fields: { payload_test: 'x' } });
  const conversations = await call('GET', '/conversations?limit=3');
  const [first, second] = (conversations.body as { data: { id: number }[] }).data;
  if (first) await call('PATCH', `/conversations/${first.id}`, { status: 'resolved' });
  const team = await call('GET', '/team');
  const member = (team.body as { data: { id: number }[] }).data[0];
  if (second && member) await call('POST', `/conversations/${second.id}/assign`, { assigned_to: member.id });
  const flow = await call('POST', '/flows', { name: 'Payload flow', definition: leadCapture('payloadtest') });
  const flowId = (flow.body as { data: { id: number } }).data.id;
  await call('POST', `/flows/${flowId}/publish`, {});
  await call('POST', `/flows/${flowId}/pause`, {});
  await call('POST', `/flows/${flowId}/activate`, {});
  const slots = await call('GET', '/appointments/availability?date=2026-03-04');
  const slot = (slots.body as { data?: { slots: { time: string }[] } }).data?.slots[0];
  if (slot) {
    const booked = await call('POST', '/appointments', { date: '2026-03-04', time: slot.time, customer: { name: 'Ada Test', email: 'ada@mail.test', phone: '+15550001111' } });
    const appointment = (booked.body as { data?: { id: number } }).data;
    if (appointment) await call('POST', `/appointments/${appointment.id}/cancel`, {});
  }
  await h.sim.sandbox.webhooks.idle();
}

describe('delivered webhook bodies match the document', () => {
  it('validates every delivery of every operation, in both payload profiles', { timeout: 60_000 }, async () => {
    await operate();
    const document = (await h.sim.request({ path: '/openapi.json' })).body as OpenApiDocument;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: document.components ?? {} });
    const schemas = document.components?.schemas ?? {};
    const validator = (ref: string) => ajv.getSchema(`doc${ref}`) ?? ajv.compile({ $ref: `doc${ref}` });
    const covered = { full: new Set<string>(), minimal: new Set<string>() };
    const withVariant = new Set<string>();
    const bodyValidators = new Map<string, ReturnType<typeof ajv.compile>>();
    for (const [profile, receiver] of [['full', full], ['minimal', minimal]] as const) {
      expect(receiver.received.length, profile).toBeGreaterThan(0);
      for (const delivery of receiver.received) {
        const body = JSON.parse(delivery.body) as { type: string };
        const name = `Event_${body.type.replace(/\./g, '_')}`;
        const documented = (document.webhooks?.[body.type]?.post as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } } | undefined)
          ?.requestBody.content['application/json']!.schema;
        expect(documented, body.type).toBeDefined();
        // The profile's own schema: the minimal variant where it differs from the full one.
        const own = profile === 'minimal' && `${name}_minimal` in schemas ? `${name}_minimal` : name;
        if (own !== name) withVariant.add(body.type);
        const whole = bodyValidators.get(body.type) ?? ajv.compile(rebase(documented!));
        bodyValidators.set(body.type, whole);
        for (const validate of [whole, validator(`#/components/schemas/${own}`)]) {
          const valid = validate(body);
          expect(valid ? [] : [`${profile} ${body.type}: ${ajv.errorsText(validate.errors)}`, delivery.body.slice(0, 600)]).toEqual([]);
        }
        expect(delivery.headers['webhook-id']).toBe((body as { id?: string }).id);
        covered[profile].add(body.type);
      }
    }
    console.log(`validated event types: full ${[...covered.full].sort().join(', ')}; minimal ${[...covered.minimal].sort().join(', ')}`);
    const expected = [
      'appointment.booked', 'appointment.cancelled', 'contact.field_changed', 'contact.updated', 'conversation.assigned',
      'conversation.resolved', 'flow.activated', 'flow.paused', 'flow.published', 'message.received',
    ];
    expect([...covered.full].sort()).toEqual(expect.arrayContaining(expected));
    expect([...covered.minimal].sort()).toEqual(expect.arrayContaining(expected));
    // A real minimal message.received lacks the text the full schema requires: its own variant is what validated it.
    expect([...withVariant]).toEqual(expect.arrayContaining(['message.received', 'appointment.booked']));
    const minimalMessage = minimal.received.map((d) => JSON.parse(d.body) as { type: string }).find((b) => b.type === 'message.received');
    expect(validator('#/components/schemas/Event_message_received')(minimalMessage)).toBe(false);
  });
});

/** A webhook body schema (a `$ref` or an `anyOf` of them) with its references pointed into `doc`. */
function rebase(schema: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')) as Record<string, unknown>;
}
