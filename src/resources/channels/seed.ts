/** The `channels` section of a seed account: connection state of the channels that are not simply connected. */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { Channel } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { ChannelsModel } from './model.js';

export const SeedChannelState = z.strictObject({
  channel: Channel,
  connected: z.boolean().default(true),
  messaging_permitted: z.boolean().default(true),
});

export const channelSeed = seedFor<ChannelsModel>()({
  fields: { channels: z.array(SeedChannelState).optional() },
  defaults,
  apply: ({ model, accountId, each }, { channels }) => {
    each('channels', channels, (state) => {
      model.set(accountId, state.channel, { connected: state.connected, messaging_permitted: state.messaging_permitted });
    });
  },
});
