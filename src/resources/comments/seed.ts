/** The `handled_comments` section of a seed account: handled comments in any status, placed in the past. */
import { z } from 'zod';
import { parseDuration } from '../../core/duration.js';
import { seedFor } from '../../groups/define.js';
import { Duration } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { CommentsModel } from './model.js';
import { COMMENT_CHANNELS, HANDLED_STATUSES } from './schemas.js';

export const SeedHandledComment = z.strictObject({
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
  apply: ({ model, accountId, each }, { handled_comments }) => {
    each('handled_comments', handled_comments, ({ ago, ...comment }) => void model.load(accountId, { ...comment, age: ago === undefined ? 0 : parseDuration(ago) }));
  },
});
