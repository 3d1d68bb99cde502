/**
 * The webhooks group assembled: endpoint rules (model.ts), the delivery log (deliveries.ts) and
 * the dispatcher that moves it (dispatcher.ts). The account summary lists endpoints through the
 * provider registered here (2.29).
 */
import type { CoreServices } from '../app.js';
import type { createAccountSummary } from '../account/summary.js';
import { type WebhookEndpointRecord } from './model.js';
export declare function createWebhooks(core: CoreServices, summary: ReturnType<typeof createAccountSummary>): {
    endpoints: {
        endpoints: import("../../store/collection.js").Collection<WebhookEndpointRecord>;
        present: (record: WebhookEndpointRecord) => import("./schemas.js").WebhookEndpointData;
        getOwned: (accountId: number, id: number) => WebhookEndpointRecord;
        signingSecrets(record: WebhookEndpointRecord): string[];
        urlAllowed(record: WebhookEndpointRecord): string | null;
        list(accountId: number): WebhookEndpointRecord[];
        create(accountId: number, input: import("./schemas.js").CreateWebhookEndpointInput): WebhookEndpointRecord;
        update(accountId: number, id: number, input: import("./schemas.js").UpdateWebhookEndpointInput): WebhookEndpointRecord;
        remove(accountId: number, id: number): WebhookEndpointRecord;
        rotateSecret(accountId: number, id: number): WebhookEndpointRecord;
        recordOutcome(id: number, delivered: boolean): void;
    };
    log: {
        deliveries: import("../../store/collection.js").Collection<import("./deliveries.js").DeliveryRecord>;
        head(endpointId: number): import("./deliveries.js").DeliveryRecord | undefined;
        endpointsWithPending(): number[];
        enqueue(fields: {
            accountId: number;
            endpointId: number;
            eventId: number | null;
            webhookId: string;
            eventType: string;
            kind: import("./deliveries.js").DeliveryKind;
            redeliveryOf?: number;
        }): import("./deliveries.js").DeliveryRecord;
        recordAttempt(id: number, attempt: import("./deliveries.js").AttemptRecord, next: {
            state: "delivered" | "failed";
        } | {
            state: "pending";
            at: number;
        }): import("./deliveries.js").DeliveryRecord;
        recordFinished(fields: {
            accountId: number;
            endpointId: number;
            webhookId: string;
            eventType: string;
            attempt: import("./deliveries.js").AttemptRecord;
            delivered: boolean;
        }): import("./deliveries.js").DeliveryRecord;
        removeEndpoint(endpointId: number): void;
        ofEndpoint(endpointId: number): readonly number[];
        present(record: import("./deliveries.js").DeliveryRecord, inFlight: boolean): import("./deliveries.js").DeliveryView;
    };
    dispatcher: {
        start(next: import("./transport.js").WebhookTransport): void;
        stop(): void;
        resume: () => void;
        kick(endpointId: number): void;
        isInFlight(endpointId: number): boolean;
        idle(): Promise<void>;
        redeliver(accountId: number, deliveryId: number): import("./deliveries.js").DeliveryRecord;
        test(accountId: number, endpointId: number, channel: string): Promise<import("./schemas.js").WebhookTestResultData>;
    };
    /** Deletes the endpoint and its delivery log; queued deliveries are dropped with it. */
    removeEndpoint(accountId: number, id: number): WebhookEndpointRecord;
};
export type Webhooks = ReturnType<typeof createWebhooks>;
