/** The conversation events (section 6) and their payloads; when each fires is in docs/decisions.md. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { Conversation, ConversationStatusSchema } from './schemas.js';

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

export const conversationEvents = [
  defineEvent('conversation.resolved', 'PATCH moved a conversation to resolved (not archive, not a repeat).', 'spec', ConversationResolvedPayload),
  defineEvent('conversation.assigned', 'POST assign, or a PATCH whose status change or resume hands the thread back, changed assigned_to (including to null).', 'spec', ConversationAssignedPayload),
];
