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

/**
 * A duration in seconds as exact as the header gives it, trailing zeros dropped: 3,000 ms is
 * "3 s", 2,999 ms "2.999 s", 60,010 ms "60.01 s", 60,000.0111 ms (90 kHz) "60.000011 s". Rounding
 * would report a video just outside a limit as at it ("3.0 s" for 2,999 ms, audit 7, L7).
 */
export function exactSeconds(ms: number): string {
  // Six decimals show a fraction of a millisecond (a 90 kHz header) and nothing finer.
  return `${(ms / 1000).toFixed(6).replace(/\.?0+$/, '')} s`;
}

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
      if (ms < REELS_MIN_MS || ms > REELS_MAX_MS) return { param, message: `Reels last 3 s to 15 min; this video lasts ${exactSeconds(ms)}.` };
    }
    if (postType === 'story' && item.type === 'video' && (item.duration_ms ?? 0) > STORY_VIDEO_MAX_MS) {
      return { param, message: `Story videos last up to 60 s; this one lasts ${exactSeconds(item.duration_ms ?? 0)}.` };
    }
    if (hasTikTok(platform) && item.type === 'video' && (item.duration_ms ?? 0) > tiktokMaxSec * 1000) {
      return { param, message: `TikTok takes videos up to ${tiktokMaxSec} s (capabilities max_video_post_duration_sec); this one lasts ${exactSeconds(item.duration_ms ?? 0)}.` };
    }
  }
  return undefined;
}

const UPLOAD = 'upload it with POST /posts/{id}/media';

/**
 * The media a post cannot be published without. 3.5 names "media for any Instagram target" and
 * "2+ items for a carousel"; the kinds of post that are media themselves need theirs on every
 * platform too (audit 7, L2; docs/decisions.md "Posts need their media"): a Reel is one video, a
 * story one image or video, and TikTok takes only photo and video posts (a feed post is a photo,
 * or a video up to capabilities `max_video_post_duration_sec`; a Reel a video). Only a Facebook
 * feed post may be text alone. Upload already keeps a Reel's items to videos (mediaBreak); a Reel
 * is still checked for its video here, so the rule holds on its own.
 */
function missingMedia(post: { platform: PostPlatform; post_type: PostType }, items: readonly MediaFacts[]): RuleBreak | undefined {
  const targets = TARGETS_OF[post.platform];
  if (targets.includes('instagram') && items.length === 0) {
    return { param: 'media', message: `Instagram posts need media: ${UPLOAD}.` };
  }
  if (post.post_type === 'reels' && !items.some((item) => item.type === 'video')) {
    return { param: 'media', message: `A Reel needs its video (MP4 or MOV, 3 s to 15 min): ${UPLOAD}.` };
  }
  if (post.post_type === 'story' && items.length === 0) {
    return { param: 'media', message: `A story needs an image or a video (up to 60 s): ${UPLOAD}.` };
  }
  if (targets.includes('tiktok') && items.length === 0) {
    return { param: 'media', message: `TikTok posts need media (a feed post a photo or a video, a Reel a video): ${UPLOAD}.` };
  }
  if (post.post_type === 'carousel' && items.length < CAROUSEL_MIN) {
    return { param: 'media', message: `A carousel needs ${CAROUSEL_MIN} to ${CAROUSEL_MAX} items; this one has ${items.length}.` };
  }
  return undefined;
}

/**
 * `cover_offset_ms` picks the cover frame: a moment of the post's video (2.25 `advanced`). It is
 * judged at publish, the one place the post's media are final (they may come after the offset,
 * or the offset after them): the post must have a video, and the offset must fall inside every
 * video it has (frames run from 0 to just before `duration_ms`, so an offset equal to the
 * duration is past the last frame). Audit 7, L8.
 */
function coverBreak(coverOffsetMs: number | null, items: readonly MediaFacts[]): RuleBreak | undefined {
  if (coverOffsetMs === null) return undefined;
  const durations = items.filter((item) => item.type === 'video').map((item) => item.duration_ms ?? 0);
  if (durations.length === 0) {
    return { param: 'cover_offset_ms', message: 'cover_offset_ms picks a frame of the post\'s video, and this post has no video: add one, or PATCH cover_offset_ms to null.' };
  }
  const shortest = Math.min(...durations);
  if (coverOffsetMs >= shortest) {
    return {
      param: 'cover_offset_ms',
      message: `cover_offset_ms ${coverOffsetMs} is past the video's last frame: the ${durations.length > 1 ? 'shortest video' : 'video'} lasts ${exactSeconds(shortest)}, so the offset must be 0 to ${Math.ceil(shortest) - 1}.`,
    };
  }
  return undefined;
}

/** The fields of a post that publishBreak reads. */
export interface PublishablePost {
  readonly platform: PostPlatform;
  readonly post_type: PostType;
  readonly caption: string | null;
  readonly cover_offset_ms: number | null;
}

/**
 * What publishing needs (3.5): a caption (stories excepted), the media the post cannot exist
 * without (missingMedia), and a cover offset inside its video (coverBreak). Publish now, retry
 * and the scheduler all ask this one function, so they refuse (or fail) alike.
 */
export function publishBreak(post: PublishablePost, items: readonly MediaFacts[]): RuleBreak | undefined {
  if (post.post_type !== 'story' && (post.caption === null || post.caption.trim() === '')) {
    return { param: 'caption', message: 'Publishing needs a caption (stories excepted).' };
  }
  return missingMedia(post, items) ?? coverBreak(post.cover_offset_ms, items);
}

/** What scheduling needs (3.5): a caption, stories excepted. */
export function scheduleBreak(post: { post_type: PostType; caption: string | null }): RuleBreak | undefined {
  if (post.post_type !== 'story' && (post.caption === null || post.caption.trim() === '')) {
    return { param: 'caption', message: 'A scheduled post needs a caption (stories excepted).' };
  }
  return undefined;
}
