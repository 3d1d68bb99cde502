/**
 * What a restore checks of the AI configuration (store/rules.ts): the stored configuration
 * (./state.ts `StoredAiConfig`, every section strictly) and the per-channel switches. Text
 * lengths are the API's business (./rules.ts counts characters, not UTF-16 units), so the
 * stored shape checks types and enumerations, not lengths.
 */
import { z } from 'zod';
import { NullableTimestamp, storedRecord } from '../shared/schemas.js';
import {
  CALENDAR_PROVIDERS,
  ClockTime,
  COMMENT_MODES,
  CSAT_TEMPLATES,
  EXCLUDE_RULE_TYPES,
  FACEBOOK_STARTER_MODES,
  GOALS,
  INSTRUCTION_SOURCES,
  REPLY_LENGTHS,
  TONES,
  WEEKDAYS,
  WELCOME_MODES,
} from './schemas.js';
import { AI_CHANNEL_KEYS } from './switch-schemas.js';

const flags = <K extends string>(names: readonly K[]) => z.strictObject(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<K, z.ZodBoolean>);

const StoredConfig = z.strictObject({
  identity: z.strictObject({
    name: z.string().min(1),
    tone: z.enum(TONES),
    instructions: z.string(),
    instructions_source: z.enum(INSTRUCTION_SOURCES),
    welcome_message: z.string(),
    welcome_mode: z.enum(WELCOME_MODES),
    website_url: z.string().nullable(),
    business_contact_email: z.string().nullable(),
    business_contact_phone: z.string().nullable(),
  }),
  behavior: z.strictObject({
    goals: z.array(z.enum(GOALS)),
    batch_messages: z.boolean(),
    batch_window_ms: z.number().int().min(0),
    auto_escalation: z.boolean(),
    copilot_enabled: z.boolean(),
    business_hours: z
      .array(z.strictObject({ day: z.enum(WEEKDAYS), closed: z.boolean(), open: ClockTime.nullable(), close: ClockTime.nullable() }))
      .length(WEEKDAYS.length),
  }),
  restrictions: z.strictObject({
    off_limits: flags(['legal', 'medical', 'competitors', 'pricing', 'personal', 'offtopic']),
    solicitation_pause: z.boolean(),
  }),
  starters: z.strictObject({
    instagram: z.strictObject({ enabled: z.boolean(), questions: z.array(z.string()) }),
    facebook: z.strictObject({ enabled: z.boolean(), mode: z.enum(FACEBOOK_STARTER_MODES), questions: z.array(z.string()) }),
    published: z.strictObject({
      instagram_published_at: NullableTimestamp,
      instagram_error: z.string().nullable(),
      facebook_published_at: NullableTimestamp,
      facebook_error: z.string().nullable(),
    }),
  }),
  file_handling: flags(['enabled', 'auto_escalate_on_image', 'auto_escalate_on_document', 'auto_escalate_on_video', 'escalate_if_team_online']),
  followups: z.strictObject({
    enabled: z.boolean(),
    first_delay_minutes: z.number().int(),
    second_delay_hours: z.number().int(),
    quiet_hours: z.strictObject({ enabled: z.boolean(), start: ClockTime, end: ClockTime }),
  }),
  csat: z.strictObject({ enabled: z.boolean(), template: z.enum(CSAT_TEMPLATES), custom_message: z.string().nullable() }),
  comment_ai: z.strictObject({
    enabled: z.boolean(),
    mode: z.enum(COMMENT_MODES),
    instructions: z.string(),
    reply_length: z.enum(REPLY_LENGTHS),
    moderation: flags(['spam', 'profanity', 'negativity', 'competitor_links', 'self_promotion']),
    dm_on_hide: z.boolean(),
    dm_message: z.string(),
    exclude_rules: z.array(z.strictObject({ type: z.enum(EXCLUDE_RULE_TYPES), value: z.string().min(1) })),
  }),
  booking: z.strictObject({
    enabled: z.boolean(),
    google_meet_invites: z.boolean(),
    required_fields: z.strictObject({
      ...flags(['name', 'email', 'phone', 'address', 'vehicle', 'cost']).shape,
      address_parts: flags(['city', 'state', 'street']),
    }),
    timing: z.strictObject({
      buffer_minutes: z.number().int().min(0),
      minimum_notice_minutes: z.number().int().min(0),
      max_advance_days: z.number().int().min(1),
      reminder_hours: z.number().int().min(0),
    }),
    calendar_provider: z.enum(CALENDAR_PROVIDERS).nullable(),
  }),
  publish_faults: z.strictObject({ instagram: z.string().nullable(), facebook: z.string().nullable() }),
});

export const AiConfigRecordSchema = storedRecord({ config: StoredConfig });

export const SwitchRecordSchema = storedRecord({
  key: z.enum(AI_CHANNEL_KEYS),
  ai_enabled: z.boolean(),
  automation_enabled: z.boolean(),
});
