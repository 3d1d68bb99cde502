/** `comment.handled` (section 6): every state change of a handled comment, with its payload. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { HANDLED_STATUSES, HandledComment } from './schemas.js';

export const CommentHandledPayload = z.object({
  comment: HandledComment.describe('The handled comment after the change.'),
  previous_status: z.enum(HANDLED_STATUSES).nullable().describe('Null when the comment was just taken in.'),
});

export const commentEvents = [
  defineEvent('comment.handled', 'A handled comment was taken in or changed state (3.6): sent, queued, hidden, skipped, approved, rejected or failed.', 'spec', CommentHandledPayload),
];
