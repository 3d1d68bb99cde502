/** Stored comment triggers and their fire log (what `stats`, once-per-user and analytics read). */
import { z } from 'zod';
import type { RecordRules } from '../../store/rules.js';
import { EpochMs, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { Button, MATCH_TYPES, PostId, RESPONSE_MODES, SOURCE_TYPES, TRIGGER_PLATFORMS } from './schemas.js';

const Count = z.number().int().min(0);

const TriggerRecordSchema = storedRecord({
  name: z.string(),
  active: z.boolean(),
  platform: z.enum(TRIGGER_PLATFORMS),
  source_type: z.enum(SOURCE_TYPES),
  post_id: PostId.nullable(),
  keywords: z.array(z.string()),
  match_type: z.enum(MATCH_TYPES),
  exclude_keywords: z.array(z.string()),
  response_mode: z.enum(RESPONSE_MODES),
  public_replies: z.array(z.string()),
  dm_templates: z.array(z.string()),
  dm_use_ai: z.boolean(),
  dm_ai_goal: z.string().nullable(),
  buttons: z.array(Button),
  hide_comment_after_dm: z.boolean(),
  tag_id: z.number().int().positive().nullable(),
  created_paused: z.boolean(),
  fires: Count,
  dms_sent: Count,
  dms_skipped: Count,
  public_replies_sent: Count,
  comments_hidden: Count,
  last_fired_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type TriggerRecord = z.infer<typeof TriggerRecordSchema>;

export const triggerRules: RecordRules<TriggerRecord> = { schema: TriggerRecordSchema, sequence: 'comment_trigger' };

const FireRecordSchema = storedRecord({
  trigger_id: z.number().int().positive(),
  /** `<channel>:<platform user id>` of the commenter. */
  commenter: z.string(),
  comment_id: z.string(),
  dm_sent: z.boolean(),
  at_ms: EpochMs,
});
export type FireRecord = z.infer<typeof FireRecordSchema>;

export const fireRules: RecordRules<FireRecord> = { schema: FireRecordSchema, sequence: 'comment_trigger_fire' };
