/**
 * Handled comments read back (`seed pull`): every record GET /comments shows (kept 30 days), in
 * id order with its id, placed `ago` relative to the pull, with what the sandbox would otherwise
 * derive from the text kept as read (sentiment, flags, draft, the sent reply, the DM after a hide,
 * the review), so a redacted text does not change them. Below Pro (403 `feature_unavailable`)
 * there are none.
 */
import { agoOf, unlessRefused, type PullApi, type PullSpec } from '../../groups/pull.js';
import type { HandledCommentData } from './schemas.js';

async function pullHandledComments(api: PullApi) {
  const rows = await unlessRefused(api.all<HandledCommentData>('/comments'), ['feature_unavailable'], []);
  return [...rows]
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      status: row.status,
      channel: row.channel,
      post_id: row.post_id,
      comment_id: row.comment.id,
      text: row.comment.text,
      commenter_id: row.comment.commenter_id,
      commenter_username: row.comment.commenter_username,
      ago: agoOf(api, row.created_at),
      sentiment: row.sentiment,
      flags: row.moderation.flags,
      dm_status: row.moderation.dm_status,
      dm_text: row.moderation.dm_text,
      draft: row.reply.draft,
      sent_text: row.reply.sent_text,
      edited: row.reply.edited,
      sent_at: row.reply.sent_at,
      reviewed_by: row.reviewed_by,
      reviewed_at: row.reviewed_at,
    }));
}

export const commentPull: PullSpec = {
  sections: [{ field: 'handled_comments', value: pullHandledComments }],
};
