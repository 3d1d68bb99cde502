/**
 * AI configuration shapes (2.17, 4.11): the nine sections as GET answers them, the PATCH body
 * (any subset of sections and fields; unknown ones and read-only ones answer 400 naming them),
 * and the seed's form. No logic here: the limits the model applies are in ./limits.ts and
 * described on each field.
 */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Email } from '../contacts/schemas.js';
import { NullableTimestamp } from '../shared/schemas.js';
import {
  BATCH_WINDOW_MAX_MS,
  BATCH_WINDOW_MIN_MS,
  COMMENT_INSTRUCTIONS_MAX,
  CSAT_CUSTOM_MESSAGE_MAX,
  DM_MESSAGE_MAX,
  EXCLUDE_RULE_VALUE_MAX,
  FIRST_DELAY_MINUTES,
  INSTRUCTIONS_MAX,
  NAME_MAX,
  PHONE_MAX,
  SECOND_DELAY_HOURS,
  STARTER_QUESTION_MAX,
  STARTER_QUESTIONS_MAX,
  WEBSITE_URL_MAX,
  WELCOME_MESSAGE_MAX,
} from './limits.js';

export const TONES = ['casual', 'professional', 'formal'] as const;
export const WELCOME_MODES = ['combined', 'standalone'] as const;
export const GOALS = ['answer_questions', 'book_appointments', 'capture_leads', 'qualify_prospects'] as const;
export const FACEBOOK_STARTER_MODES = ['ice_breakers', 'get_started'] as const;
export const CSAT_TEMPLATES = ['simple', 'friendly', 'professional', 'custom'] as const;
export const COMMENT_MODES = ['auto', 'approval'] as const;
export const REPLY_LENGTHS = ['short', 'medium', 'detailed'] as const;
export const EXCLUDE_RULE_TYPES = ['post_id', 'keyword'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const CALENDAR_PROVIDERS = ['google', 'microsoft'] as const;
export const INSTRUCTION_SOURCES = ['auto', 'manual'] as const;

/** A wall-clock time of day, 00:00 to 23:59. */
export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (00:00 to 23:59)');

// ---- field groups shared by the stored shape, the PATCH body and the seed ------------------------

const OffLimits = z.object({
  legal: z.boolean(),
  medical: z.boolean(),
  competitors: z.boolean(),
  pricing: z.boolean(),
  personal: z.boolean(),
  offtopic: z.boolean(),
});

const Moderation = z.object({
  spam: z.boolean(),
  profanity: z.boolean(),
  negativity: z.boolean(),
  competitor_links: z.boolean(),
  self_promotion: z.boolean(),
});

const AddressParts = z.object({ city: z.boolean(), state: z.boolean(), street: z.boolean() });

export const RequiredFields = z.object({
  name: z.boolean().describe('Always true in answers: 4.6 requires the name of every booking.'),
  email: z.boolean().describe('True while google_meet_invites is on, whatever was stored.'),
  phone: z.boolean(),
  address: z.boolean(),
  vehicle: z.boolean(),
  cost: z.boolean(),
  address_parts: AddressParts,
});

const QuietHours = z.object({ enabled: z.boolean(), start: ClockTime, end: ClockTime });

export const ExcludeRule = z.strictObject({
  type: z.enum(EXCLUDE_RULE_TYPES),
  value: z.string().min(1).max(EXCLUDE_RULE_VALUE_MAX),
});

export const BusinessHour = z.object({
  day: z.enum(WEEKDAYS),
  closed: z.boolean(),
  open: ClockTime.nullable().describe('Opening time (HH:MM, account time zone); null when closed.'),
  close: ClockTime.nullable().describe('Closing time (HH:MM); null when closed.'),
});

export const BookingTiming = z.object({
  buffer_minutes: z.number().int().min(0).max(240).describe('Kept free after each appointment.'),
  minimum_notice_minutes: z.number().int().min(0).max(43_200).describe('No slot sooner than this from now.'),
  max_advance_days: z.number().int().min(1).max(365).describe('No slot later than this many days ahead.'),
  reminder_hours: z.number().int().min(0).max(168).describe('The reminder goes this many hours before; 0 sends none.'),
});

export const Calendar = z.object({
  connected: z.boolean(),
  provider: z.enum(CALENDAR_PROVIDERS).nullable().describe('The connected calendar; null when none.'),
});

export const BookableService = named(
  'BookableService',
  z.object({
    id: z.number().int(),
    name: z.string(),
    duration_minutes: z.number().int().describe('How long a booking of it takes: the service\'s duration, else 30 minutes (8).'),
    price: z.string().describe('Two-decimal string.'),
    currency: z.string().nullable(),
    is_virtual: z.boolean(),
  }),
);

export const StarterQuestions = z.array(z.string());

const Published = z.object({
  instagram_published_at: NullableTimestamp.describe('Last successful publish to Instagram.'),
  instagram_error: z.string().nullable().describe('Why the last publish to Instagram failed; null when it worked.'),
  facebook_published_at: NullableTimestamp,
  facebook_error: z.string().nullable(),
});

// ---- what GET /ai/config answers ----------------------------------------------------------------

export const AiConfig = named(
  'AiConfig',
  z.object({
    identity: z.object({
      name: z.string(),
      tone: z.enum(TONES),
      instructions: z.string(),
      instructions_source: z.enum(INSTRUCTION_SOURCES).describe('Read-only: `manual` once instructions are written through the API.'),
      welcome_message: z.string(),
      welcome_mode: z.enum(WELCOME_MODES),
      website_url: z.string().nullable(),
      business_contact_email: z.string().nullable(),
      business_contact_phone: z.string().nullable(),
    }),
    behavior: z.object({
      goals: z.array(z.enum(GOALS)),
      batch_messages: z.boolean(),
      batch_window_ms: z.number().int(),
      auto_escalation: z.boolean(),
      copilot_enabled: z.boolean(),
      business_hours: z.array(BusinessHour).describe('Read-only: seven entries, Monday first.'),
    }),
    restrictions: z.object({ off_limits: OffLimits, solicitation_pause: z.boolean() }),
    starters: z.object({
      instagram: z.object({ enabled: z.boolean(), questions: StarterQuestions }),
      facebook: z.object({ enabled: z.boolean(), mode: z.enum(FACEBOOK_STARTER_MODES), questions: StarterQuestions }),
      published: Published.describe('Read-only: the last publish to each platform.'),
    }),
    file_handling: z.object({
      available: z.boolean(),
      enabled: z.boolean(),
      auto_escalate_on_image: z.boolean(),
      auto_escalate_on_document: z.boolean(),
      auto_escalate_on_video: z.boolean(),
      escalate_if_team_online: z.boolean(),
    }),
    followups: z.object({
      available: z.boolean(),
      enabled: z.boolean(),
      first_delay_minutes: z.number().int(),
      second_delay_hours: z.number().int(),
      quiet_hours: QuietHours,
    }),
    csat: z.object({
      available: z.boolean(),
      enabled: z.boolean(),
      template: z.enum(CSAT_TEMPLATES),
      custom_message: z.string().describe('"" when no custom text is set.'),
    }),
    comment_ai: z.object({
      available: z.boolean(),
      enabled: z.boolean(),
      mode: z.enum(COMMENT_MODES),
      instructions: z.string(),
      reply_length: z.enum(REPLY_LENGTHS),
      moderation: Moderation,
      dm_on_hide: z.boolean(),
      dm_message: z.string(),
      exclude_rules: z.array(z.object({ type: z.enum(EXCLUDE_RULE_TYPES), value: z.string() })),
    }),
    booking: z.object({
      enabled: z.boolean(),
      google_meet_invites: z.boolean(),
      required_fields: RequiredFields,
      timing: BookingTiming.extend({ timezone: z.string().describe('The account time zone (IANA).') }).describe('Read-only.'),
      calendar: Calendar.describe('Read-only.'),
      bookable_services: z.array(BookableService).describe('Read-only: the active knowledge-base services.'),
    }),
  }),
);

export type AiConfigData = z.infer<typeof AiConfig>;
export type BookableServiceData = z.infer<typeof BookableService>;

// ---- PATCH /ai/config ---------------------------------------------------------------------------

/** A read-only field: leave it out; sending it answers 400 naming it (docs/decisions.md). */
const readOnly = (what: string) =>
  z
    .unknown()
    .refine(() => false, 'is read-only; leave it out')
    .optional()
    .describe(`Read-only (${what}): sending it answers 400 invalid_param.`);

/** Every field optional, unknown fields refused: a partial update of one object. */
function partial<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape).partial();
}

