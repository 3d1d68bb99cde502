/**
 * The webhooks group assembled: endpoint rules (model.ts), the delivery log (deliveries.ts) and
 * the dispatcher that moves it (dispatcher.ts). The account summary lists endpoints through the
 * provider registered here (2.29).
 */
import type { CoreServices } from '../app.js';
import type { createAccountSummary } from '../account/summary.js';
import { createDeliveryLog } from './deliveries.js';
import { createDispatcher } from './dispatcher.js';
import { createWebhookEndpointModel, ENVELOPE_STYLE, type WebhookEndpointRecord } from './model.js';

export function createWebhooks(core: CoreServices, summary: ReturnType<typeof createAccountSummary>) {
  const log = createDeliveryLog(core.store, core.clock);
  const endpoints = createWebhookEndpointModel(core, (endpointId) => dispatcher.kick(endpointId));
  const dispatcher = createDispatcher(core, () => endpoints, log);

  summary.provideWebhookEndpoints((accountId) =>
    endpoints.list(accountId).map((endpoint) => ({
      id: endpoint.id,
      name: endpoint.name,
      url: endpoint.url,
      enabled: endpoint.enabled,
      event_filters: [...endpoint.events],
      envelope_style: ENVELOPE_STYLE,
    })),
  );

  return {
    endpoints,
    log,
    dispatcher,

    /** Deletes the endpoint and its delivery log; queued deliveries are dropped with it. */
    removeEndpoint(accountId: number, id: number): WebhookEndpointRecord {
      const record = endpoints.remove(accountId, id);
      log.removeEndpoint(record.id);
      return record;
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
