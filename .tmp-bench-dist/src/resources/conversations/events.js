/** Payload schemas of the conversation and message events (section 6); when each fires is in docs/decisions.md. */
import { z } from 'zod';
import { Message } from '../messages/schemas.js';
import { Channel } from '../shared/schemas.js';
import { Conversation, ConversationStatusSchema } from './schemas.js';
export const MessageReceivedPayload = z.object({
    conversation_id: z.number().int(),
    contact_id: z.number().int(),
    channel: Channel,
    platform_user_id: z.string(),
    message: Message,
});
export const ConversationResolvedPayload = z.object({
    conversation: Conversation.describe('The conversation after the change.'),
    previous_status: ConversationStatusSchema,
    resolved_by: z.literal('api').describe('Resolutions through PATCH /conversations/{id}.'),
});
export const ConversationAssignedPayload = z.object({
    conversation: Conversation.describe('The conversation after the change.'),
    assigned_to: z.number().int().nullable().describe('Null when the thread was unassigned.'),
    assigned_to_name: z.string().nullable(),
    previous_assigned_to: z.number().int().nullable(),
});
//# sourceMappingURL=events.js.map