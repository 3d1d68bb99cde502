/** Sandbox inputs of the knowledge base (what the portal or the AI would do). No logic here. */
import { z } from 'zod';
import { Channel } from '../shared/schemas.js';
import { DOCUMENT_NAME_MAX, DOCUMENT_SIZE_MAX } from './limits.js';
import { DOCUMENT_TYPES, GAP_STATUSES, SIGNAL_TYPES, SUGGESTED_TARGETS } from './schemas.js';

export const AddDocumentBody = z.strictObject({
  name: z.string().min(1).max(DOCUMENT_NAME_MAX).regex(/\S/, 'must not be blank'),
  type: z.enum(DOCUMENT_TYPES),
  size_bytes: z.number().int().min(1).max(DOCUMENT_SIZE_MAX),
  url: z.httpUrl().max(2_048).nullable().optional().describe('Where it came from (a web page); else null.'),
  active: z.boolean().optional(),
  fail: z.boolean().optional().describe('The embedding job ends `failed` instead of `completed`.'),
});

export const CreateGapBody = z.strictObject({
  signal_type: z.enum(SIGNAL_TYPES),
  channel: Channel,
  user_message: z.string().min(1).max(2_000),
  conversation_id: z.number().int().min(1).nullable().optional(),
  status: z.enum(GAP_STATUSES).optional().describe('Default open.'),
  ai_response: z.string().max(10_000).nullable().optional(),
  top_similarity: z.number().min(0).max(1).optional(),
  occurrence_count: z.number().int().min(1).max(1_000_000).optional(),
  suggested_answer: z.string().max(10_000).nullable().optional(),
  suggested_target: z.enum(SUGGESTED_TARGETS).optional().describe('Default new_faq for no_knowledge and weak_match, else instructions.'),
});

export const SetKnowledgeLimitBody = z.strictObject({
  items: z.number().int().min(0).max(1_000_000).nullable().describe("The account's item cap; null restores the plan's."),
});
