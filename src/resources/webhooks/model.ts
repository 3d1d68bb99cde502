/**
 * The webhooks group's model: endpoint rules (endpoints.ts), the delivery log (deliveries.ts)
 * and the dispatcher that moves it (dispatcher.ts), plus the log's views for the sandbox.
 */
import { notFound } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { WebhookEndpointSummaryData } from './schemas.js';
import { createDeliveryLog, type DeliveryState, type DeliveryView } from './deliveries.js';
import { createDispatcher } from './dispatcher.js';
import { createWebhookEndpointModel, ENVELOPE_STYLE, type WebhookEndpointRecord } from './endpoints.js';

export function createWebhooksModel(core: CoreServices) {
  const log = createDeliveryLog(core.store, core.clock);
  // A delivery's event must outlive the journal's bounds: it is sent (and redelivered) from there.
  core.events.retainWhile((event) => log.refersTo(event.id));
  const endpoints = createWebhookEndpointModel(core, (endpointId) => dispatcher.kick(endpointId));
  const dispatcher = createDispatcher(core, () => endpoints, log);

  /** A delivery as the log shows it; the head of a queue is in flight while its attempt runs. */
  function view(deliveryId: number): DeliveryView | undefined {
    const delivery = log.deliveries.get(deliveryId);
    if (!delivery) return undefined;
    const inFlight = dispatcher.isInFlight(delivery.endpoint_id) && log.head(delivery.endpoint_id)?.id === delivery.id;
    return log.present(delivery, inFlight);
  }

  return {
    endpoints,
    dispatcher,

    /** The account summary's view of the endpoints (2.29). */
    summaries(accountId: number): WebhookEndpointSummaryData[] {
      return endpoints.list(accountId).map((record) => {
        const { events, ...rest } = endpoints.present(record);
        return { ...rest, event_filters: events, envelope_style: ENVELOPE_STYLE };
      });
    },

    /** Deletes the endpoint and its delivery log; queued deliveries are dropped with it. */
    removeEndpoint(accountId: number, id: number): WebhookEndpointRecord {
      const record = endpoints.remove(accountId, id);
      log.removeEndpoint(record.id);
      return record;
    },

    /** One endpoint's deliveries, oldest first, optionally in one state. */
    deliveries(accountId: number, endpointId: number, state?: DeliveryState): DeliveryView[] {
      const endpoint = endpoints.getOwned(accountId, endpointId);
      const out: DeliveryView[] = [];
      for (const id of log.ofEndpoint(endpoint.id)) {
        const delivery = view(id);
        if (delivery && (state === undefined || delivery.state === state)) out.push(delivery);
      }
      return out;
    },

    /** One delivery with all its attempts; another account's answers 404. */
    delivery(accountId: number, deliveryId: number): DeliveryView {
      const delivery = log.deliveries.getOwned(accountId, deliveryId);
      if (!delivery) throw notFound('Delivery');
      return view(delivery.id)!;
    },

    /** Queues a finished delivery again (same webhook-id) at the end of its endpoint's queue. */
    redeliver(accountId: number, deliveryId: number): DeliveryView {
      return log.present(dispatcher.redeliver(accountId, deliveryId), false);
    },
  };
}

export type WebhooksModel = ReturnType<typeof createWebhooksModel>;
