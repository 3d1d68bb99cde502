/** Webhook endpoint shapes (2.27) and request bodies (4.1). No logic here; bounds live in limits.ts. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { NullableTimestamp, Timestamp } from '../shared/schemas.js';
import {
  DESTINATION_OWNER_MAX,
  ENDPOINT_NAME_MAX,
  MAX_ATTEMPTS_BOUNDS,
  PURPOSE_MAX,
  PURPOSE_MIN,
  TIMEOUT_MS_BOUNDS,
  URL_MAX,
} from './limits.js';

export const PAYLOAD_PROFILES = ['full', 'minimal'] as const;
export const PayloadProfile = z
  .enum(PAYLOAD_PROFILES)
  .describe('`full` carries message text; `minimal` leaves every text field out.');

/** Checked against the event catalogue by the model: the catalogue is the registry's, not this file's. */
const EventName = z.string().min(1).max(100).describe('An event name; GET /openapi.json lists them under x-webhook-events.');

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

export const WebhookEndpoint = named(
  'WebhookEndpoint',
  z.object({
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
  }),
);

/**
 * An endpoint as GET /account lists it (2.29): 2.27's fields, with `events` named `event_filters`
 * and `envelope_style` added (2.27 names those two differences only). Never the signing secret.
 */
export const WebhookEndpointSummary = WebhookEndpoint.omit({ events: true }).extend({
  event_filters: z.array(z.string()).describe('Event-name filter; empty means every event (`events` on the endpoint).'),
  envelope_style: z.string().describe('How deliveries are wrapped and signed: `standard_webhooks`.'),
});
export type WebhookEndpointSummaryData = z.infer<typeof WebhookEndpointSummary>;

export const WebhookEndpointWithSecret = named(
  'WebhookEndpointWithSecret',
  WebhookEndpoint.extend({
    signing_secret: z
      .string()
      .describe('`whsec_` + base64 key (Standard Webhooks). Returned only on create and rotate; store it now.'),
  }),
);

export const DeletedWebhookEndpoint = named(
  'DeletedWebhookEndpoint',
  z.object({ id: z.number().int(), deleted: z.literal(true) }),
);

export const WebhookTestResult = named(
  'WebhookTestResult',
  z.object({
    delivered: z.boolean().describe('True when the target answered 2xx.'),
    endpoint_id: z.number().int(),
    event_id: z.string().describe('The webhook-id of the sample event.'),
    event_type: z.string(),
    status_code: z.number().int().nullable().describe('The HTTP status the target answered; null when none.'),
    latency_ms: z.number().int(),
    error: z.string().nullable().describe('Why the delivery failed (timeout, connection error, non-2xx).'),
    attempted_at: Timestamp,
  }),
);

const Name = z.string().trim().min(1).max(ENDPOINT_NAME_MAX);
const Url = z.string().trim().min(1).max(URL_MAX);
const Events = z.array(EventName).max(100);
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

export type WebhookEndpointData = z.infer<typeof WebhookEndpoint>;
export type WebhookTestResultData = z.infer<typeof WebhookTestResult>;
export type PayloadProfileName = z.infer<typeof PayloadProfile>;
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointBody>;
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointBody>;
export const UPDATABLE_ENDPOINT_FIELDS = Object.keys(UpdateWebhookEndpointBody.shape);

/** Sandbox shapes: the delivery log (`/_sandbox/webhooks/...`). */
export const DeliveryAttempt = z.object({
  number: z.number().int(),
  attempted_at: Timestamp,
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
  response_body: z
    .string()
    .nullable()
    .describe("The first 256 characters of the receiver's answer; shown to admin keys and the operator only (null for other keys)."),
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
  attempts: z.array(DeliveryAttempt),
});

export const DeliveryQuery = z.object({
  state: z.enum(['pending', 'delivered', 'failed']).optional(),
});
