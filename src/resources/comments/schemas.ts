/** Handled comment shapes (2.24, 3.6) and the /comments request bodies and queries (4.14). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { NullableTimestamp, RealInstant, Timestamp } from '../shared/schemas.js';
import { MODERATION_FLAGS } from './analysis.js';

export const HANDLED_STATUSES = ['pending', 'sent', 'moderated', 'rejected', 'failed', 'skipped'] as const;
export type HandledStatus = (typeof HANDLED_STATUSES)[number];
export const COMMENT_CHANNELS = ['instagram', 'facebook'] as const;
export const BULK_MAX = 100;
export const BULK_HARD_MAX = 1000;
export const REPLY_MAX = 2200;

export const HandledComment = named(
  'HandledComment',
  z.object({
    id: z.number().int(),
    status: z.enum(HANDLED_STATUSES),
    channel: z.enum(COMMENT_CHANNELS),
    post_id: z.string().nullable(),
    comment: z.object({ id: z.string(), text: z.string(), commenter_id: z.string(), commenter_username: z.string().nullable() }),
    sentiment: z.object({ label: z.enum(['positive', 'neutral', 'negative']), score: z.number().min(-1).max(1) }),
    moderation: z.object({
      action: z.enum(['none', 'hidden']),
      flags: z.array(z.enum(MODERATION_FLAGS)),
      dm_status: z.enum(['sent', 'not_sent']).nullable().describe('After a hide with dm_on_hide: whether the DM went; null when no DM was due.'),
      dm_text: z.string().nullable(),
    }),
    reply: z.object({
      draft: z.string().nullable(),
      sent_text: z.string().nullable(),
      edited: z.boolean(),
      sent_at: NullableTimestamp,
      meta_reply_id: z.string().nullable(),
    }),
    reviewed_by: z.string().nullable().describe('`api` for an approval or rejection through the API; null otherwise.'),
    reviewed_at: NullableTimestamp,
    created_at: Timestamp,
  }),
);
export type HandledCommentData = z.infer<typeof HandledComment>;

export const ListCommentsQuery = z.object({
  status: z.enum(HANDLED_STATUSES).optional().describe('pending is the approval queue.'),
  channel: z.enum(COMMENT_CHANNELS).optional(),
  post_id: z.string().min(1).max(64).optional(),
  since: RealInstant.optional().describe('Only comments created at or after this time.'),
});
export type ListCommentsFilters = z.output<typeof ListCommentsQuery>;

export const ApproveBody = z.strictObject({
  text: z.string().min(1).max(REPLY_MAX).regex(/\S/, 'must not be blank').optional().describe('Own wording (edited true); omitted posts the draft.'),
});

export const BulkIds = z.strictObject({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    // The 100-id cap is the model's rule (so a mutant can break it); the schema only bounds abuse.
    .max(BULK_HARD_MAX)
    .meta({ maxItems: BULK_MAX })
    .describe('1 to 100 handled comment ids; repeats count once; ids not pending (or not found) are skipped silently.'),
});

export const BulkApproveResult = z.object({
  approved: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ id: z.number().int(), code: z.literal('send_failed'), message: z.string() })),
});

export const BulkRejectResult = z.object({ rejected: z.number().int() });

export const CommentStats = named(
  'HandledCommentStats',
  z.object({
    queue_depth: z.number().int().describe('Pending drafts awaiting approval.'),
    today: z.object({ handled: z.number().int(), limit: z.number().int() }).describe('AI replies drafted today (UTC) against the plan daily cap.'),
    month: z.object({ handled: z.number().int(), limit: z.number().int() }).describe('AI replies drafted this calendar month (UTC) against the plan monthly cap.'),
    by_status: z.object(Object.fromEntries(HANDLED_STATUSES.map((status) => [status, z.number().int()])) as Record<HandledStatus, z.ZodNumber>),
    sentiment: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
    retention_days: z.literal(30),
  }),
);

export const CommentFaults = z.strictObject({
  refuse_replies: z.boolean().optional().describe('The platform refuses every reply: approvals fail (422 send_failed) and auto replies end failed.'),
});
export const CommentFaultState = z.object({ refuse_replies: z.boolean() });
