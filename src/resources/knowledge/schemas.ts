/** Knowledge-base shapes (2.19, 4.12): usage, FAQs, services, documents, knowledge gaps. No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Channel, NullableTimestamp, QueryBoolean, RealInstant, Timestamp } from '../shared/schemas.js';
import {
  ANSWER_MAX,
  DISPLAY_ORDER_MAX,
  DOCUMENT_NAME_MAX,
  DURATION_MAX_MINUTES,
  KEYWORDS_MAX,
  PRICE_MAX,
  QUESTION_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_NAME_MAX,
} from './limits.js';

export const PRICE_UNITS = ['fixed', 'hourly', 'per_unit', 'quote'] as const;
export const EMBEDDING_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export const DOCUMENT_TYPES = ['pdf', 'docx', 'txt', 'csv', 'md', 'html', 'url'] as const;
export const GAP_STATUSES = ['open', 'pending', 'resolved', 'dismissed'] as const;
export const SIGNAL_TYPES = ['no_knowledge', 'weak_match', 'negative_feedback', 'escalation'] as const;
export const SUGGESTED_TARGETS = ['new_faq', 'instructions'] as const;

/** Text that is not only white space. */
const Filled = (max: number) => z.string().min(1).max(max).regex(/\S/, 'must not be blank');

/** ISO 4217 codes the platform knows (Intl), upper case; lower case is read as upper. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
export const Currency = z
  .string()
  .transform((code) => code.toUpperCase())
  .refine((code) => CURRENCY_CODES.has(code), 'must be an ISO 4217 currency code like USD')
  .describe('ISO 4217 code; null uses the account default.');

// ---- usage ----------------------------------------------------------------------------------------

export const KnowledgeUsage = named(
  'KnowledgeUsage',
  z.object({
    items: z.object({
      current: z.number().int().describe('FAQs, services and documents together (one shared cap).'),
      limit: z.number().int(),
      remaining: z.number().int(),
      can_add: z.boolean().describe('Check before creating: false means the next item answers 403 plan_limit_reached.'),
      breakdown: z.object({ faqs: z.number().int(), services: z.number().int(), documents: z.number().int() }),
    }),
    document_storage: z.object({
      available: z.boolean(),
      current_mb: z.number().describe('Megabytes used by documents, two decimals.'),
      limit_mb: z.number(),
    }),
  }),
);

// ---- FAQs -----------------------------------------------------------------------------------------

export const Faq = named(
  'Faq',
  z.object({
    id: z.number().int(),
    question: z.string(),
    answer: z.string(),
    keywords: z.string().nullable().describe('Comma-separated; null when none.'),
    category_id: z.number().int().nullable(),
    active: z.boolean(),
    usage_count: z.number().int().describe('How often the AI answered with it.'),
    has_embedding: z.boolean().describe('Indexed: the AI can answer with it.'),
    source: z.string().describe('`api` for FAQs created here; `manual` (portal), `gap` (from a knowledge gap), `website` (imported).'),
    created_at: Timestamp,
    embedding_pending: z.boolean().optional().describe('On create and update responses: true while indexing runs.'),
  }),
);

const Keywords = z.string().max(KEYWORDS_MAX).describe('Comma-separated keywords; "" clears them. Stored trimmed, joined by ", ".');

export const CreateFaqBody = z.strictObject({
  question: Filled(QUESTION_MAX).describe(`1 to ${QUESTION_MAX.toLocaleString('en-US')} characters.`),
  answer: Filled(ANSWER_MAX).describe(`1 to ${ANSWER_MAX.toLocaleString('en-US')} characters.`),
  keywords: Keywords.nullable().optional(),
  active: z.boolean().optional().describe('Default true.'),
});

export const UPDATABLE_FAQ_FIELDS = ['question', 'answer', 'keywords', 'active'] as const;

/** At least one field: refused after the FAQ is found (core/empty-patch.ts). */
export const PatchFaqBody = CreateFaqBody.partial();

export const FaqListQuery = z.object({
  include_inactive: QueryBoolean.optional().describe('true lists inactive FAQs too (default: active only).'),
});

// ---- services -------------------------------------------------------------------------------------

export const Service = named(
  'Service',
  z.object({
    id: z.number().int(),
    name: z.string(),
    price: z.string().describe('Two-decimal string, e.g. "45.00".'),
    price_unit: z.enum(PRICE_UNITS),
    currency: z.string().nullable().describe('ISO 4217; null uses the account default.'),
    description: z.string().nullable(),
    duration_minutes: z.number().int().nullable().describe('What an appointment for it lasts; null means 30 minutes (8).'),
    display_order: z.number().int(),
    category_id: z.number().int().nullable(),
    active: z.boolean(),
    is_virtual: z.boolean().describe('True only with a connected calendar and Meet invites on (else stored false).'),
    image_url: z.string().nullable().describe('Read-only.'),
    created_at: Timestamp,
  }),
);

