/**
 * `sim.sandbox.webhooks`: the webhook control plane as functions, for in-process tests. `idle()`
 * is the one a test needs most: it resolves once no delivery attempt is in flight, so a test can
 * emit, `await idle()`, advance the clock, `await idle()` again, and then look.
 */
import type { App } from '../resources/app.js';
import type { DeliveryView } from '../resources/webhooks/deliveries.js';

export function webhookSandboxApi(app: App) {
  const webhooks = () => app.models.webhooks;
  return {
    /** Resolves when every attempt in flight (queued deliveries and tests) has finished. */
    idle: (): Promise<void> => webhooks().dispatcher.idle(),
    /** One endpoint's deliveries, oldest first. */
    deliveries(accountId: number, endpointId: number): DeliveryView[] {
      const { endpoints, log, dispatcher } = webhooks();
      const endpoint = endpoints.getOwned(accountId, endpointId);
      const head = log.head(endpoint.id);
      return log
        .ofEndpoint(endpoint.id)
        .map((id) => log.deliveries.get(id))
        .filter((d) => d !== undefined)
        .map((d) => log.present(d, dispatcher.isInFlight(endpoint.id) && head?.id === d.id));
    },
    /** Queues a finished delivery again; throws `ApiError` (404, 409) like the route. */
    redeliver(accountId: number, deliveryId: number): DeliveryView {
      const { log, dispatcher } = webhooks();
      const record = app.store.transaction(() => dispatcher.redeliver(accountId, deliveryId));
      return log.present(record, false);
    },
  };
}