const Text = z.string();

export const PatchAiConfigBody = z.strictObject({
  identity: z
    .strictObject({
      name: z.string().min(1).optional().describe(`Clamped to ${NAME_MAX} characters.`),
      tone: z.enum(TONES).optional(),
      instructions: Text.optional().describe(`Up to ${INSTRUCTIONS_MAX.toLocaleString('en-US')} characters; longer is refused (400).`),
      instructions_source: readOnly('set to manual when instructions are written'),
      welcome_message: Text.optional().describe(`Clamped to ${WELCOME_MESSAGE_MAX} characters.`),
      welcome_mode: z.enum(WELCOME_MODES).optional(),
      website_url: z.httpUrl().max(WEBSITE_URL_MAX).nullable().optional(),
      business_contact_email: Email.nullable().optional(),
      business_contact_phone: z.string().min(3).max(PHONE_MAX).nullable().optional(),
    })
    .optional(),
  behavior: z
    .strictObject({
      goals: z.array(z.enum(GOALS)).max(GOALS.length).optional().describe('Replaced whole; repeats are dropped.'),
      batch_messages: z.boolean().optional().describe('Stays on while file handling is enabled.'),
      batch_window_ms: z
        .number()
        .int()
        .optional()
        .describe(`Clamped to ${BATCH_WINDOW_MIN_MS} to ${BATCH_WINDOW_MAX_MS}: below is raised to ${BATCH_WINDOW_MIN_MS}, above is lowered to ${BATCH_WINDOW_MAX_MS} (4.11 clamps the batch window).`),
      auto_escalation: z.boolean().optional(),
      copilot_enabled: z.boolean().optional(),
      business_hours: readOnly('set in the portal'),
    })
    .optional(),
  restrictions: z
    .strictObject({
      off_limits: partial(OffLimits.shape).optional(),
      solicitation_pause: z.boolean().optional(),
    })
    .optional(),
  starters: z
    .strictObject({
      instagram: z
        .strictObject({
          enabled: z.boolean().optional(),
          questions: StarterQuestions.optional().describe(
            `Replaced whole: up to ${STARTER_QUESTIONS_MAX} questions of 1 to ${STARTER_QUESTION_MAX} characters; enabled needs at least one.`,
          ),
        })
        .optional(),
      facebook: z
        .strictObject({
          enabled: z.boolean().optional(),
          mode: z.enum(FACEBOOK_STARTER_MODES).optional(),
          questions: StarterQuestions.optional().describe('As for Instagram; ice breakers enabled need at least one.'),
        })
        .optional(),
      published: readOnly('the outcome of the last publish'),
    })
    .optional()
    .describe('Sending this section publishes the starters to both platforms at once.'),
  file_handling: z
    .strictObject({
      available: readOnly('from the plan'),
      enabled: z.boolean().optional().describe('Enabling turns batch_messages on.'),
      auto_escalate_on_image: z.boolean().optional(),
      auto_escalate_on_document: z.boolean().optional(),
      auto_escalate_on_video: z.boolean().optional(),
      escalate_if_team_online: z.boolean().optional(),
    })
    .optional(),
  followups: z
    .strictObject({
      available: readOnly('from the plan'),
      enabled: z.boolean().optional(),
      first_delay_minutes: z
        .number()
        .int()
        .optional()
        .describe(`${FIRST_DELAY_MINUTES.min} to ${FIRST_DELAY_MINUTES.max}; else refused (400).`),
      second_delay_hours: z
        .number()
        .int()
        .optional()
        .describe(`${SECOND_DELAY_HOURS.min} to ${SECOND_DELAY_HOURS.max}; else refused (400).`),
      quiet_hours: partial(QuietHours.shape).optional(),
    })
    .optional(),
  csat: z
    .strictObject({
      available: readOnly('from the plan'),
      enabled: z.boolean().optional(),
      template: z.enum(CSAT_TEMPLATES).optional().describe('An unknown template is refused (400).'),
      custom_message: Text.nullable().optional().describe(`Up to ${CSAT_CUSTOM_MESSAGE_MAX} characters; longer is refused (400); null or "" clears it (answered as "").`),
    })
    .optional(),
  comment_ai: z
    .strictObject({
      available: readOnly('from the plan'),
      enabled: z.boolean().optional(),
      mode: z.enum(COMMENT_MODES).optional(),
      instructions: Text.optional().describe(`Up to ${COMMENT_INSTRUCTIONS_MAX} characters; longer is refused (400).`),
      reply_length: z.enum(REPLY_LENGTHS).optional(),
      moderation: partial(Moderation.shape).optional().describe('True hides the comment.'),
      dm_on_hide: z.boolean().optional(),
      dm_message: z.string().max(DM_MESSAGE_MAX).optional().describe('{name} is the commenter.'),
      exclude_rules: z.array(ExcludeRule).optional().describe('Replaced whole on write.'),
    })
    .optional(),
  booking: z
    .strictObject({
      enabled: z.boolean().optional().describe('Off: the AI declines booking requests; the API and portal can still book.'),
      google_meet_invites: z.boolean().optional().describe('Needs a connected calendar (else 400); required_fields.email reads true while it is on, and the stored choice returns when it is off.'),
      required_fields: z
        .strictObject({
          ...partial(RequiredFields.omit({ address_parts: true }).shape).shape,
          address_parts: partial(AddressParts.shape).optional(),
        })
        .optional(),
      timing: readOnly('set in the portal'),
      calendar: readOnly('connected in the portal'),
      bookable_services: readOnly('the knowledge-base services'),
    })
    .optional(),
});

export type PatchAiConfig = z.infer<typeof PatchAiConfigBody>;

/** The nine section names, in the order of 2.17. */
export const SECTIONS = ['identity', 'behavior', 'restrictions', 'starters', 'file_handling', 'followups', 'csat', 'comment_ai', 'booking'] as const;
export type SectionName = (typeof SECTIONS)[number];
