/**
 * Per-account channel connection state (sandbox-controlled), the one notion of a channel's
 * connection that every group reads: sending (412 not_provisioned, 403 forbidden), blocking
 * (409 not_connected), the AI channel switches (2.18: `connected`, `meta.accounts`, SMS
 * readiness) and inbound SMS body purge. A channel with no stored row is connected and
 * permitted, so a fresh account can send everywhere; the sandbox (or a seed) changes it.
 *
 * Beyond the connection itself a row holds what the platforms identify the account by
 * (`platform_id`: the Facebook page id, the Instagram account id) and, for SMS, the compliance
 * state the AI switch depends on (4.11): the messaging service assigned to the number and
 * whether inbound message bodies are purged.
 */
import { CHANNELS, type Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { CHANNEL_CAPABILITIES } from './capabilities.js';
import { z } from 'zod';
import { Channel as ChannelSchema, storedRecord } from '../shared/schemas.js';
import { PlatformId, type ChannelConnectionData } from './schemas.js';

export interface ChannelState {
  readonly connected: boolean;
  readonly messaging_permitted: boolean;
  /** The account's id on the platform (page id, Instagram account id); null when none is known. */
  readonly platform_id: string | null;
  /** SMS: the messaging service assigned to the number; null until one is (AI cannot go on). */
  readonly messaging_service_sid: string | null;
  /** SMS: inbound bodies are purged for compliance (kept in transcripts with text null). */
  readonly inbound_body_purge: boolean;
}

export interface ChannelStateRecord extends Entity, ChannelState {
  readonly channel: Channel;
}

/**
 * Facebook and Instagram are connected to a page and an account with ids of their own; a fresh
 * account gets deterministic ones (docs/decisions.md) so `meta.accounts` reads like the real thing.
 */
function defaultPlatformId(accountId: number, channel: Channel): string | null {
  if (channel === 'facebook') return `10000000${String(accountId).padStart(7, '0')}`;
  if (channel === 'instagram') return `1784140${String(accountId).padStart(10, '0')}`;
  return null;
}

function defaultState(accountId: number, channel: Channel): ChannelState {
  return {
    connected: true,
    messaging_permitted: true,
    platform_id: defaultPlatformId(accountId, channel),
    messaging_service_sid: null,
    inbound_body_purge: false,
  };
}

export function createChannelsModel(core: CoreServices) {
  const { store } = core;
  const states = store.define<ChannelStateRecord>(
    'channel_states',
    { channel: { unique: true, key: (row) => `${row.account_id}:${row.channel}` } },
    {
      schema: storedRecord({
        channel: ChannelSchema,
        connected: z.boolean(),
        messaging_permitted: z.boolean(),
        platform_id: PlatformId.nullable(),
        messaging_service_sid: PlatformId.nullable(),
        inbound_body_purge: z.boolean(),
      }),
      sequence: 'channel_state',
    },
  );

  function state(accountId: number, channel: Channel): ChannelState {
    return states.findUnique('channel', `${accountId}:${channel}`) ?? defaultState(accountId, channel);
  }

  function present(accountId: number, channel: Channel): ChannelConnectionData {
    const current = state(accountId, channel);
    const windowMs = CHANNEL_CAPABILITIES[channel].windowMs;
    return {
      channel,
      connected: current.connected,
      messaging_permitted: current.messaging_permitted,
      window_hours: windowMs === null ? null : windowMs / 3_600_000,
      platform_id: current.platform_id,
      messaging_service_sid: current.messaging_service_sid,
      inbound_body_purge: current.inbound_body_purge,
    };
  }

  return {
    state,
    present,
    isConnected: (accountId: number, channel: Channel): boolean => state(accountId, channel).connected,
    list: (accountId: number): ChannelConnectionData[] => CHANNELS.map((channel) => present(accountId, channel)),

    /** True while inbound SMS bodies are purged (inbound stores them with text null). */
    smsBodyPurge: (accountId: number): boolean => state(accountId, 'sms').inbound_body_purge,

    set(accountId: number, channel: Channel, patch: Partial<ChannelState>): ChannelConnectionData {
      const existing = states.findUnique('channel', `${accountId}:${channel}`);
      const { connected, messaging_permitted, platform_id, messaging_service_sid, inbound_body_purge } = {
        ...(existing ?? defaultState(accountId, channel)),
        ...patch,
      };
      const next = { connected, messaging_permitted, platform_id, messaging_service_sid, inbound_body_purge };
      if (existing) states.update(existing.id, next);
      else states.insert({ id: store.nextId('channel_state'), account_id: accountId, channel, ...next });
      return present(accountId, channel);
    },
  };
}

export type ChannelsModel = ReturnType<typeof createChannelsModel>;
