/**
 * The machine-readable description (sections 1, 6 and 9): `/openapi.json` is served without a key,
 * is OpenAPI 3.1, and lists every event name under the `x-webhook-events` vendor extension.
 */
import type { CheckDefinition } from '../../runner/check.js';
/** The event names section 6 states. */
export declare const STATED_EVENTS: readonly ["message.received", "lead.captured", "contact.updated", "contact.field_changed", "conversation.resolved", "conversation.assigned", "appointment.booked", "appointment.cancelled", "appointment.rescheduled", "flow.published", "flow.activated", "flow.paused", "comment.handled", "post.scheduled", "post.published", "post.failed"];
export declare const openapiChecks: CheckDefinition[];
