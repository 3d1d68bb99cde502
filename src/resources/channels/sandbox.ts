/**
 * Channel connection as sandbox state: list every channel's state, connect or disconnect one
 * (412 not_provisioned, 409 not_connected) or withdraw its messaging permission (403 forbidden),
 * name the platform account (GET /ai/channels `meta.accounts`), and for SMS assign a messaging
 * service or turn inbound body purge on (409 sms_not_ready / purge_active for SMS AI).
 */
import { z } from 'zod';
import { invalidParam } from '../../core/errors.js';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { ChannelState, ChannelsModel } from './model.js';
import { ChannelConnection, ChannelParams, SetChannelBody, SMS_ONLY_FIELDS, type SetChannelInput } from './schemas.js';

const power = powersFor<GroupContext<ChannelsModel>>();

/** The fields sent, without the ones left out. */
function patchOf(input: SetChannelInput): Partial<ChannelState> {
  const patch: Partial<Record<keyof ChannelState, unknown>> = {};
  for (const [name, value] of Object.entries(input)) if (value !== undefined) patch[name as keyof ChannelState] = value;
  return patch as Partial<ChannelState>;
}

export const channelPowers = {
  channels: power.account({
    operationId: 'sandboxListChannels',
    method: 'GET',
    path: '/channels',
    summary: 'Connection state, window length, platform account and SMS readiness of every channel',
    output: z.array(ChannelConnection),
    run: ({ accountId }, { model }) => model.list(accountId),
  }),
  setChannel: power.account({
    operationId: 'sandboxSetChannel',
    method: 'POST',
    path: '/channels/{channel}',
    summary:
      'Connect or disconnect a channel (412 not_provisioned / 409 not_connected), withdraw its messaging permission (403), name its platform account, or (SMS) assign a messaging service and purge inbound bodies',
    params: ChannelParams,
    input: SetChannelBody,
    inputRequired: true,
    output: ChannelConnection,
    run: ({ accountId, params, input }, { model }) => {
      if (params.channel !== 'sms') {
        const smsOnly = SMS_ONLY_FIELDS.find((field) => input[field] !== undefined);
        if (smsOnly) throw invalidParam(smsOnly, `${smsOnly} applies to the sms channel only.`);
      }
      return model.set(accountId, params.channel, patchOf(input));
    },
  }),
};
