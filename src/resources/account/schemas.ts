/** Account summary (2.29) and API key (2.28) shapes, and the API key request bodies (4.1). */
import { z } from 'zod';
import { NullableTimestamp, Plan, Scope, Timestamp } from '../shared/schemas.js';
import { WebhookEndpointSummary, type WebhookEndpointSummaryData } from '../webhooks/schemas.js';

export const AddonState = z.enum(['active', 'inactive']).describe('Whether the API add-on is active.');

export const AccountSummary = z.object({
  account: z.object({
    id: z.number().int(),
    business_name: z.string(),
    plan: Plan,
    addon: AddonState,
  }),
  api_key: z.object({ id: z.number().int(), scope: Scope }),
  webhooks: z.object({ endpoints: z.array(WebhookEndpointSummary) }),
});

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  preview: z.string().describe('A short prefix of the key, for recognising it.'),
  scope: Scope,
  is_current: z.boolean().describe('True for the key that made this request.'),
  revoked: z.boolean(),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

export const CreatedApiKey = ApiKey.extend({
  api_key: z
    .string()
    .optional()
    .describe(
      'The key itself. Returned only by this response; store it now. An Idempotency-Key replay returns it too, ' +
        'except after the sandbox restarted or was restored: the plaintext is never kept at rest, so it is absent then.',
    ),
});

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scope: Scope.default('read'),
});

export type AccountSummaryData = z.infer<typeof AccountSummary>;
export type { WebhookEndpointSummaryData };
export type ApiKeyData = z.infer<typeof ApiKey>;
