/** The customer-side event (section 6): an inbound message arrived. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { Message } from '../messages/schemas.js';
import { Channel } from '../shared/schemas.js';

export const MessageReceivedPayload = z.object({
  conversation_id: z.number().int(),
  contact_id: z.number().int(),
  channel: Channel,
  platform_user_id: z.string(),
  message: Message,
});

export const inboundEvents = [
  defineEvent('message.received', 'An inbound message arrived (not for a blocked sender, whose messages are dropped).', 'spec', MessageReceivedPayload, {
    textFields: ['content', 'attachments_text'],
  }),
];
