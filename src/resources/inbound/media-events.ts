/**
 * How a story mention or a shared post lands in the transcript (audit 7a, L1; docs/decisions.md,
 * "What the catalogue promises"). Neither is typed text, and 2.6 keeps `text` null for a purged
 * body only, so each is an `image` or `video` message (2.6's types) whose attachment names what
 * was mentioned or shared: `{type, url, name}` with `name` `story_mention` or `shared_post` and
 * `url` the story or the post's permalink. `text` is the words sent with it, or "" without any.
 * The same message is in the transcript and in `message.received`. Pure.
 */
import type { AttachmentData, InboundMessage, MessageTypeValue } from '../messages/schemas.js';

/** One of the account's posts, as the provider of the inbound group's `accountPost` hook answers it. */
export interface AccountPost {
  readonly permalink: string;
  /** Recent posts' `media_type` (IMAGE, VIDEO, CAROUSEL_ALBUM, REELS, STORY, TEXT). */
  readonly media_type: string;
}

/** Where the sandbox's stories live (recent posts' default permalinks use the same reserved host). */
const STORY_BASE = 'https://www.instagram.example.test/stories';
const VIDEO_POSTS = ['VIDEO', 'REELS'];

/**
 * The mentioning story's URL (docs/decisions.md, "Flows and the AI meet", N7): the sender's
 * handle, then the story's id when the mention names one (`/stories/<handle>/<post_id>`), else
 * the sender's stories (`/stories/<handle>`, no trailing slash). Without `ig_username` the sender
 * is named by their platform id under `by-id/`, a segment no Instagram handle can be (a handle
 * has no "-"), so an id is never passed off as a handle.
 */
function storyUrl(input: InboundMessage): string {
  const handle = input.ig_username?.replace(/^@/, '');
  const owner = handle !== undefined ? encodeURIComponent(handle) : `by-id/${encodeURIComponent(input.platform_user_id)}`;
  return input.post_id === undefined || input.post_id === '' ? `${STORY_BASE}/${owner}` : `${STORY_BASE}/${owner}/${encodeURIComponent(input.post_id)}`;
}

export interface InboundShape {
  readonly type: MessageTypeValue;
  readonly attachments: readonly AttachmentData[] | undefined;
}

/** The message type and attachments an inbound message is stored with. */
export function inboundShape(input: InboundMessage, post: AccountPost | undefined): InboundShape {
  switch (input.event) {
    case 'story_mention': {
      const type = input.type ?? 'image';
      const url = storyUrl(input);
      return { type, attachments: input.attachments ?? [{ type: type === 'video' ? 'video' : 'image', url, name: 'story_mention' }] };
    }
    case 'shared_post': {
      const type = input.type ?? (post && VIDEO_POSTS.includes(post.media_type) ? 'video' : 'image');
      const url = post?.permalink ?? `https://www.instagram.example.test/p/${encodeURIComponent(input.post_id ?? '')}`;
      return { type, attachments: input.attachments ?? [{ type: type === 'video' ? 'video' : 'image', url, name: 'shared_post' }] };
    }
    default:
      return { type: input.type ?? 'text', attachments: input.attachments };
  }
}
