/** The post events (section 6): schedule fires `post.scheduled` at once; publish, retry or the scheduler fire `post.published` or `post.failed`. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { Post, PublishResult } from './schemas.js';

export const postEvents = [
  defineEvent('post.scheduled', 'A post moved to scheduled (POST /posts/{id}/schedule, or a create or PATCH with a future scheduled_at); fires at once.', 'spec', z.object({ post: Post })),
  defineEvent('post.published', 'A post was published: POST /posts/{id}/publish, /retry, or the scheduler at scheduled_at.', 'spec', z.object({ post: Post })),
  defineEvent(
    'post.failed',
    'A platform rejected a post (publish, retry or the scheduler), or the scheduler found it not publishable (no caption, no media for Instagram, a carousel under 2 items).',
    'spec',
    z.object({ post: Post, error_message: z.string(), results: z.array(PublishResult).describe('Per platform; empty when the post was not publishable.') }),
  ),
];
