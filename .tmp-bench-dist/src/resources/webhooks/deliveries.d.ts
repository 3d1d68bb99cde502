import type { Entity } from '../../store/collection.js';
import type { Store } from '../../store/store.js';
import type { VirtualClock } from '../../core/clock.js';
export type DeliveryState = 'pending' | 'delivered' | 'failed';
export type DeliveryKind = 'event' | 'redelivery' | 'test';
export interface AttemptRecord {
    readonly number: number;
    /** Virtual time of the attempt. */
    readonly attempted_at: string;
    readonly status_code: number | null;
    /** Real milliseconds from sending to the end of the (capped) answer. */
    readonly latency_ms: number;
    readonly error: string | null;
    readonly response_body: string | null;
    /** How many signatures the webhook-signature header carried (2 during a rotation overlap). */
    readonly signatures: number;
}
export interface DeliveryRecord extends Entity {
    readonly endpoint_id: number;
    /** The journal event; null for a test delivery (its sample event is not journaled). */
    readonly event_id: number | null;
    readonly webhook_id: string;
    readonly event_type: string;
    readonly kind: DeliveryKind;
    readonly redelivery_of: number | null;
    readonly state: DeliveryState;
    readonly created_at: string;
    /** Virtual time the next attempt is due; null once finished. */
    readonly next_attempt_ms: number | null;
    readonly finished_at: string | null;
    readonly attempts: readonly AttemptRecord[];
}
export interface DeliveryView {
    id: number;
    endpoint_id: number;
    event_id: string | null;
    webhook_id: string;
    event_type: string;
    kind: DeliveryKind;
    redelivery_of: number | null;
    state: DeliveryState;
    in_flight: boolean;
    created_at: string;
    next_attempt_at: string | null;
    finished_at: string | null;
    attempts: AttemptRecord[];
}
export declare function createDeliveryLog(store: Store, clock: VirtualClock): {
    deliveries: import("../../store/collection.js").Collection<DeliveryRecord>;
    /** The endpoint's next delivery in queue order, if any. */
    head(endpointId: number): DeliveryRecord | undefined;
    /** Endpoints with anything queued (resume after a restore). */
    endpointsWithPending(): number[];
    enqueue(fields: {
        accountId: number;
        endpointId: number;
        eventId: number | null;
        webhookId: string;
        eventType: string;
        kind: DeliveryKind;
        redeliveryOf?: number;
    }): DeliveryRecord;
    /** Appends an attempt; `next` says what follows (deliver, retry at a time, or give up). */
    recordAttempt(id: number, attempt: AttemptRecord, next: {
        state: "delivered" | "failed";
    } | {
        state: "pending";
        at: number;
    }): DeliveryRecord;
    /** A one-shot delivery outside the queue (POST .../test), logged once it is over. */
    recordFinished(fields: {
        accountId: number;
        endpointId: number;
        webhookId: string;
        eventType: string;
        attempt: AttemptRecord;
        delivered: boolean;
    }): DeliveryRecord;
    removeEndpoint(endpointId: number): void;
    ofEndpoint(endpointId: number): readonly number[];
    present(record: DeliveryRecord, inFlight: boolean): DeliveryView;
};
export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