const serviceFields = {
  name: Filled(SERVICE_NAME_MAX).describe(`1 to ${SERVICE_NAME_MAX} characters.`),
  price: z.number().min(0).max(PRICE_MAX).describe('A number, at least 0; answered as a two-decimal string (rounded to cents).'),
  price_unit: z.enum(PRICE_UNITS).optional().describe('Default fixed.'),
  currency: Currency.nullable().optional(),
  description: z.string().max(SERVICE_DESCRIPTION_MAX).nullable().optional(),
  duration_minutes: z.number().int().min(1).max(DURATION_MAX_MINUTES).nullable().optional(),
  display_order: z.number().int().min(0).max(DISPLAY_ORDER_MAX).optional().describe('Default 0; bookable services are listed by it.'),
  category_id: z.number().int().min(1).nullable().optional(),
  active: z.boolean().optional().describe('Default true.'),
  is_virtual: z.boolean().optional().describe('Honoured only with a connected calendar and Meet invites on; else stored false.'),
  image_url: z
    .unknown()
    .refine(() => false, 'is read-only; leave it out')
    .optional()
    .describe('Read-only: sending it answers 400 invalid_param.'),
};

export const CreateServiceBody = z.strictObject(serviceFields);

/** At least one field: refused after the service is found (core/empty-patch.ts). */
export const PatchServiceBody = z.strictObject(serviceFields).partial();
export const UPDATABLE_SERVICE_FIELDS = Object.keys(serviceFields).filter((field) => field !== 'image_url');

// ---- documents ------------------------------------------------------------------------------------

export const KnowledgeDocument = named(
  'KnowledgeDocument',
  z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    url: z.string().nullable().describe('Where it came from (a web page) or is kept; null when none.'),
    active: z.boolean(),
    size_bytes: z.number().int(),
    embedding_status: z.enum(EMBEDDING_STATUSES),
    embedding_count: z.number().int(),
    last_embedded_at: NullableTimestamp,
    created_at: Timestamp,
  }),
);

/** At least one field: refused after the document is found (core/empty-patch.ts). */
export const PatchDocumentBody = z.strictObject({ name: Filled(DOCUMENT_NAME_MAX).optional(), active: z.boolean().optional() });
export const UPDATABLE_DOCUMENT_FIELDS = Object.keys(PatchDocumentBody.shape);

// ---- knowledge gaps -------------------------------------------------------------------------------

export const KnowledgeGap = named(
  'KnowledgeGap',
  z.object({
    id: z.number().int(),
    status: z.enum(GAP_STATUSES),
    signal_type: z.enum(SIGNAL_TYPES),
    channel: Channel,
    conversation_id: z.number().int().nullable(),
    user_message: z.string().describe('The latest message that raised it.'),
    ai_response: z.string().nullable(),
    canonical_question: z.string(),
    top_similarity: z.number().describe('How close the best FAQ came, 0 to 1.'),
    occurrence_count: z.number().int(),
    suggested_answer: z.string().nullable(),
    suggested_target: z.enum(SUGGESTED_TARGETS).describe('Where the fix belongs: a new FAQ, or the AI instructions.'),
    last_seen_at: Timestamp,
  }),
);

export const GapListQuery = z.object({
  status: z.enum([...GAP_STATUSES, 'all']).optional().describe('Default open.'),
  signal_type: z.enum(SIGNAL_TYPES).optional(),
  channel: Channel.optional(),
  since: RealInstant.optional()
    .describe('Only gaps last seen at or after this instant.'),
});

// ---- deletion -------------------------------------------------------------------------------------

export const DeletedKnowledgeItem = named(
  'DeletedKnowledgeItem',
  z.object({
    id: z.number().int(),
    object: z.enum(['faq', 'service', 'document']),
    deleted: z.literal(true),
    embeddings_removed: z.number().int().optional().describe('Documents: how many embeddings went with it.'),
  }),
);

export type FaqData = z.infer<typeof Faq>;
export type ServiceData = z.infer<typeof Service>;
export type DocumentData = z.infer<typeof KnowledgeDocument>;
export type GapData = z.infer<typeof KnowledgeGap>;
export type UsageData = z.infer<typeof KnowledgeUsage>;
export type CreateFaq = z.infer<typeof CreateFaqBody>;
export type PatchFaq = z.infer<typeof PatchFaqBody>;
export type CreateService = z.infer<typeof CreateServiceBody>;
export type PatchService = z.infer<typeof PatchServiceBody>;
export type PatchDocument = z.infer<typeof PatchDocumentBody>;
export type GapListFilters = z.infer<typeof GapListQuery>;
