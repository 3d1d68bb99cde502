/**
 * The `channels` section of a seed account: connection state of the channels that are not simply
 * connected, platform account ids, and SMS readiness (messaging service, inbound body purge).
 */
import { z } from 'zod';
import { invalidParam } from '../../core/errors.js';
import { seedFor } from '../../groups/define.js';
import { Channel } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { ChannelState, ChannelsModel } from './model.js';

export const SeedChannelState = z.strictObject({
  channel: Channel,
  connected: z.boolean().optional(),
  messaging_permitted: z.boolean().optional(),
  platform_id: z.string().min(1).max(64).nullable().optional(),
  messaging_service_sid: z.string().min(1).max(64).nullable().optional(),
  inbound_body_purge: z.boolean().optional(),
});

export const channelSeed = seedFor<ChannelsModel>()({
  fields: { channels: z.array(SeedChannelState).optional() },
  defaults,
  apply: ({ model, accountId, each }, { channels }) => {
    each('channels', channels, ({ channel, ...fields }) => {
      if (channel !== 'sms' && (fields.messaging_service_sid != null || fields.inbound_body_purge !== undefined)) {
        throw invalidParam('messaging_service_sid', 'messaging_service_sid and inbound_body_purge apply to the sms channel only');
      }
      const patch: Partial<Record<keyof ChannelState, unknown>> = {};
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) patch[name as keyof ChannelState] = value;
      model.set(accountId, channel, patch as Partial<ChannelState>);
    });
  },
});
