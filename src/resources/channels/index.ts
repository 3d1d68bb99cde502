/** Channel connections and what each channel can do (windows, actions, templates). */
import { defineGroup } from '../../groups/define.js';
import { createChannelsModel } from './model.js';
import { channelPowers } from './sandbox.js';
import { channelSeed } from './seed.js';

export const channelsGroup = defineGroup({
  name: 'channels',
  description: 'Channel connection state (sandbox-controlled) and per-channel capabilities: messaging windows, actions, templates.',
  needs: [],
  model: ({ core }) => createChannelsModel(core),
  seed: channelSeed,
  sandbox: channelPowers,
});
