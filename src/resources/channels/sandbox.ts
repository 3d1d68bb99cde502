/**
 * Channel connection as sandbox state: list every channel's state, connect or disconnect one
 * (412 not_provisioned, 409 not_connected) or withdraw its messaging permission (403 forbidden).
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { ChannelsModel } from './model.js';
import { ChannelConnection, ChannelParams, SetChannelBody } from './schemas.js';

const power = powersFor<GroupContext<ChannelsModel>>();

export const channelPowers = {
  channels: power.account({
    operationId: 'sandboxListChannels',
    method: 'GET',
    path: '/channels',
    summary: 'Connection state and window length of every channel',
    output: z.array(ChannelConnection),
    run: ({ accountId }, { model }) => model.list(accountId),
  }),
  setChannel: power.account({
    operationId: 'sandboxSetChannel',
    method: 'POST',
    path: '/channels/{channel}',
    summary: 'Connect or disconnect a channel (412 not_provisioned / 409 not_connected) or withdraw its messaging permission (403)',
    params: ChannelParams,
    input: SetChannelBody,
    inputRequired: true,
    output: ChannelConnection,
    run: ({ accountId, params, input }, { model }) =>
      model.set(accountId, params.channel, {
        ...(input.connected !== undefined ? { connected: input.connected } : {}),
        ...(input.messaging_permitted !== undefined ? { messaging_permitted: input.messaging_permitted } : {}),
      }),
  }),
};
