/**
 * What a restore checks of the knowledge base (store/rules.ts): the stored shape of FAQs,
 * services, documents, gaps and the sandbox's item-cap overrides, strictly. `category_id` names
 * a portal category the simulator does not keep, and a gap's `conversation_id` is informational
 * (the conversation may since have been deleted; the sandbox may name any), so neither is a
 * checked reference.
 */
import { z } from 'zod';
import { Channel, EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { ANSWER_MAX, DOCUMENT_NAME_MAX, DOCUMENT_SIZE_MAX, DURATION_MAX_MINUTES, KEYWORDS_MAX, QUESTION_MAX, SERVICE_NAME_MAX } from './limits.js';
import { DOCUMENT_TYPES, GAP_STATUSES, PRICE_UNITS, SIGNAL_TYPES, SUGGESTED_TARGETS } from './schemas.js';

const CategoryId = z.number().int().positive().nullable();

export const FaqRecordSchema = storedRecord({
  question: z.string().min(1).max(QUESTION_MAX),
  answer: z.string().min(1).max(ANSWER_MAX),
  keywords: z.string().min(1).max(KEYWORDS_MAX).nullable(),
  category_id: CategoryId,
  active: z.boolean(),
  usage_count: z.number().int().min(0),
  source: z.string().min(1).max(50),
  created_at: Timestamp,
  indexed_ms: EpochMs,
});

export const ServiceRecordSchema = storedRecord({
  name: z.string().min(1).max(SERVICE_NAME_MAX),
  price_cents: z.number().int().min(0),
  price_unit: z.enum(PRICE_UNITS),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an upper-case ISO 4217 code').nullable(),
  description: z.string().nullable(),
  duration_minutes: z.number().int().min(1).max(DURATION_MAX_MINUTES).nullable(),
  display_order: z.number().int().min(0),
  category_id: CategoryId,
  active: z.boolean(),
  is_virtual: z.boolean(),
  image_url: z.string().max(2_048).nullable(),
  created_at: Timestamp,
});

export const DocumentRecordSchema = storedRecord({
  name: z.string().min(1).max(DOCUMENT_NAME_MAX),
  type: z.enum(DOCUMENT_TYPES),
  url: z.string().max(2_048).nullable(),
  active: z.boolean(),
  size_bytes: z.number().int().min(1).max(DOCUMENT_SIZE_MAX),
  created_at: Timestamp,
  processing_ms: EpochMs,
  done_ms: EpochMs,
  fails: z.boolean(),
});

export const GapRecordSchema = storedRecord({
  status: z.enum(GAP_STATUSES),
  signal_type: z.enum(SIGNAL_TYPES),
  channel: Channel,
  conversation_id: z.number().int().positive().nullable(),
  user_message: z.string(),
  ai_response: z.string().nullable(),
  canonical_question: z.string(),
  top_similarity: z.number().min(0).max(1),
  occurrence_count: z.number().int().min(1),
  suggested_answer: z.string().nullable(),
  suggested_target: z.enum(SUGGESTED_TARGETS),
  last_seen_at: Timestamp,
  last_seen_ms: EpochMs,
  created_at: Timestamp,
});

export const LimitRecordSchema = storedRecord({ items: z.number().int().min(0).nullable() });
