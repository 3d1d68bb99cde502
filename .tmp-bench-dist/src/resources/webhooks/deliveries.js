/**
 * The delivery log: one record per (event, endpoint) delivery, with every attempt. It lives in the
 * store, so snapshots keep queued deliveries and a reset drops them with the endpoints. Pending
 * deliveries are indexed per endpoint in id order: the head of that index is the endpoint's next
 * delivery (per-endpoint FIFO, see dispatcher.ts).
 */
import { eventPublicId } from '../../core/events.js';
import { LOG_KEEP_PER_ENDPOINT } from './limits.js';
const endpointKey = (id) => String(id);
export function createDeliveryLog(store, clock) {
    const deliveries = store.define('webhook_deliveries', {
        pending: { key: (d) => (d.state === 'pending' ? endpointKey(d.endpoint_id) : null) },
        endpoint: { key: (d) => endpointKey(d.endpoint_id) },
    });
    /** Keeps the log bounded: drops the oldest finished deliveries of a busy endpoint. */
    function prune(endpointId) {
        const ids = deliveries.idsByIndex('endpoint', endpointKey(endpointId));
        let excess = ids.length - LOG_KEEP_PER_ENDPOINT;
        if (excess <= 0)
            return;
        for (const id of [...ids]) {
            if (excess <= 0)
                break;
            if (deliveries.get(id)?.state !== 'pending') {
                deliveries.remove(id);
                excess--;
            }
        }
    }
    return {
        deliveries,
        /** The endpoint's next delivery in queue order, if any. */
        head(endpointId) {
            const id = deliveries.idsByIndex('pending', endpointKey(endpointId))[0];
            return id === undefined ? undefined : deliveries.get(id);
        },
        /** Endpoints with anything queued (resume after a restore). */
        endpointsWithPending() {
            const ids = new Set();
            for (const delivery of deliveries.values())
                if (delivery.state === 'pending')
                    ids.add(delivery.endpoint_id);
            return [...ids];
        },
        enqueue(fields) {
            const now = clock.now();
            const record = deliveries.insert({
                id: store.nextId('webhook_delivery'),
                account_id: fields.accountId,
                endpoint_id: fields.endpointId,
                event_id: fields.eventId,
                webhook_id: fields.webhookId,
                event_type: fields.eventType,
                kind: fields.kind,
                redelivery_of: fields.redeliveryOf ?? null,
                state: 'pending',
                created_at: clock.iso(now),
                next_attempt_ms: now,
                finished_at: null,
                attempts: [],
            });
            prune(fields.endpointId);
            return record;
        },
        /** Appends an attempt; `next` says what follows (deliver, retry at a time, or give up). */
        recordAttempt(id, attempt, next) {
            const record = deliveries.get(id);
            return deliveries.update(id, {
                attempts: [...record.attempts, attempt],
                state: next.state,
                next_attempt_ms: next.state === 'pending' ? next.at : null,
                finished_at: next.state === 'pending' ? null : attempt.attempted_at,
            });
        },
        /** A one-shot delivery outside the queue (POST .../test), logged once it is over. */
        recordFinished(fields) {
            const record = deliveries.insert({
                id: store.nextId('webhook_delivery'),
                account_id: fields.accountId,
                endpoint_id: fields.endpointId,
                event_id: null,
                webhook_id: fields.webhookId,
                event_type: fields.eventType,
                kind: 'test',
                redelivery_of: null,
                state: fields.delivered ? 'delivered' : 'failed',
                created_at: fields.attempt.attempted_at,
                next_attempt_ms: null,
                finished_at: fields.attempt.attempted_at,
                attempts: [fields.attempt],
            });
            prune(fields.endpointId);
            return record;
        },
        removeEndpoint(endpointId) {
            for (const id of [...deliveries.idsByIndex('endpoint', endpointKey(endpointId))])
                deliveries.remove(id);
        },
        ofEndpoint(endpointId) {
            return deliveries.idsByIndex('endpoint', endpointKey(endpointId));
        },
        present(record, inFlight) {
            return {
                id: record.id,
                endpoint_id: record.endpoint_id,
                event_id: record.event_id === null ? null : eventPublicId(record.event_id),
                webhook_id: record.webhook_id,
                event_type: record.event_type,
                kind: record.kind,
                redelivery_of: record.redelivery_of,
                state: record.state,
                in_flight: inFlight,
                created_at: record.created_at,
                next_attempt_at: record.next_attempt_ms === null ? null : clock.iso(record.next_attempt_ms),
                finished_at: record.finished_at,
                attempts: [...record.attempts],
            };
        },
    };
}
//# sourceMappingURL=deliveries.js.map