/** Channel connection state, set through the sandbox control plane. No logic here. */
import { z } from 'zod';
import { Channel } from '../shared/schemas.js';

export const ChannelConnection = z.object({
  channel: Channel,
  connected: z.boolean().describe('False: sends answer 412 not_provisioned, platform actions 409 not_connected.'),
  messaging_permitted: z.boolean().describe('False: the connection lacks messaging permission; sends answer 403 forbidden.'),
  window_hours: z.number().int().nullable().describe('Customer-service window opened by an inbound message; null when none.'),
  platform_id: z.string().nullable().describe('The account on the platform (Facebook page id, Instagram account id); shown in GET /ai/channels `meta.accounts`.'),
  messaging_service_sid: z
    .string()
    .nullable()
    .describe('SMS only: the messaging service assigned to the number. Null: SMS AI cannot be switched on (409 sms_not_ready).'),
  inbound_body_purge: z
    .boolean()
    .describe('SMS only: inbound bodies are purged (stored with text null); SMS AI cannot be switched on (409 purge_active).'),
});

/** An id as a platform gives it: letters, digits and a few separators. */
export const PlatformId = z.string().regex(/^[A-Za-z0-9_.@+-]{1,64}$/, '1 to 64 letters, digits or _ . @ + -');

export const SMS_ONLY_FIELDS = ['messaging_service_sid', 'inbound_body_purge'] as const;

export const SetChannelBody = z
  .strictObject({
    connected: z.boolean().optional(),
    messaging_permitted: z.boolean().optional(),
    platform_id: PlatformId.nullable().optional().describe('The account id on the platform; null forgets it.'),
    messaging_service_sid: PlatformId.nullable().optional().describe('SMS only: assign (or, with null, unassign) a messaging service.'),
    inbound_body_purge: z.boolean().optional().describe('SMS only: purge inbound bodies.'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'send at least one of connected, messaging_permitted, platform_id, messaging_service_sid, inbound_body_purge',
    path: ['connected'],
  });

export const ChannelParams = z.object({ channel: Channel });

export type ChannelConnectionData = z.infer<typeof ChannelConnection>;
export type SetChannelInput = z.infer<typeof SetChannelBody>;
