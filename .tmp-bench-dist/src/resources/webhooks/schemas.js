/** Webhook endpoint shapes (2.27) and request bodies (4.1). No logic here; bounds live in limits.ts. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { EVENT_NAMES } from '../events.js';
import { NullableTimestamp, Timestamp } from '../shared/schemas.js';
import { DESTINATION_OWNER_MAX, ENDPOINT_NAME_MAX, MAX_ATTEMPTS_BOUNDS, PURPOSE_MAX, PURPOSE_MIN, TIMEOUT_MS_BOUNDS, URL_MAX, } from './limits.js';
export const PAYLOAD_PROFILES = ['full', 'minimal'];
export const PayloadProfile = z
    .enum(PAYLOAD_PROFILES)
    .describe('`full` carries message text; `minimal` leaves every text field out.');
const EventName = z.enum(EVENT_NAMES, {
    error: 'unknown event name (GET /openapi.json lists them under x-webhook-events)',
});
export const Governance = z.object({
    attested: z.boolean().describe('The owner attested that the destination may receive this data.'),
    complete: z.boolean().describe('True when attested with a purpose; required before `enabled: true`.'),
    purpose: z.string().nullable(),
    destination_owner: z.string().nullable(),
    payload_profile: PayloadProfile,
});
export const WebhookStats = z.object({
    delivered: z.number().int().describe('Events delivered (a 2xx answer).'),
    failed: z.number().int().describe('Events that used every attempt without a 2xx.'),
    last_delivered_at: NullableTimestamp,
});
export const WebhookEndpoint = named('WebhookEndpoint', z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    enabled: z.boolean(),
    events: z.array(z.string()).describe('Event-name filter; empty means every event.'),
    governance: Governance,
    timeout_ms: z.number().int(),
    max_attempts: z.number().int(),
    secret_rotated_at: NullableTimestamp,
    stats: WebhookStats,
    created_at: Timestamp,
    updated_at: Timestamp,
}));
export const WebhookEndpointWithSecret = named('WebhookEndpointWithSecret', WebhookEndpoint.extend({
    signing_secret: z
        .string()
        .describe('`whsec_` + base64 key (Standard Webhooks). Returned only on create and rotate; store it now.'),
}));
export const DeletedWebhookEndpoint = named('DeletedWebhookEndpoint', z.object({ id: z.number().int(), deleted: z.literal(true) }));
export const WebhookTestResult = named('WebhookTestResult', z.object({
    delivered: z.boolean().describe('True when the target answered 2xx.'),
    endpoint_id: z.number().int(),
    event_id: z.string().describe('The webhook-id of the sample event.'),
    event_type: z.string(),
    status_code: z.number().int().nullable().describe('The HTTP status the target answered; null when none.'),
    latency_ms: z.number().int(),
    error: z.string().nullable().describe('Why the delivery failed (timeout, connection error, non-2xx).'),
    attempted_at: Timestamp,
}));
const Name = z.string().trim().min(1).max(ENDPOINT_NAME_MAX);
const Url = z.string().trim().min(1).max(URL_MAX);
const Events = z.array(EventName).max(EVENT_NAMES.length * 2);
const Purpose = z.string().trim().min(PURPOSE_MIN).max(PURPOSE_MAX);
const DestinationOwner = z.string().trim().min(1).max(DESTINATION_OWNER_MAX);
const TimeoutMs = z.number().int().min(TIMEOUT_MS_BOUNDS.min).max(TIMEOUT_MS_BOUNDS.max);
const MaxAttempts = z.number().int().min(MAX_ATTEMPTS_BOUNDS.min).max(MAX_ATTEMPTS_BOUNDS.max);
export const CreateGovernanceBody = z.strictObject({
    attested: z.boolean().optional(),
    purpose: Purpose.optional(),
    destination_owner: DestinationOwner.optional(),
    payload_profile: PayloadProfile.optional(),
});
/** PATCH governance is partial; `null` clears `purpose` or `destination_owner`. */
export const UpdateGovernanceBody = z.strictObject({
    attested: z.boolean().optional(),
    purpose: Purpose.nullable().optional(),
    destination_owner: DestinationOwner.nullable().optional(),
    payload_profile: PayloadProfile.optional(),
});
export const CreateWebhookEndpointBody = z.strictObject({
    name: Name,
    url: Url.describe('https on a public host (the sandbox may allow http to loopback; see docs/webhooks.md).'),
    events: Events.optional().describe('Event names to deliver; empty or omitted means all.'),
    governance: CreateGovernanceBody.optional(),
    timeout_ms: TimeoutMs.optional().describe(`Default 10000; ${TIMEOUT_MS_BOUNDS.min} to ${TIMEOUT_MS_BOUNDS.max}.`),
    max_attempts: MaxAttempts.optional().describe(`Default 6; ${MAX_ATTEMPTS_BOUNDS.min} to ${MAX_ATTEMPTS_BOUNDS.max}.`),
});
export const UpdateWebhookEndpointBody = z.strictObject({
    name: Name.optional(),
    url: Url.optional(),
    events: Events.optional(),
    governance: UpdateGovernanceBody.optional(),
    enabled: z.boolean().optional(),
    timeout_ms: TimeoutMs.optional(),
    max_attempts: MaxAttempts.optional(),
});
export const TestWebhookBody = z.strictObject({
    channel: z
        .string()
        .regex(/^[a-z][a-z0-9_]{0,31}$/, 'a lower-case channel name such as meta, sms or whatsapp')
        .optional()
        .describe('The channel the sample event claims to come from. Default `meta`.'),
});
//# sourceMappingURL=schemas.js.map