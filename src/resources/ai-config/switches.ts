/**
 * Per-channel AI switches (2.18, 4.11). The switches are this group's; whether a channel is
 * connected, which page and account Meta is connected to, and whether SMS is ready (a messaging
 * service assigned, inbound body purge off) are the channels group's connection state, the one
 * the sandbox sets with `POST /_sandbox/channels/{channel}`. Turning a switch off never fails;
 * turning one on needs the channel connected, and SMS AI also needs SMS ready.
 */
import { ApiError } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { Collection, Entity } from '../../store/collection.js';
import type { Store } from '../../store/store.js';
import type { ChannelsModel } from '../channels/model.js';
import { SwitchRecordSchema } from './record.js';
import type { AiChannelKey, AiChannelStateData, AiChannelSwitchData, AiChannelsData, MetaChannelStateData, PatchAiChannel } from './switch-schemas.js';

export interface SwitchRecord extends Entity {
  readonly key: AiChannelKey;
  readonly ai_enabled: boolean;
  readonly automation_enabled: boolean;
}

export interface SwitchState {
  readonly ai_enabled: boolean;
  readonly automation_enabled: boolean;
}

const LABELS: Readonly<Record<AiChannelKey, string>> = {
  meta: 'Facebook & Instagram',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};

/** Until an account changes them: AI on where it can answer at once; SMS off until SMS is ready. */
export const DEFAULT_SWITCHES: Readonly<Record<AiChannelKey, SwitchState>> = {
  meta: { ai_enabled: true, automation_enabled: true },
  sms: { ai_enabled: false, automation_enabled: true },
  whatsapp: { ai_enabled: true, automation_enabled: true },
  telegram: { ai_enabled: true, automation_enabled: true },
};

/** `facebook` and `instagram` address the `meta` switch. */
export function switchKeyOf(channel: Channel | AiChannelKey): AiChannelKey {
  return channel === 'facebook' || channel === 'instagram' ? 'meta' : channel;
}

export function createSwitches(store: Store, channels: ChannelsModel) {
  const switches: Collection<SwitchRecord> = store.define<SwitchRecord>(
    'ai_channel_switches',
    { key: { unique: true, key: (row) => `${row.account_id}:${row.key}` } },
    { schema: SwitchRecordSchema, sequence: 'ai_channel_switch' },
  );

  function stateOf(accountId: number, key: AiChannelKey): SwitchState {
    return switches.findUnique('key', `${accountId}:${key}`) ?? DEFAULT_SWITCHES[key];
  }

  function connected(accountId: number, key: AiChannelKey): boolean {
    if (key === 'meta') return channels.isConnected(accountId, 'facebook') || channels.isConnected(accountId, 'instagram');
    return channels.isConnected(accountId, key);
  }

  function present(accountId: number, key: AiChannelKey): AiChannelStateData {
    const state = stateOf(accountId, key);
    return { label: LABELS[key], connected: connected(accountId, key), ai_enabled: state.ai_enabled, automation_enabled: state.automation_enabled };
  }

  function presentMeta(accountId: number): MetaChannelStateData {
    const account = (channel: 'facebook' | 'instagram') => {
      const state = channels.state(accountId, channel);
      return state.connected ? state.platform_id : null;
    };
    return { ...present(accountId, 'meta'), accounts: { facebook_page_id: account('facebook'), instagram_id: account('instagram') } };
  }

  function presentOne(accountId: number, key: AiChannelKey): AiChannelSwitchData {
    return { channel: key, ...(key === 'meta' ? presentMeta(accountId) : present(accountId, key)) };
  }

  /** The 409 that keeps a switch from going on, if any. */
  function refusal(accountId: number, key: AiChannelKey, field: keyof PatchAiChannel): ApiError | undefined {
    if (!connected(accountId, key)) {
      return new ApiError('not_connected', `The ${LABELS[key]} channel is not connected; connect it before switching ${field} on.`, { param: field });
    }
    if (key !== 'sms' || field !== 'ai_enabled') return undefined;
    const sms = channels.state(accountId, 'sms');
    if (sms.messaging_service_sid === null) {
      return new ApiError('sms_not_ready', 'SMS AI needs a messaging service assigned to the number first.', { param: field });
    }
    if (sms.inbound_body_purge) {
      return new ApiError('purge_active', 'SMS AI cannot be switched on while inbound body purge is on.', { param: field });
    }
    return undefined;
  }

  const api = {
    stateOf,
    /** True when the AI answers on this channel (knowledge gaps arise only there). */
    aiEnabled: (accountId: number, channel: Channel): boolean => stateOf(accountId, switchKeyOf(channel)).ai_enabled,

    list(accountId: number): AiChannelsData {
      return { meta: presentMeta(accountId), sms: present(accountId, 'sms'), whatsapp: present(accountId, 'whatsapp'), telegram: present(accountId, 'telegram') };
    },

    presentOne,

    /** The 409 that keeps a switch from going on, if any (mutants swap it). */
    refusal,

    /** PATCH /ai/channels/{channel}: off always works; on is checked first, then both apply. */
    set(accountId: number, key: AiChannelKey, patch: PatchAiChannel): AiChannelSwitchData {
      for (const field of ['ai_enabled', 'automation_enabled'] as const) {
        if (patch[field] !== true) continue;
        const refused = api.refusal(accountId, key, field);
        if (refused) throw refused;
      }
      write(accountId, key, patch);
      return presentOne(accountId, key);
    },

    /** Seeding: the switches as given, unchecked (a seed may describe any state). */
    seed: (accountId: number, key: AiChannelKey, patch: PatchAiChannel): void => write(accountId, key, patch),
  };
  return api;

  function write(accountId: number, key: AiChannelKey, patch: PatchAiChannel): void {
    const existing = switches.findUnique('key', `${accountId}:${key}`);
    const next = {
      ai_enabled: patch.ai_enabled ?? stateOf(accountId, key).ai_enabled,
      automation_enabled: patch.automation_enabled ?? stateOf(accountId, key).automation_enabled,
    };
    if (existing) switches.update(existing.id, next);
    else switches.insert({ id: store.nextId('ai_channel_switch'), account_id: accountId, key, ...next });
  }
}

export type Switches = ReturnType<typeof createSwitches>;
