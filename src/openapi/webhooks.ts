/**
 * The headers every webhook delivery carries (section 6, Standard Webhooks; sent by
 * resources/webhooks/sender.ts), documented as the parameters of each `webhooks` operation so a
 * receiver's generated code and docs show what to verify. A delivery is signed, not
 * authenticated with a key: each webhook operation declares `security: []`.
 */
import type { ParameterObject } from 'openapi3-ts/oas31';

/** The tag of the `webhooks` operations (the API's own routes for endpoints are "Webhook endpoints"). */
export const WEBHOOKS_TAG = 'Webhook events';

export const WEBHOOK_PARAMETERS: ParameterObject[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id (the body’s `id`); the same on every retry of one event, so receivers deduplicate on it.',
    schema: { type: 'string', minLength: 1 },
    example: 'evt_000001',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was sent (wall-clock time). Reject deliveries far from your own clock (5 minutes is usual).',
    schema: { type: 'string', pattern: '^\\d{1,12}$' },
    example: '1767225600',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `${webhook-id}.${webhook-timestamp}.${body}`, one per active ' +
      'signing secret (two during a secret rotation). Accept the delivery when any one verifies.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];
