/**
 * POST /messages (4.4, 2.7, 7.2): the send body and the send result. No logic here. A body that
 * fails this schema answers 400 `invalid_request` (7.2): the route sets `bodyErrorCode`.
 */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { CHANNELS } from '../../core/types.js';
import { SEND_ACTIONS } from '../channels/capabilities.js';
import { Channel, Timestamp } from '../shared/schemas.js';

export const MESSAGE_TEXT_MAX = 4096;
export const SEND_FAULT_CODES = [
  'forbidden',
  'recipient_opted_out',
  'not_provisioned',
  'unprocessable_send',
  'rate_limited',
  'service_unavailable',
] as const;

/** What a recipient on SMS or WhatsApp must be; the one wording of `to_phone`'s and `platform_user_id`'s 400 (./recipient.ts). */
export const PHONE_RULE = 'must be a phone number (7 to 15 digits, any formatting)';

const PrintableKey = z.string().regex(/^[\x20-\x7e]{1,128}$/, 'must be 1 to 128 printable ASCII characters');

export const ReplyButton = z.strictObject({
  title: z.string().min(1).max(20),
  type: z.enum(['text', 'url']),
  response: z.string().min(1).max(1000).optional(),
  url: z.url().optional(),
});

export const SendMessageBody = z
  .strictObject({
    idempotency_key: PrintableKey.optional().describe('Required unless the Idempotency-Key header is sent; deduplicates sends.'),
    action: z.enum(SEND_ACTIONS).default('send_message').describe('Support varies by channel (docs/decisions.md).'),
    conversation_id: z.number().int().positive().optional(),
    platform: Channel.optional().describe('With platform_user_id; with to_phone, sms (default) or whatsapp.'),
    platform_user_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe('With platform. On sms and whatsapp, a phone number (7 to 15 digits, any formatting) unless it is already a contact’s id.'),
    to_phone: z
      .string()
      .regex(/^\+?[0-9 ().-]{7,32}$/, PHONE_RULE)
      .optional()
      .describe('SMS or WhatsApp recipient; any common formatting, 7 to 15 digits.'),
    message_text: z.string().min(1).max(MESSAGE_TEXT_MAX).optional().describe('Required except for typing_on and template sends. For react, the emoji.'),
    template_name: z.string().min(1).max(512).optional().describe('WhatsApp template send.'),
    template_language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code like en or en_US').optional(),
    template_components: z.array(z.record(z.string(), z.unknown())).max(20).optional(),
    comment_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe('Private reply to this comment (Facebook, Instagram): one the account received from this recipient; one reply, within 7 days.'),
    buttons: z.array(ReplyButton).min(1).max(3).optional().describe('Only with comment_id.'),
    message_id: z.string().min(1).max(255).optional().describe('react/unreact: the target message; default the customer’s latest.'),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string): void => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const routes = [body.conversation_id !== undefined, body.platform_user_id !== undefined, body.to_phone !== undefined].filter(Boolean).length;
    if (routes === 0) issue('conversation_id', 'route the send by conversation_id, platform + platform_user_id, or to_phone');
    else if (routes > 1) issue('conversation_id', 'send exactly one of conversation_id, platform_user_id or to_phone');
    else if (body.conversation_id !== undefined && body.platform !== undefined) issue('platform', 'platform is not used with conversation_id');
    else if (body.platform_user_id !== undefined && body.platform === undefined) issue('platform', 'platform is required with platform_user_id');
    else if (body.to_phone !== undefined && body.platform !== undefined && body.platform !== 'sms' && body.platform !== 'whatsapp') {
      issue('platform', 'to_phone routes SMS or WhatsApp only');
    }
    const template = body.template_name !== undefined;
    if (!template && (body.template_language !== undefined || body.template_components !== undefined)) {
      issue('template_name', 'template_name is required with template_language or template_components');
    }
    if (template && body.action !== 'send_message') issue('template_name', 'templates are sent with action send_message');
    if (template && body.message_text !== undefined) issue('message_text', 'send either message_text or a template, not both');
    if (body.action !== 'typing_on' && !template && body.message_text === undefined) issue('message_text', 'message_text is required');
    if (body.comment_id !== undefined && body.action !== 'send_message') issue('comment_id', 'a private reply is sent with action send_message');
    if (body.comment_id !== undefined && template) issue('comment_id', 'a private reply cannot be a template');
    if (body.buttons !== undefined && body.comment_id === undefined) issue('buttons', 'buttons are only sent with comment_id');
    if (body.message_id !== undefined && body.action !== 'react' && body.action !== 'unreact') {
      issue('message_id', 'message_id names the message of a react or unreact');
    }
    body.buttons?.forEach((button, index) => {
      if (button.type === 'url' && button.url === undefined) ctx.addIssue({ code: 'custom', path: ['buttons', index, 'url'], message: 'a url button needs url' });
      if (button.type === 'text' && button.response === undefined) {
        ctx.addIssue({ code: 'custom', path: ['buttons', index, 'response'], message: 'a text button needs response' });
      }
    });
  });

export const SendResult = named(
  'SendResult',
  z.object({
    status: z.literal('sent'),
    request_id: z.string(),
    conversation_id: z.number().int(),
    platform: z.enum(CHANNELS),
    action: z.enum(SEND_ACTIONS),
    sent_at: Timestamp,
    message: z.string().describe('Human-readable outcome.'),
  }),
);

export type SendMessageInput = z.output<typeof SendMessageBody>;
export type SendResultData = z.infer<typeof SendResult>;
export type SendFaultCode = (typeof SEND_FAULT_CODES)[number];

/** Sandbox: the next `count` sends to this recipient fail with `error`. */
export const SendFaultInput = z
  .strictObject({
    channel: Channel.optional().describe('With platform_user_id.'),
    platform_user_id: z.string().min(1).max(255).optional(),
    conversation_id: z.number().int().positive().optional().describe('Instead of channel + platform_user_id.'),
    error: z.enum(SEND_FAULT_CODES),
    count: z.number().int().min(1).max(1000).default(1),
  })
  .refine((input) => (input.conversation_id !== undefined) !== (input.channel !== undefined && input.platform_user_id !== undefined), {
    message: 'send conversation_id, or channel and platform_user_id',
    path: ['conversation_id'],
  });

export type SendFaultInputData = z.output<typeof SendFaultInput>;

/** Sandbox shapes: armed send failures and the send audit (`/_sandbox/send-failures`, `/_sandbox/sends`). */
export const SendFault = z.object({
  id: z.number().int(),
  channel: z.string(),
  platform_user_id: z.string(),
  error: z.enum(SEND_FAULT_CODES),
  remaining: z.number().int(),
  created_at: z.string(),
});

export const SendAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  channel: z.string(),
  platform_user_id: z.string(),
  action: z.string(),
  conversation_id: z.number().int().nullable(),
  idempotency_key: z.string(),
  outcome: z.enum(['sent', 'failed']),
  error_code: z.string().nullable(),
  cold_created: z.boolean(),
});
