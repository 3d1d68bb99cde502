/**
 * The delivery log: one record per (event, endpoint) delivery, with every attempt. It lives in the
 * store, so snapshots keep queued deliveries and a reset drops them with the endpoints. Pending
 * deliveries are indexed per endpoint in id order: the head of that index is the endpoint's next
 * delivery (per-endpoint FIFO, see dispatcher.ts).
 */
import { eventPublicId } from '../../core/events.js';
import type { Entity } from '../../store/collection.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { Store } from '../../store/store.js';
import type { VirtualClock } from '../../core/clock.js';
import { z } from 'zod';
import { EpochMs, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { LOG_KEEP_PER_ENDPOINT } from './limits.js';

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

const endpointKey = (id: number): string => String(id);

export function createDeliveryLog(store: Store, clock: VirtualClock) {
  const deliveries = store.define<DeliveryRecord>(
    'webhook_deliveries',
    {
      pending: { key: (d) => (d.state === 'pending' ? endpointKey(d.endpoint_id) : null) },
      endpoint: { key: (d) => endpointKey(d.endpoint_id) },
      // The event journal keeps an event while a delivery refers to it (core/events.ts retainWhile).
      event: { key: (d) => (d.event_id === null ? null : String(d.event_id)) },
    },
    {
      schema: storedRecord({
        endpoint_id: z.number().int().positive(),
        event_id: z.number().int().positive().nullable(),
        webhook_id: z.string().min(1).max(128),
        event_type: z.string().min(1).max(100),
        kind: z.enum(['event', 'redelivery', 'test']),
        redelivery_of: z.number().int().positive().nullable(),
        state: z.enum(['pending', 'delivered', 'failed']),
        created_at: Timestamp,
        next_attempt_ms: EpochMs.nullable(),
        finished_at: NullableTimestamp,
        attempts: z.array(
          z.strictObject({
            number: z.number().int().positive(),
            attempted_at: Timestamp,
            status_code: z.number().int().nullable(),
            latency_ms: z.number().int().min(0),
            error: z.string().nullable(),
            response_body: z.string().nullable(),
            signatures: z.number().int().min(0),
          }),
        ),
      }),
      sequence: 'webhook_delivery',
      refs: { endpoint_id: 'webhook_endpoints', event_id: 'events' },
    },
  );

  /** Keeps the log bounded: drops the oldest finished deliveries of a busy endpoint. */
  function prune(endpointId: number): void {
    const ids = deliveries.idsByIndex('endpoint', endpointKey(endpointId));
    let excess = ids.length - LOG_KEEP_PER_ENDPOINT;
    if (excess <= 0) return;
    for (const id of [...ids]) {
      if (excess <= 0) break;
      if (deliveries.get(id)?.state !== 'pending') {
        deliveries.remove(id);
        excess--;
      }
    }
  }

  return {
    deliveries,

    /** True while a delivery (queued, retrying, or logged for redelivery) refers to the event. */
    refersTo(eventId: number): boolean {
      return deliveries.idsByIndex('event', String(eventId)).length > 0;
    },

    /** The endpoint's next delivery in queue order, if any. */
    head(endpointId: number): DeliveryRecord | undefined {
      const id = deliveries.idsByIndex('pending', endpointKey(endpointId)).first();
      return id === undefined ? undefined : deliveries.get(id);
    },

    /** Endpoints with anything queued (resume after a restore). */
    endpointsWithPending(): number[] {
      const ids = new Set<number>();
      for (const delivery of deliveries.values()) if (delivery.state === 'pending') ids.add(delivery.endpoint_id);
      return [...ids];
    },

    enqueue(fields: {
      accountId: number;
      endpointId: number;
      eventId: number | null;
      webhookId: string;
      eventType: string;
      kind: DeliveryKind;
      redeliveryOf?: number;
    }): DeliveryRecord {
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
    recordAttempt(
      id: number,
      attempt: AttemptRecord,
      next: { state: 'delivered' | 'failed' } | { state: 'pending'; at: number },
    ): DeliveryRecord {
      const record = deliveries.get(id)!;
      return deliveries.update(id, {
        attempts: [...record.attempts, attempt],
        state: next.state,
        next_attempt_ms: next.state === 'pending' ? next.at : null,
        finished_at: next.state === 'pending' ? null : attempt.attempted_at,
      });
    },

    /**
     * Ends a pending delivery as `failed` without another attempt: it has already used every
     * attempt its endpoint now allows (`max_attempts` lowered while it was retrying).
     */
    giveUp(id: number): DeliveryRecord {
      return deliveries.update(id, { state: 'failed', next_attempt_ms: null, finished_at: clock.iso() });
    },

    /** A one-shot delivery outside the queue (POST .../test), logged once it is over. */
    recordFinished(fields: {
      accountId: number;
      endpointId: number;
      webhookId: string;
      eventType: string;
      attempt: AttemptRecord;
      delivered: boolean;
    }): DeliveryRecord {
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

    removeEndpoint(endpointId: number): void {
      for (const id of [...deliveries.idsByIndex('endpoint', endpointKey(endpointId))]) deliveries.remove(id);
    },

    ofEndpoint(endpointId: number): SortedIdView {
      return deliveries.idsByIndex('endpoint', endpointKey(endpointId));
    },

    present(record: DeliveryRecord, inFlight: boolean): DeliveryView {
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

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
