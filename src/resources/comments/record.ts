/** Stored handled comments (2.24). */
import { z } from 'zod';
import type { RecordRules } from '../../store/rules.js';
import { EpochMs, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { MODERATION_FLAGS } from './analysis.js';
import { COMMENT_CHANNELS, HANDLED_STATUSES } from './schemas.js';

const HandledRecordSchema = storedRecord({
  status: z.enum(HANDLED_STATUSES),
  channel: z.enum(COMMENT_CHANNELS),
  post_id: z.string().nullable(),
  comment_id: z.string(),
  text: z.string(),
  commenter_id: z.string(),
  commenter_username: z.string().nullable(),
  sentiment_label: z.enum(['positive', 'neutral', 'negative']),
  sentiment_score: z.number(),
  moderation_action: z.enum(['none', 'hidden']),
  flags: z.array(z.enum(MODERATION_FLAGS)),
  dm_status: z.enum(['sent', 'not_sent']).nullable(),
  dm_text: z.string().nullable(),
  draft: z.string().nullable(),
  sent_text: z.string().nullable(),
  edited: z.boolean(),
  sent_at: NullableTimestamp,
  meta_reply_id: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: NullableTimestamp,
  created_at: Timestamp,
  created_ms: EpochMs,
});
export type HandledRecord = z.infer<typeof HandledRecordSchema>;
export const handledRules: RecordRules<HandledRecord> = { schema: HandledRecordSchema, sequence: 'handled_comment' };

const FaultRecordSchema = storedRecord({ refuse_replies: z.boolean() });
export type FaultRecord = z.infer<typeof FaultRecordSchema>;
export const faultRules: RecordRules<FaultRecord> = { schema: FaultRecordSchema, sequence: 'comment_fault' };

/** The AI comment manager's daily and monthly reply caps per plan (not shown; ours). */
export const COMMENT_AI_CAPS = {
  free: { day: 0, month: 0 },
  creator: { day: 0, month: 0 },
  pro: { day: 100, month: 2000 },
  business: { day: 500, month: 10000 },
} as const;
