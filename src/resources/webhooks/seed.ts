/**
 * The `webhook_endpoints` section of a seed account (docs/fixtures.md, docs/seed-pull.md): the
 * account's endpoints with their filters, governance, state and counters. The API never shows a
 * signing secret after create and rotate, so a pulled endpoint carries none and loads with
 * PLACEHOLDER_SECRET, which says what it is in its own text; a user sets a real one by editing
 * `signing_secret` in the seed file, or rotates (POST /webhooks/endpoints/{id}/rotate-secret).
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { NullableTimestamp, Timestamp } from '../shared/schemas.js';
import { DESTINATION_OWNER_MAX, PURPOSE_MAX, PURPOSE_MIN } from './limits.js';
import type { WebhooksModel } from './model.js';
import { CreateWebhookEndpointBody, PayloadProfile } from './schemas.js';

/** `whsec_` + valid base64 (42 key bytes) that reads as what it is: not the account's secret. */
export const PLACEHOLDER_SECRET = 'whsec_PLACEHOLDER+pulled+seed+secret+rotate+or+set+in+the+seed';

const create = CreateWebhookEndpointBody.shape;

export const SeedWebhookEndpoint = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  name: create.name,
  url: create.url,
  enabled: z.boolean().default(false),
  events: create.events.unwrap().default([]),
  governance: z
    .strictObject({
      attested: z.boolean().default(false),
      purpose: z.string().trim().min(PURPOSE_MIN).max(PURPOSE_MAX).nullable().default(null),
      destination_owner: z.string().trim().min(1).max(DESTINATION_OWNER_MAX).nullable().default(null),
      payload_profile: PayloadProfile.default('full'),
    })
    .prefault({}),
  timeout_ms: create.timeout_ms,
  max_attempts: create.max_attempts,
  signing_secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'a whsec_ secret: whsec_ and base64')
    .refine((secret) => (secret.length - 'whsec_'.length) % 4 === 0, 'base64 of a whole number of bytes')
    .default(PLACEHOLDER_SECRET)
    .describe('The Standard Webhooks secret; default a marked placeholder (a pull cannot read secrets).'),
  secret_rotated_at: NullableTimestamp.default(null),
  stats: z
    .strictObject({ delivered: z.number().int().min(0).default(0), failed: z.number().int().min(0).default(0), last_delivered_at: NullableTimestamp.default(null) })
    .prefault({}),
  created_at: Timestamp.optional().describe('Keep this creation time (a pulled seed); default the load time.'),
  updated_at: Timestamp.optional(),
});

export const webhookSeed = seedFor<WebhooksModel>()({
  fields: { webhook_endpoints: z.array(SeedWebhookEndpoint).optional() },
  ids: { webhook_endpoints: 'webhook_endpoint' },
  apply: ({ model, accountId, each }, { webhook_endpoints }) => {
    each('webhook_endpoints', webhook_endpoints, ({ signing_secret, id: _id, ...endpoint }) => {
      model.endpoints.seed(accountId, { ...endpoint, secret: signing_secret });
    });
  },
});
