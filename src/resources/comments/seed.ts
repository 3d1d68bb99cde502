/** The `handled_comments` section of a seed account: handled comments in any status, placed in the past. */
import { z } from 'zod';
import { parseDuration } from '../../core/duration.js';
import { seedFor } from '../../groups/define.js';
import { Duration, NullableTimestamp } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { CommentsModel } from './model.js';
import { MODERATION_FLAGS } from './analysis.js';
import { COMMENT_CHANNELS, HANDLED_STATUSES, REPLY_MAX } from './schemas.js';

/**
 * What a pulled comment keeps of its own instead of what the sandbox would derive from its text
 * (a redacted text derives other sentiment, flags and draft): all optional, all as GET shows them.
 */
const Kept = {
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  comment_id: z.string().min(1).max(255).optional().describe('The platform comment id; default a sandbox id.'),
  sentiment: z.strictObject({ label: z.enum(['positive', 'neutral', 'negative']), score: z.number().min(-1).max(1) }).optional(),
  flags: z.array(z.enum(MODERATION_FLAGS)).optional(),
  dm_status: z.enum(['sent', 'not_sent']).nullable().optional(),
  dm_text: z.string().max(2200).nullable().optional(),
  draft: z.string().max(REPLY_MAX).nullable().optional(),
  sent_text: z.string().max(REPLY_MAX).nullable().optional(),
  edited: z.boolean().optional(),
  sent_at: NullableTimestamp.optional(),
  reviewed_by: z.string().min(1).max(100).nullable().optional(),
  reviewed_at: NullableTimestamp.optional(),
};

export const SeedHandledComment = z.strictObject({
  ...Kept,
  status: z.enum(HANDLED_STATUSES),
  channel: z.enum(COMMENT_CHANNELS),
  post_id: z.string().min(1).max(64).nullable().optional(),
  text: z.string().min(1).max(10_000),
  commenter_id: z.string().min(1).max(255),
  commenter_username: z.string().min(1).max(100).nullable().optional(),
  ago: Duration.optional().describe('How long ago it arrived (under 30 days); default now.'),
});

export const commentSeed = seedFor<CommentsModel>()({
  fields: { handled_comments: z.array(SeedHandledComment).optional() },
  defaults,
  ids: { handled_comments: 'handled_comment' },
  apply: ({ model, accountId, each }, { handled_comments }) => {
    each('handled_comments', handled_comments, ({ ago, id: _id, ...comment }) => void model.load(accountId, { ...comment, age: ago === undefined ? 0 : parseDuration(ago) }));
  },
});
