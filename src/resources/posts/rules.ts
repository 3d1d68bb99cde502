/**
 * The pure rules of a post (2.25, 3.5, 4.15): platform expansion, what TikTok takes, which media
 * fit which post type, and what publishing needs. No state, no HTTP: the model applies them.
 */
import { CAROUSEL_MAX, CAROUSEL_MIN, REELS_MAX_MS, REELS_MIN_MS, STORY_VIDEO_MAX_MS } from './limits.js';
import type { PostMediaType } from './inspect.js';
import type { PostPlatform, PostStatus, PostType, Target } from './schemas.js';

export const TARGETS_OF: Readonly<Record<PostPlatform, readonly Target[]>> = {
  instagram: ['instagram'],
  facebook: ['facebook'],
  tiktok: ['tiktok'],
  both: ['instagram', 'facebook'],
  instagram_tiktok: ['instagram', 'tiktok'],
  facebook_tiktok: ['facebook', 'tiktok'],
  all: ['instagram', 'facebook', 'tiktok'],
};

/** TikTok takes feed posts (photo posts) and Reels (videos) only (4.15). */
export const TIKTOK_POST_TYPES: readonly PostType[] = ['feed_post', 'reels'];

export const hasTikTok = (platform: PostPlatform): boolean => TARGETS_OF[platform].includes('tiktok');
/** `first_comment`, `collaborators` and `comment_auto_reply` do not apply to these (4.15). */
export const isTikTokOnly = (platform: PostPlatform): boolean => platform === 'tiktok';

/** Only these can be edited, deleted media from, or published (3.5). */
export const EDITABLE: ReadonlySet<PostStatus> = new Set(['draft', 'scheduled', 'failed']);

export interface RuleBreak {
  readonly param: string;
  readonly message: string;
}

export interface MediaFacts {
  readonly type: PostMediaType;
  readonly duration_ms: number | null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;

/**
 * Whether `items` (the post's media after the change) fit a post of this type and platform:
 * one item unless a carousel, at most 10 in a carousel; Reels are one video of 3 s to 15 min;
 * a story video is at most 60 s; a TikTok video is at most the connection's maximum.
 */
export function mediaBreak(postType: PostType, platform: PostPlatform, items: readonly MediaFacts[], tiktokMaxSec: number, param = 'file'): RuleBreak | undefined {
  if (postType === 'carousel') {
    if (items.length > CAROUSEL_MAX) return { param, message: `A carousel takes ${CAROUSEL_MIN} to ${CAROUSEL_MAX} items.` };
  } else if (items.length > 1) {
    return { param, message: `A ${postType} takes one media item; use post_type carousel for ${CAROUSEL_MIN} to ${CAROUSEL_MAX}.` };
  }
  for (const item of items) {
    if (postType === 'reels') {
      if (item.type !== 'video') return { param, message: 'Reels take a video (MP4 or MOV).' };
      const ms = item.duration_ms ?? 0;
      if (ms < REELS_MIN_MS || ms > REELS_MAX_MS) return { param, message: `Reels last 3 s to 15 min; this video lasts ${seconds(ms)}.` };
    }
    if (postType === 'story' && item.type === 'video' && (item.duration_ms ?? 0) > STORY_VIDEO_MAX_MS) {
      return { param, message: `Story videos last up to 60 s; this one lasts ${seconds(item.duration_ms ?? 0)}.` };
    }
    if (hasTikTok(platform) && item.type === 'video' && (item.duration_ms ?? 0) > tiktokMaxSec * 1000) {
      return { param, message: `TikTok takes videos up to ${tiktokMaxSec} s (capabilities max_video_post_duration_sec).` };
    }
  }
  return undefined;
}

/** What publishing needs (3.5): a caption (stories excepted), media for any Instagram target, 2+ items for a carousel. */
export function publishBreak(post: { platform: PostPlatform; post_type: PostType; caption: string | null }, mediaCount: number): RuleBreak | undefined {
  if (post.post_type !== 'story' && (post.caption === null || post.caption.trim() === '')) {
    return { param: 'caption', message: 'Publishing needs a caption (stories excepted).' };
  }
  if (TARGETS_OF[post.platform].includes('instagram') && mediaCount === 0) {
    return { param: 'media', message: 'Instagram posts need media: upload it with POST /posts/{id}/media.' };
  }
  if (post.post_type === 'carousel' && mediaCount < CAROUSEL_MIN) {
    return { param: 'media', message: `A carousel needs ${CAROUSEL_MIN} to ${CAROUSEL_MAX} items; this one has ${mediaCount}.` };
  }
  return undefined;
}

/** What scheduling needs (3.5): a caption, stories excepted. */
export function scheduleBreak(post: { post_type: PostType; caption: string | null }): RuleBreak | undefined {
  if (post.post_type !== 'story' && (post.caption === null || post.caption.trim() === '')) {
    return { param: 'caption', message: 'A scheduled post needs a caption (stories excepted).' };
  }
  return undefined;
}
