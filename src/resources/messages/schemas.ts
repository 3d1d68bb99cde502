/** Message shape (2.6). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Timestamp } from '../shared/schemas.js';

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'file', 'quick_reply', 'button', 'postback', 'comment_trigger'] as const;
export const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;
/** `user` is the customer; `bot`, `agent`, `followup` speak for the business; anything else is a system line. */
export const OUTBOUND_SENDERS = ['bot', 'agent', 'followup'] as const;

export const MessageType = z.enum(MESSAGE_TYPES);

export const Attachment = named(
  'Attachment',
  z.object({
    type: z.enum(ATTACHMENT_TYPES),
    url: z.string().min(1).max(2048),
    mime_type: z.string().max(255).optional(),
    name: z.string().max(255).optional(),
  }),
);

export const Message = named(
  'Message',
  z.object({
    id: z.number().int(),
    message_id: z.string().describe('The message id on the channel.'),
    direction: z.enum(['inbound', 'outbound', 'system']).describe('Derived from sender_type.'),
    sender_type: z.string().describe('`user`, `bot`, `agent`, `followup`, or a system value such as `system`.'),
    sender_name: z.string().nullable(),
    type: MessageType,
    text: z.string().nullable().describe('Null when the body was purged.'),
    attachments: z.array(Attachment),
    is_template: z.boolean(),
    body_purged: z.boolean().describe('True when the body was purged for compliance; the message is still listed.'),
    created_at: Timestamp,
  }),
);

export type MessageData = z.infer<typeof Message>;
export type MessageTypeValue = (typeof MESSAGE_TYPES)[number];
export type AttachmentData = z.infer<typeof Attachment>;

/**
 * What an inbound message is, besides a plain message: on Instagram, a reply to one of the
 * account's stories, a mention of the account in the sender's own story, or one of the account's
 * posts shared in the DM (flow trigger sources story_reply, story_mention, shared_post).
 */
export const INBOUND_EVENTS = ['message', 'story_reply', 'story_mention', 'shared_post'] as const;
export type InboundEvent = (typeof INBOUND_EVENTS)[number];
/** The events that are a story or a post rather than something typed: an image or a video message (docs/decisions.md). */
const MEDIA_EVENTS: readonly InboundEvent[] = ['story_mention', 'shared_post'];
const isMediaEvent = (event: InboundEvent): boolean => MEDIA_EVENTS.includes(event);

/** The sandbox's inbound injection: a customer writes in. */
export const InboundMessageInput = z
  .strictObject({
    channel: z.enum(['facebook', 'instagram', 'sms', 'telegram', 'whatsapp']),
    platform_user_id: z.string().min(1).max(255).describe('For SMS the phone number (E.164, e.g. +15550100001); for WhatsApp the wa_id.'),
    text: z.string().min(1).max(4096).optional(),
    type: MessageType.optional().describe(
      'Default text; a story_mention or shared_post is an image or a video (default: image, or the shared post’s media kind), carrying an attachment that names the story or post.',
    ),
    name: z.string().min(1).max(255).optional().describe('The name the channel shows; fills a contact that has none.'),
    ig_username: z.string().regex(/^@?[A-Za-z0-9._]{1,30}$/).optional().describe('Instagram only: the sender’s handle.'),
    attachments: z.array(Attachment).max(10).optional(),
    message_id: z.string().min(1).max(255).optional().describe('The channel’s message id; generated when absent.'),
    event: z
      .enum(INBOUND_EVENTS)
      .default('message')
      .describe(
        'Instagram only besides message: story_reply (a reply to the account’s story), story_mention (the sender mentions the account in their story; text optional), shared_post (the sender shares one of the account’s posts, post_id; text optional).',
      ),
    post_id: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .optional()
      .describe('story_reply and story_mention: the story; shared_post (required): the post shared, one of the account’s Instagram posts (GET /recent-posts). Only with those events.'),
  })
  .refine((input) => isMediaEvent(input.event) || (input.type ?? 'text') !== 'text' || input.text !== undefined, { message: 'a text message needs text', path: ['text'] })
  .refine((input) => !isMediaEvent(input.event) || input.type === undefined || input.type === 'image' || input.type === 'video', {
    message: 'a story mention or a shared post is an image or a video message',
    path: ['type'],
  })
  .refine((input) => input.event !== 'shared_post' || input.post_id !== undefined, { message: 'a shared post names the post shared (one of the account’s Instagram posts)', path: ['post_id'] })
  .refine((input) => input.event === 'message' || input.channel === 'instagram', { message: 'story replies, story mentions and shared posts arrive on Instagram', path: ['event'] })
  .refine((input) => input.post_id === undefined || input.event !== 'message', { message: 'post_id names the story or post of a story_reply, story_mention or shared_post', path: ['post_id'] })
  .refine((input) => input.ig_username === undefined || input.channel === 'instagram', {
    message: 'ig_username is for Instagram senders',
    path: ['ig_username'],
  });

export type InboundMessage = z.output<typeof InboundMessageInput>;
