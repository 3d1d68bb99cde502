/**
 * An event a group emits: its name, when it fires, and its payload schema. Each group declares
 * its own in its `events.ts`; the registry's groups together make the catalogue that
 * `x-webhook-events`, the OpenAPI `webhooks` and `POST /_sandbox/events` are built from.
 */
import { z } from 'zod';
import type { RuleSource } from '../core/route.js';
import { Timestamp } from '../resources/shared/schemas.js';

export interface EventDefinition {
  readonly name: string;
  readonly description: string;
  /** `spec` when section 6 names the event and its trigger; `assumption` when we chose when it fires. */
  readonly source: RuleSource;
  readonly payload: z.ZodType;
  /** The delivered body: `{id, type, created_at, account_id, data}`. */
  readonly envelope: z.ZodType;
  /**
   * Fields of `data` that hold message text under a generic name, beyond the common ones
   * (webhooks/profile.ts): the `minimal` payload profile leaves them out too.
   */
  readonly textFields: readonly string[];
}

export function defineEvent(
  name: string,
  description: string,
  source: RuleSource,
  payload: z.ZodType,
  options: { readonly textFields?: readonly string[] } = {},
): EventDefinition {
  return {
    name,
    description,
    source,
    payload,
    textFields: options.textFields ?? [],
    envelope: z.object({
      id: z.string().describe('Stable across retries; also the webhook-id header.'),
      type: z.literal(name),
      created_at: Timestamp,
      account_id: z.number().int(),
      data: payload,
    }),
  };
}
