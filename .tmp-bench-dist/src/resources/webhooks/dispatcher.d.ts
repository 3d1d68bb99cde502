import type { CoreServices } from '../app.js';
import type { DeliveryLog, DeliveryRecord } from './deliveries.js';
import type { WebhookEndpointModel } from './model.js';
import type { WebhookTestResultData } from './schemas.js';
import type { WebhookTransport } from './transport.js';
export declare const TEST_EVENT_TYPE = "webhook.test";
export declare function createDispatcher(core: CoreServices, model: () => WebhookEndpointModel, log: DeliveryLog): {
    /** Subscribes to the journal with this transport and picks up whatever is queued. */
    start(next: WebhookTransport): void;
    /** Unsubscribes and cancels timers; attempts in flight finish but are not recorded. */
    stop(): void;
    /** After a reset or restore: forget in-flight work and re-arm every queue from the store. */
    resume: () => void;
    /** An endpoint changed (enabled, deleted): move or drop its queue. */
    kick(endpointId: number): void;
    isInFlight(endpointId: number): boolean;
    /** Resolves once no attempt is in flight (tests, and `sim.sandbox.webhooks.idle()`). */
    idle(): Promise<void>;
    /** Queues a finished delivery again, with the same webhook-id, at the end of its endpoint's queue. */
    redeliver(accountId: number, deliveryId: number): DeliveryRecord;
    /**
     * POST .../test: a sample event sent at once, outside the queue and even when paused; one
     * attempt, no retry, logged as a `test` delivery, not counted in stats. The synchronous part
     * (lookup, id) runs in the request's transaction; the log write after the await has its own.
     */
    test(accountId: number, endpointId: number, channel: string): Promise<WebhookTestResultData>;
};
export type Dispatcher = ReturnType<typeof createDispatcher>;
