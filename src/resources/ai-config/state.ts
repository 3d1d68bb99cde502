/**
 * The AI configuration as stored for an account, and the configuration of an account that never
 * saved one (every account starts from it; the seed changes what it names). What GET shows but
 * does not store is computed when presenting: `available` (the plan), the booking time zone (the
 * account), the bookable services (the knowledge base) and `calendar.connected`.
 */
import type { z } from 'zod';
import type { AiConfigData, BookingTiming, BusinessHour, ExcludeRule } from './schemas.js';
import { NAME_MAX, WELCOME_MESSAGE_MAX } from './limits.js';
import { cutChars } from '../shared/characters.js';

type Section<K extends keyof AiConfigData> = AiConfigData[K];

export interface StoredAiConfig {
  readonly identity: Section<'identity'>;
  readonly behavior: Section<'behavior'>;
  readonly restrictions: Section<'restrictions'>;
  readonly starters: Section<'starters'>;
  readonly file_handling: Omit<Section<'file_handling'>, 'available'>;
  readonly followups: Omit<Section<'followups'>, 'available'>;
  /** `custom_message` null in state saved before it read as ""; answered as "". */
  readonly csat: Omit<Section<'csat'>, 'available' | 'custom_message'> & { readonly custom_message: string | null };
  readonly comment_ai: Omit<Section<'comment_ai'>, 'available'>;
  readonly booking: {
    readonly enabled: boolean;
    readonly google_meet_invites: boolean;
    readonly required_fields: Section<'booking'>['required_fields'];
    readonly timing: z.infer<typeof BookingTiming>;
    readonly calendar_provider: 'google' | 'microsoft' | null;
  };
  /** Sandbox faults: the next publishes to a platform fail with this message until cleared. */
  readonly publish_faults: { readonly instagram: string | null; readonly facebook: string | null };
}

export type BusinessHourData = z.infer<typeof BusinessHour>;
export type ExcludeRuleData = z.infer<typeof ExcludeRule>;

const weekday = (day: BusinessHourData['day']): BusinessHourData => ({ day, closed: false, open: '09:00', close: '17:00' });
const closed = (day: BusinessHourData['day']): BusinessHourData => ({ day, closed: true, open: null, close: null });

/** Monday to Friday, 09:00 to 17:00. */
export const DEFAULT_BUSINESS_HOURS: readonly BusinessHourData[] = [
  weekday('monday'),
  weekday('tuesday'),
  weekday('wednesday'),
  weekday('thursday'),
  weekday('friday'),
  closed('saturday'),
  closed('sunday'),
];

/** What an account that never saved a configuration has (docs/decisions.md, "AI configuration"). */
export function defaultAiConfig(businessName: string): StoredAiConfig {
  return {
    identity: {
      name: cutChars(`${businessName} Assistant`, NAME_MAX),
      tone: 'professional',
      instructions: '',
      instructions_source: 'auto',
      welcome_message: cutChars(`Hi! Thanks for reaching out to ${businessName}. How can I help today?`, WELCOME_MESSAGE_MAX),
      welcome_mode: 'combined',
      website_url: null,
      business_contact_email: null,
      business_contact_phone: null,
    },
    behavior: {
      goals: ['answer_questions'],
      batch_messages: false,
      batch_window_ms: 8_000,
      auto_escalation: true,
      copilot_enabled: false,
      business_hours: [...DEFAULT_BUSINESS_HOURS],
    },
    restrictions: {
      off_limits: { legal: false, medical: false, competitors: false, pricing: false, personal: false, offtopic: false },
      solicitation_pause: true,
    },
    starters: {
      instagram: { enabled: false, questions: [] },
      facebook: { enabled: false, mode: 'ice_breakers', questions: [] },
      published: { instagram_published_at: null, instagram_error: null, facebook_published_at: null, facebook_error: null },
    },
    file_handling: {
      enabled: false,
      auto_escalate_on_image: false,
      auto_escalate_on_document: true,
      auto_escalate_on_video: false,
      escalate_if_team_online: false,
    },
    followups: {
      enabled: false,
      first_delay_minutes: 15,
      second_delay_hours: 20,
      quiet_hours: { enabled: true, start: '21:00', end: '08:00' },
    },
    csat: { enabled: false, template: 'simple', custom_message: '' },
    comment_ai: {
      enabled: false,
      mode: 'approval',
      instructions: '',
      reply_length: 'short',
      moderation: { spam: true, profanity: true, negativity: false, competitor_links: true, self_promotion: false },
      dm_on_hide: false,
      dm_message: 'Hi {name}, we hid your comment. Message us here if there is anything we can help with.',
      exclude_rules: [],
    },
    booking: {
      enabled: false,
      google_meet_invites: false,
      required_fields: {
        name: true,
        email: false,
        phone: true,
        address: false,
        vehicle: false,
        cost: false,
        address_parts: { city: false, state: false, street: false },
      },
      timing: { buffer_minutes: 15, minimum_notice_minutes: 120, max_advance_days: 60, reminder_hours: 24 },
      calendar_provider: null,
    },
    publish_faults: { instagram: null, facebook: null },
  };
}
