/**
 * Sandbox powers for webhooks, mounted at `/_sandbox`: the delivery log of an endpoint (every
 * attempt with status, latency and error), redelivery of a finished delivery, and emitting any
 * catalogued event for the caller's account so a receiver can be exercised before the group that
 * normally emits it is in play.
 */
import { z } from 'zod';
import { notFound } from '../core/errors.js';
import { presentEvent } from '../core/events.js';
import { pageNewestFirst } from '../core/pagination.js';
import { created, listResult, ok } from '../core/route.js';
import { defineRoute } from '../resources/app.js';
import { EVENT_NAMES } from '../resources/events.js';
import { IdParams, Timestamp } from '../resources/shared/schemas.js';
import { PublicEventSchema } from './schemas.js';
const tag = 'Sandbox control';
const base = { tag, section: 'sandbox', scope: 'admin', scopeSource: 'assumption' };
const Attempt = z.object({
    number: z.number().int(),
    attempted_at: Timestamp,
    status_code: z.number().int().nullable(),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    response_body: z.string().nullable(),
    signatures: z.number().int(),
});
export const DeliverySchema = z.object({
    id: z.number().int(),
    endpoint_id: z.number().int(),
    event_id: z.string().nullable(),
    webhook_id: z.string(),
    event_type: z.string(),
    kind: z.enum(['event', 'redelivery', 'test']),
    redelivery_of: z.number().int().nullable(),
    state: z.enum(['pending', 'delivered', 'failed']),
    in_flight: z.boolean(),
    created_at: Timestamp,
    next_attempt_at: Timestamp.nullable(),
    finished_at: Timestamp.nullable(),
    attempts: z.array(Attempt),
});
const DeliveryQuery = z.object({
    state: z.enum(['pending', 'delivered', 'failed']).optional(),
});
export const EmitEventBody = z.strictObject({
    type: z.enum(EVENT_NAMES, { error: 'unknown event name (see x-webhook-events)' }),
    data: z.record(z.string(), z.unknown()).optional(),
});
export const webhookControlRoutes = [
    defineRoute({
        ...base,
        operationId: 'sandboxListWebhookDeliveries',
        method: 'GET',
        path: '/webhooks/endpoints/{id}/deliveries',
        summary: "An endpoint's delivery log, newest first: state, attempts with status, latency and error",
        scope: 'read',
        params: IdParams,
        query: DeliveryQuery,
        list: { defaultLimit: 25 },
        success: { statuses: [200], schema: DeliverySchema, envelope: 'list' },
        handler: ({ app, caller, params, query, page }) => {
            const { endpoints, log, dispatcher } = app.models.webhooks;
            const endpoint = endpoints.getOwned(caller.accountId, params.id);
            const inFlight = dispatcher.isInFlight(endpoint.id);
            const head = log.head(endpoint.id);
            return listResult(pageNewestFirst(log.ofEndpoint(endpoint.id), (id) => log.deliveries.get(id), page, (delivery) => query.state === undefined || delivery.state === query.state, (delivery) => log.present(delivery, inFlight && head?.id === delivery.id)));
        },
    }),
    defineRoute({
        ...base,
        operationId: 'sandboxGetWebhookDelivery',
        method: 'GET',
        path: '/webhooks/deliveries/{id}',
        summary: 'One delivery with all its attempts',
        scope: 'read',
        params: IdParams,
        success: { statuses: [200], schema: DeliverySchema, envelope: 'data' },
        handler: ({ app, caller, params }) => {
            const { log, dispatcher } = app.models.webhooks;
            const delivery = log.deliveries.getOwned(caller.accountId, params.id);
            if (!delivery)
                throw notFound('Delivery');
            const inFlight = dispatcher.isInFlight(delivery.endpoint_id) && log.head(delivery.endpoint_id)?.id === delivery.id;
            return ok(log.present(delivery, inFlight));
        },
    }),
    defineRoute({
        ...base,
        operationId: 'sandboxRedeliverWebhook',
        method: 'POST',
        path: '/webhooks/deliveries/{id}/redeliver',
        summary: 'Queue a finished delivery again (same webhook-id) at the end of its endpoint queue',
        params: IdParams,
        body: z.strictObject({}),
        success: { statuses: [201], schema: DeliverySchema, envelope: 'data' },
        errors: ['conflict'],
        handler: ({ app, caller, params }) => {
            const { log, dispatcher } = app.models.webhooks;
            return created(log.present(dispatcher.redeliver(caller.accountId, params.id), false));
        },
    }),
    defineRoute({
        ...base,
        operationId: 'sandboxEmitEvent',
        method: 'POST',
        path: '/events',
        summary: "Append a catalogued event to the caller's journal; webhooks deliver it like any other",
        body: EmitEventBody,
        bodyRequired: true,
        success: { statuses: [201], schema: PublicEventSchema, envelope: 'data' },
        handler: ({ app, caller, body }) => created(presentEvent(app.events.emit(caller.accountId, body.type, body.data ?? {}))),
    }),
];
//# sourceMappingURL=webhook-routes.js.map