/** `comment.handled` (section 6): every state change of a handled comment, with its payload. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { HANDLED_STATUSES, HandledComment } from './schemas.js';

export const CommentHandledPayload = z.object({
  comment: HandledComment.describe('The handled comment after the change.'),
  previous_status: z.enum(HANDLED_STATUSES).nullable().describe('Null when the comment was just taken in.'),
});

/**
 * Message text under names only this event gives it (the `minimal` profile drops them; the
 * commenter's own words go as the common `text`): the AI's draft and the reply actually posted
 * (`reply.draft`, `reply.sent_text`), and the DM sent after a hide (`moderation.dm_text`).
 * Declared here rather than in the shared list because `draft` means a post status elsewhere.
 */
const textFields = ['draft', 'sent_text', 'dm_text'];

export const commentEvents = [
  defineEvent(
    'comment.handled',
    'A handled comment was taken in or changed state (3.6): sent, queued, hidden, skipped, approved, rejected or failed.',
    'spec',
    CommentHandledPayload,
    { textFields },
  ),
];
