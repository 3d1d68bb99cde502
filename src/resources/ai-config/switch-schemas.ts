/** Per-channel AI switch shapes (2.18, 4.11). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';

/** The four switch keys of 2.18; `meta` covers Facebook and Instagram. */
export const AI_CHANNEL_KEYS = ['meta', 'sms', 'whatsapp', 'telegram'] as const;
export type AiChannelKey = (typeof AI_CHANNEL_KEYS)[number];

/** What `{channel}` takes: a key, or `facebook`/`instagram` for `meta` (4.11). */
export const AI_CHANNEL_PATH_VALUES = ['meta', 'facebook', 'instagram', 'sms', 'whatsapp', 'telegram'] as const;

export const MetaAccounts = z.object({
  facebook_page_id: z.string().nullable().describe('The connected Facebook page; null when Facebook is not connected.'),
  instagram_id: z.string().nullable().describe('The connected Instagram account; null when Instagram is not connected.'),
});

const switchFields = {
  label: z.string(),
  connected: z.boolean().describe('The channel connection (for meta: Facebook or Instagram connected).'),
  ai_enabled: z.boolean(),
  automation_enabled: z.boolean(),
};

export const AiChannelState = named('AiChannelState', z.object(switchFields));
export const MetaChannelState = named('MetaChannelState', z.object({ ...switchFields, accounts: MetaAccounts }));

export const AiChannels = named(
  'AiChannels',
  z.object({ meta: MetaChannelState, sms: AiChannelState, whatsapp: AiChannelState, telegram: AiChannelState }),
);

export const AiChannelSwitch = named(
  'AiChannelSwitch',
  z.object({
    channel: z.enum(AI_CHANNEL_KEYS).describe('The switch changed: `meta` when addressed as facebook or instagram.'),
    ...switchFields,
    accounts: MetaAccounts.optional().describe('meta only.'),
  }),
);

export const AiChannelParams = z.object({ channel: z.enum(AI_CHANNEL_PATH_VALUES) });

export const PatchAiChannelBody = z.strictObject({
  ai_enabled: z.boolean().optional().describe('Turning on needs a connected channel (409 not_connected); SMS also 409 sms_not_ready / purge_active.'),
  automation_enabled: z.boolean().optional().describe('Turning on needs a connected channel (409 not_connected).'),
});

export type AiChannelStateData = z.infer<typeof AiChannelState>;
export type MetaChannelStateData = z.infer<typeof MetaChannelState>;
export type AiChannelsData = z.infer<typeof AiChannels>;
export type AiChannelSwitchData = z.infer<typeof AiChannelSwitch>;
export type PatchAiChannel = z.infer<typeof PatchAiChannelBody>;
