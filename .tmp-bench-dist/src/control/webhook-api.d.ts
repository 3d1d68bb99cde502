/**
 * `sim.sandbox.webhooks`: the webhook control plane as functions, for in-process tests. `idle()`
 * is the one a test needs most: it resolves once no delivery attempt is in flight, so a test can
 * emit, `await idle()`, advance the clock, `await idle()` again, and then look.
 */
import type { App } from '../resources/app.js';
import type { DeliveryView } from '../resources/webhooks/deliveries.js';
export declare function webhookSandboxApi(app: App): {
    /** Resolves when every attempt in flight (queued deliveries and tests) has finished. */
    idle: () => Promise<void>;
    /** One endpoint's deliveries, oldest first. */
    deliveries(accountId: number, endpointId: number): DeliveryView[];
    /** Queues a finished delivery again; throws `ApiError` (404, 409) like the route. */
    redeliver(accountId: number, deliveryId: number): DeliveryView;
};
