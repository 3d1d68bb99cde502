/** Input and output of the "a customer comments" sandbox power. No logic here. */
import { z } from 'zod';
import { COMMENT_SOURCES, LIMITS, OUTCOMES, POST_PLATFORMS, PostId } from './schemas.js';

export const ArrivingCommentBody = z.strictObject({
  platform: z.enum(POST_PLATFORMS),
  post_id: PostId.nullable().optional().describe('The post commented on; null or omitted for none known.'),
  source_type: z.enum(COMMENT_SOURCES).optional().describe('Default comment.'),
  text: z.string().min(1).max(LIMITS.text),
  comment_id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/).optional().describe('Default: a new sandbox id.'),
  commenter: z.strictObject({
    id: z.string().min(1).max(255).describe('The commenter’s platform user id.'),
    username: z.string().min(1).max(100).optional(),
    name: z.string().min(1).max(255).optional(),
  }),
});
export type ArrivingCommentInput = z.output<typeof ArrivingCommentBody>;

export const CommentArrival = z.object({
  comment_id: z.string(),
  delivered: z.boolean().describe('False when the commenter is blocked: the platform drops the comment.'),
  outcome: z.enum(OUTCOMES),
  trigger_id: z.number().int().nullable(),
  matched_keyword: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  public_reply: z.string().nullable(),
  dm: z.object({
    status: z.enum(['sent', 'opted_out', 'already_sent', 'not_configured']),
    conversation_id: z.number().int().nullable(),
    message_id: z.number().int().nullable(),
    text: z.string().nullable(),
  }),
  hidden: z.boolean(),
  tag_applied: z.string().nullable(),
  native_flow_id: z.number().int().nullable(),
  handled_comment: z
    .object({ id: z.number().int(), status: z.string() })
    .nullable()
    .describe('The handled comment the AI comment manager made of it (2.24), when no trigger or native flow answered.'),
});
export type CommentArrivalData = z.infer<typeof CommentArrival>;
