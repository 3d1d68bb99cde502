/**
 * Per-account channel connection state (sandbox-controlled). A channel with no stored row is
 * connected and permitted, so a fresh account can send everywhere; the sandbox (or a seed) turns
 * a channel off to exercise 412 `not_provisioned`, 403 `forbidden` and 409 `not_connected`.
 */
import { CHANNELS, type Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { CHANNEL_CAPABILITIES } from './capabilities.js';
import { z } from 'zod';
import { Channel as ChannelSchema, storedRecord } from '../shared/schemas.js';
import type { ChannelConnectionData } from './schemas.js';

export interface ChannelStateRecord extends Entity {
  readonly channel: Channel;
  readonly connected: boolean;
  readonly messaging_permitted: boolean;
}

export interface ChannelState {
  readonly connected: boolean;
  readonly messaging_permitted: boolean;
}

const DEFAULT_STATE: ChannelState = { connected: true, messaging_permitted: true };

export function createChannelsModel(core: CoreServices) {
  const { store } = core;
  const states = store.define<ChannelStateRecord>(
    'channel_states',
    { channel: { unique: true, key: (row) => `${row.account_id}:${row.channel}` } },
    { schema: storedRecord({ channel: ChannelSchema, connected: z.boolean(), messaging_permitted: z.boolean() }), sequence: 'channel_state' },
  );

  function state(accountId: number, channel: Channel): ChannelState {
    return states.findUnique('channel', `${accountId}:${channel}`) ?? DEFAULT_STATE;
  }

  function present(accountId: number, channel: Channel): ChannelConnectionData {
    const current = state(accountId, channel);
    const windowMs = CHANNEL_CAPABILITIES[channel].windowMs;
    return {
      channel,
      connected: current.connected,
      messaging_permitted: current.messaging_permitted,
      window_hours: windowMs === null ? null : windowMs / 3_600_000,
    };
  }

  return {
    state,
    present,
    isConnected: (accountId: number, channel: Channel): boolean => state(accountId, channel).connected,
    list: (accountId: number): ChannelConnectionData[] => CHANNELS.map((channel) => present(accountId, channel)),

    set(accountId: number, channel: Channel, patch: Partial<ChannelState>): ChannelConnectionData {
      const existing = states.findUnique('channel', `${accountId}:${channel}`);
      const next = { ...(existing ?? DEFAULT_STATE), ...patch };
      if (existing) states.update(existing.id, { connected: next.connected, messaging_permitted: next.messaging_permitted });
      else {
        states.insert({
          id: store.nextId('channel_state'),
          account_id: accountId,
          channel,
          connected: next.connected,
          messaging_permitted: next.messaging_permitted,
        });
      }
      return present(accountId, channel);
    },
  };
}

export type ChannelsModel = ReturnType<typeof createChannelsModel>;
