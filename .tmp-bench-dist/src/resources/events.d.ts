/**
 * The event catalogue: every event name the simulator emits, with its payload schema. Section 6
 * names these; groups refine the payload schemas as they land. `x-webhook-events` and the OpenAPI
 * `webhooks` are built from this list.
 */
import { z } from 'zod';
import type { RuleSource } from '../core/route.js';
export interface EventDefinition {
    readonly name: string;
    readonly description: string;
    /** `spec` when section 6 names the event and its trigger; `assumption` when we chose when it fires. */
    readonly source: RuleSource;
    readonly payload: z.ZodType;
    /** The delivered body: `{id, type, created_at, account_id, data}`. */
    readonly envelope: z.ZodType;
}
export declare const eventCatalogue: readonly EventDefinition[];
export declare const EVENT_NAMES: readonly string[];
