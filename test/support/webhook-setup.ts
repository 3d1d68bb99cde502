/**
 * Shared set-up for webhook delivery tests: a self-checking simulator that may post to loopback
 * receivers through the undici transport, plus short-hands to add a live endpoint and emit events.
 */
import { createUndiciTransport, type UndiciTransport } from '../../src/adapters/undici-transport.js';
import type { SimulatorOptions } from '../../src/simulator.js';
import { testSimulator, type TestSimulator } from './simulator.js';

export const FROZEN_AT = '2026-03-02T09:00:00+00:00';

export interface WebhookHarness extends TestSimulator {
  transport: UndiciTransport;
  admin: string;
  close(): Promise<void>;
}

export function webhookSimulator(options: SimulatorOptions = {}): WebhookHarness {
  const transport = createUndiciTransport();
  const t = testSimulator({ allowLocalWebhooks: true, webhookTransport: transport, clock: { frozenAt: FROZEN_AT }, ...options });
  return {
    ...t,
    transport,
    admin: t.keys.admin!,
    async close() {
      t.sim.close();
      await transport.close();
    },
  };
}

export interface LiveEndpoint {
  id: number;
  secret: string;
}

export async function addEndpoint(
  h: TestSimulator,
  url: string,
  options: { key?: string; enable?: boolean; body?: Record<string, unknown>; governance?: Record<string, unknown> } = {},
): Promise<LiveEndpoint> {
  const key = options.key ?? h.keys.admin!;
  const created = await h.sim.request({
    method: 'POST',
    path: '/webhooks/endpoints',
    key,
    body: {
      name: 'Test receiver',
      url,
      governance: { attested: true, purpose: 'Integration tests', ...options.governance },
      ...options.body,
    },
  });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const endpoint = (created.body as { data: { id: number; signing_secret: string } }).data;
  if (options.enable !== false) {
    const enabled = await h.sim.request({ method: 'PATCH', path: `/webhooks/endpoints/${endpoint.id}`, key, body: { enabled: true } });
    if (enabled.status !== 200) throw new Error(`enable failed: ${JSON.stringify(enabled.body)}`);
  }
  return { id: endpoint.id, secret: endpoint.signing_secret };
}

export async function emit(h: TestSimulator, type: string, data: Record<string, unknown> = {}, key = h.keys.admin!): Promise<string> {
  const res = await h.sim.request({ method: 'POST', path: '/_sandbox/events', key, body: { type, data } });
  if (res.status !== 201) throw new Error(`emit failed: ${JSON.stringify(res.body)}`);
  return (res.body as { data: { id: string } }).data.id;
}

export async function setEnabled(h: TestSimulator, id: number, enabled: boolean, key = h.keys.admin!): Promise<void> {
  const res = await h.sim.request({ method: 'PATCH', path: `/webhooks/endpoints/${id}`, key, body: { enabled } });
  if (res.status !== 200) throw new Error(`PATCH failed: ${JSON.stringify(res.body)}`);
}

export async function getEndpoint(h: TestSimulator, id: number, key = h.keys.admin!) {
  const res = await h.sim.request({ path: `/webhooks/endpoints/${id}`, key });
  return (res.body as { data: { stats: { delivered: number; failed: number; last_delivered_at: string | null } } }).data;
}
