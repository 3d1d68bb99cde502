/**
 * The event catalogue: every event name the simulator emits, with its payload schema. Section 6
 * names these; groups refine the payload schemas as they land. `x-webhook-events` and the OpenAPI
 * `webhooks` are built from this list.
 */
import { z } from 'zod';
import { Timestamp } from './shared/schemas.js';
import { ContactFieldChangedPayload, ContactUpdatedPayload, LeadCapturedPayload } from './contacts/events.js';
import { ConversationAssignedPayload, ConversationResolvedPayload, MessageReceivedPayload } from './conversations/events.js';
const AnyPayload = z.record(z.string(), z.unknown());
function defineEvent(name, description, source, payload = AnyPayload) {
    return {
        name,
        description,
        source,
        payload,
        envelope: z.object({
            id: z.string().describe('Stable across retries; also the webhook-id header.'),
            type: z.literal(name),
            created_at: Timestamp,
            account_id: z.number().int(),
            data: payload,
        }),
    };
}
export const eventCatalogue = [
    defineEvent('message.received', 'An inbound message arrived (not for a blocked sender, whose messages are dropped).', 'spec', MessageReceivedPayload),
    defineEvent('lead.captured', 'A contact first holds an email or phone number (once per contact).', 'assumption', LeadCapturedPayload),
    defineEvent('contact.updated', 'A contact was created or a public field of it really changed (docs/decisions.md).', 'assumption', ContactUpdatedPayload),
    defineEvent('contact.field_changed', 'A custom field value actually changed (PATCH or POST /contacts).', 'spec', ContactFieldChangedPayload),
    defineEvent('conversation.resolved', 'PATCH moved a conversation to resolved (not archive, not a repeat).', 'spec', ConversationResolvedPayload),
    defineEvent('conversation.assigned', 'POST assign changed assigned_to (including to null).', 'spec', ConversationAssignedPayload),
    defineEvent('appointment.booked', 'An appointment was booked.', 'spec'),
    defineEvent('appointment.cancelled', 'An appointment was cancelled.', 'spec'),
    defineEvent('appointment.rescheduled', 'An appointment was rescheduled.', 'spec'),
    defineEvent('flow.published', 'A flow was published.', 'spec'),
    defineEvent('flow.activated', 'A flow was activated.', 'spec'),
    defineEvent('flow.paused', 'A flow was paused.', 'spec'),
    defineEvent('comment.handled', 'A handled comment changed state.', 'spec'),
    defineEvent('post.scheduled', 'A post was scheduled.', 'spec'),
    defineEvent('post.published', 'A post was published.', 'spec'),
    defineEvent('post.failed', 'A post failed to publish.', 'spec'),
    defineEvent('webhook.test', 'A sample event sent by POST /webhooks/endpoints/{id}/test only (never journaled; docs/webhooks.md).', 'assumption', z.object({
        endpoint_id: z.number().int(),
        channel: z.string().describe('The `channel` of the test request (default `meta`).'),
        sample: z.literal(true),
        text: z.string().optional().describe('Sample message text; left out by the `minimal` payload profile.'),
    })),
];
export const EVENT_NAMES = eventCatalogue.map((event) => event.name);
//# sourceMappingURL=events.js.map