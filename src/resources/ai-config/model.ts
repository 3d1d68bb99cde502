/**
 * AI configuration (2.17, 4.11) and per-channel AI switches (2.18). One stored configuration per
 * account (an account that never saved one reads the defaults of ./state.ts), changed only by
 * PATCH through ./rules.ts, which applies everything or nothing. Starters are published to both
 * platforms whenever a PATCH sends them; a failed publish (a sandbox fault, or a platform that is
 * not connected) is saved anyway and reported in `starters.published.*_error`.
 *
 * For appointments (and anything else that books): `bookingSettings`, `businessHours`,
 * `timezone`, `calendar` and `meetingInvitesReady` read the booking section; the bookable
 * services themselves are the knowledge group's (`bookableServices` there), which this group
 * shows in `booking.bookable_services` through the `bookableServices` hook.
 */
import { hook, type HooksOf } from '../../core/hooks.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import type { AccountModel } from '../account/model.js';
import type { ChannelsModel } from '../channels/model.js';
import { AI_FEATURES_BY_PLAN, type AiFeature } from './plans.js';
import { AiConfigRecordSchema } from './record.js';
import { applyPatch, createConfigRules, merge, withSideRules } from './rules.js';
import type { AiConfigData, BookableServiceData, PatchAiConfig } from './schemas.js';
import type { BookingState, BookingStateInput, PublishFaults, PublishFaultsInput } from './sandbox-schemas.js';
import { defaultAiConfig, type BusinessHourData, type StoredAiConfig } from './state.js';
import { createSwitches, switchKeyOf } from './switches.js';
import type { AiChannelKey, PatchAiChannel } from './switch-schemas.js';

interface AiConfigRecord extends Entity {
  readonly config: StoredAiConfig;
}

export const aiConfigHooks = {
  /** `booking.bookable_services`: the knowledge base answers with the account's active services. */
  bookableServices: hook<[accountId: number], readonly BookableServiceData[]>(),
};

export interface AiConfigNeeds {
  readonly account: AccountModel;
  readonly channels: ChannelsModel;
}

/** The booking section as a booking needs it (appointments). */
export interface BookingSettings {
  readonly enabled: boolean;
  readonly google_meet_invites: boolean;
  readonly required_fields: StoredAiConfig['booking']['required_fields'];
  readonly timing: StoredAiConfig['booking']['timing'] & { readonly timezone: string };
  readonly calendar: { readonly connected: boolean; readonly provider: 'google' | 'microsoft' | null };
}

const PLATFORM_LABELS = { instagram: 'Instagram', facebook: 'Facebook' } as const;

