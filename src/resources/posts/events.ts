/** The post events (section 6): schedule fires `post.scheduled` at once; publish, retry or the scheduler fire `post.published` or `post.failed`. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { Post, PublishResult } from './schemas.js';

/**
 * Message text a post carries besides its `caption` (a common name), which the `minimal` profile
 * drops too: the first comment posted under it (`advanced.first_comment`), the comment
 * auto-reply wording (`public_replies`, `dm_templates`, each text button's `response` and every
 * button's `title`), and the TikTok `title`, which defaults to the caption itself. Declared per
 * event, not in the shared list, because `title` and `response` are generic names elsewhere.
 */
const textFields = ['first_comment', 'public_replies', 'dm_templates', 'response', 'title'];

export const postEvents = [
  defineEvent(
    'post.scheduled',
    'A post moved to scheduled (POST /posts/{id}/schedule, or a create or PATCH with a future scheduled_at); fires at once.',
    'spec',
    z.object({ post: Post }),
    { textFields },
  ),
  defineEvent(
    'post.published',
    'A post was published: POST /posts/{id}/publish, /retry, or the scheduler at scheduled_at.',
    'spec',
    z.object({ post: Post }),
    { textFields },
  ),
  defineEvent(
    'post.failed',
    'A platform rejected a post (publish, retry or the scheduler), or the scheduler found it not publishable (no caption, no media for Instagram, a carousel under 2 items).',
    'spec',
    z.object({ post: Post, error_message: z.string(), results: z.array(PublishResult).describe('Per platform; empty when the post was not publishable.') }),
    { textFields },
  ),
];