export function createAiConfigModel(core: CoreServices, needs: AiConfigNeeds, hooks: HooksOf<typeof aiConfigHooks>) {
  const { store, clock } = core;
  const configs = store.define<AiConfigRecord>(
    'ai_configs',
    { account: { unique: true, key: (row) => String(row.account_id) } },
    { schema: AiConfigRecordSchema, sequence: 'ai_config' },
  );
  const switches = createSwitches(store, needs.channels);
  const rules = createConfigRules();

  function stored(accountId: number): StoredAiConfig {
    return configs.findUnique('account', String(accountId))?.config ?? defaultAiConfig(needs.account.getAccount(accountId).business_name);
  }

  function save(accountId: number, config: StoredAiConfig): void {
    const existing = configs.findUnique('account', String(accountId));
    if (existing) configs.update(existing.id, { config });
    else configs.insert({ id: store.nextId('ai_config'), account_id: accountId, config });
  }

  function features(accountId: number): Readonly<Record<AiFeature, boolean>> {
    return AI_FEATURES_BY_PLAN[needs.account.getAccount(accountId).plan];
  }

  function calendarOf(config: StoredAiConfig): BookingSettings['calendar'] {
    return { connected: config.booking.calendar_provider !== null, provider: config.booking.calendar_provider };
  }

  /**
   * The booking settings in force. `required_fields` is what bookings require, and what GET and
   * PATCH answer: the name always (4.6 "name always required"), and the email while Meet invites
   * are on (2.17 "forces email required"). The owner's own choices stay stored as sent, so turning
   * invites off again brings back their email setting (audit 15c B1, B2).
   */
  function bookingOf(accountId: number, config: StoredAiConfig): BookingSettings {
    const { enabled, google_meet_invites, required_fields: chosen, timing } = config.booking;
    const required_fields = { ...chosen, name: true, email: chosen.email || google_meet_invites };
    return {
      enabled,
      google_meet_invites,
      required_fields,
      timing: { ...timing, timezone: needs.account.getAccount(accountId).timezone },
      calendar: calendarOf(config),
    };
  }

  function present(accountId: number): AiConfigData {
    const config = stored(accountId);
    const available = features(accountId);
    return {
      identity: config.identity,
      behavior: config.behavior,
      restrictions: config.restrictions,
      starters: config.starters,
      file_handling: { available: available.file_handling, ...config.file_handling },
      followups: { available: available.followups, ...config.followups },
      // No custom text reads as "" (a length-limited text: audit 12g C7); older state may hold null.
      csat: { available: available.csat, ...config.csat, custom_message: config.csat.custom_message ?? '' },
      comment_ai: { available: available.comment_ai, ...config.comment_ai },
      booking: {
        ...bookingOf(accountId, config),
        bookable_services: hooks.bookableServices.run(accountId).flat(),
      },
    };
  }

  function bookingState(accountId: number): BookingState {
    const config = stored(accountId);
    return { ...bookingOf(accountId, config), business_hours: config.behavior.business_hours };
  }

  /** Publishes the starters to both platforms at once; a failure is recorded, never thrown. */
  function publishStarters(accountId: number, config: StoredAiConfig): StoredAiConfig {
    const published = { ...config.starters.published };
    for (const platform of ['instagram', 'facebook'] as const) {
      const fault = config.publish_faults[platform];
      const error =
        fault ?? (needs.channels.isConnected(accountId, platform) ? null : `${PLATFORM_LABELS[platform]} is not connected; the starters were saved but not published.`);
      if (error === null) published[`${platform}_published_at`] = clock.iso();
      published[`${platform}_error`] = error;
    }
    return { ...config, starters: { ...config.starters, published } };
  }

  return {
    /** The clamps and rejections PATCH applies (mutants swap one). */
    rules,

    /** The channel switches (mutants swap `refusal`). */
    switches,

    /** GET /ai/config: all nine sections. */
    get: present,

    /** PATCH /ai/config: everything or nothing; the full configuration after the change. */
    patch(accountId: number, patch: PatchAiConfig): AiConfigData {
      const current = stored(accountId);
      let next = applyPatch(current, patch, rules, { features: features(accountId), calendarConnected: current.booking.calendar_provider !== null });
      if (patch.starters !== undefined) next = publishStarters(accountId, next);
      save(accountId, next);
      return present(accountId);
    },

    /** GET /ai/channels. */
    channels: (accountId: number) => switches.list(accountId),

    /** PATCH /ai/channels/{channel}; `facebook` and `instagram` address `meta`. */
    setChannel: (accountId: number, channel: AiChannelKey | Channel, patch: PatchAiChannel) => switches.set(accountId, switchKeyOf(channel), patch),

    /** True when the AI answers on this channel. */
    aiEnabled: (accountId: number, channel: Channel): boolean => switches.aiEnabled(accountId, channel),

    /**
     * What the sandbox's AI acts on (ai-assistant): its name, batching, the human-request switch,
     * file handling and follow-ups, each feature section with `available` (the plan's).
     */
    assistantSettings(accountId: number) {
      const config = stored(accountId);
      const available = features(accountId);
      return {
        name: config.identity.name,
        welcome: { message: config.identity.welcome_message, mode: config.identity.welcome_mode },
        behavior: config.behavior,
        booking_enabled: config.booking.enabled,
        file_handling: { available: available.file_handling, ...config.file_handling },
        followups: { available: available.followups, ...config.followups },
        timezone: needs.account.getAccount(accountId).timezone,
      };
    },

    /** The booking section (timing with the account time zone, the calendar). */
    bookingSettings: (accountId: number): BookingSettings => bookingOf(accountId, stored(accountId)),

    /** Seven entries, Monday first, in the account time zone. */
    businessHours: (accountId: number): readonly BusinessHourData[] => stored(accountId).behavior.business_hours,

    /** The account's IANA time zone (the booking timing's). */
    timezone: (accountId: number): string => needs.account.getAccount(accountId).timezone,

    calendar: (accountId: number): BookingSettings['calendar'] => calendarOf(stored(accountId)),

    /** A calendar is connected and Google Meet invites are on: services may be virtual (4.12). */
    meetingInvitesReady(accountId: number): boolean {
      const config = stored(accountId);
      return config.booking.calendar_provider !== null && config.booking.google_meet_invites;
    },

    /** The questions of the conversation starters, Instagram's then Facebook's (an ice_breaker flow names one). */
    starterQuestions(accountId: number): readonly string[] {
      const { starters } = stored(accountId);
      return [...starters.instagram.questions, ...starters.facebook.questions];
    },

    /** Sandbox: the booking fields the portal owns (hours, timing, calendar). */
    setBooking(accountId: number, input: BookingStateInput): BookingState {
      const current = stored(accountId);
      const provider = input.calendar === undefined ? current.booking.calendar_provider : input.calendar.provider;
      const booking = {
        ...current.booking,
        timing: { ...current.booking.timing, ...input.timing },
        calendar_provider: provider,
        // Meeting invites need a connected calendar: disconnecting turns them off.
        google_meet_invites: current.booking.google_meet_invites && provider !== null,
      };
      const behavior = input.business_hours === undefined ? current.behavior : { ...current.behavior, business_hours: input.business_hours };
      save(accountId, { ...current, behavior, booking });
      return bookingState(accountId);
    },

    bookingState,

    /** Sandbox: the next starter publishes to a platform fail with this message (null clears). */
    setPublishFaults(accountId: number, input: PublishFaultsInput): PublishFaults {
      const current = stored(accountId);
      const publish_faults = { ...current.publish_faults, ...input };
      save(accountId, { ...current, publish_faults });
      return publish_faults;
    },

    /** Seeding: the read-only parts as given, then the writable ones through the PATCH rules. */
    seed(accountId: number, readOnlyParts: Partial<StoredAiConfig>, writable: PatchAiConfig, switchStates: Partial<Record<AiChannelKey, PatchAiChannel>>): void {
      const base = merge(stored(accountId), readOnlyParts);
      const calendarConnected = base.booking.calendar_provider !== null;
      let next = applyPatch(base, writable, rules, { features: features(accountId), calendarConnected });
      if (readOnlyParts.identity?.instructions_source !== undefined) {
        next = { ...next, identity: { ...next.identity, instructions_source: readOnlyParts.identity.instructions_source } };
      }
      save(accountId, withSideRules(next));
      for (const [key, state] of Object.entries(switchStates)) if (state) switches.seed(accountId, key as AiChannelKey, state);
    },
  };
}

export type AiConfigModel = ReturnType<typeof createAiConfigModel>;
