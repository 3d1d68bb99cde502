/**
 * Publishing limits (4.15, 8) and the per-plan values section 8 leaves "plan-dependent and not
 * shown" (docs/decisions.md, "Posts"). A megabyte is 1024 x 1024 bytes, as in the media library.
 */
import type { Plan } from '../../core/types.js';

export const MB = 1024 * 1024;
export const CAPTION_MAX = 2200;
export const COLLABORATORS_MAX = 3;
export const CAROUSEL_MIN = 2;
export const CAROUSEL_MAX = 10;
export const TIKTOK_TITLE_MAX = 150;
export const IMAGE_MAX_BYTES = 8 * MB;
export const IMAGE_MIN_WIDTH = 320;
export const IMAGE_MAX_WIDTH = 1440;
export const VIDEO_MAX_BYTES = 1024 * MB;
export const REELS_MIN_MS = 3_000;
export const REELS_MAX_MS = 15 * 60_000;
export const STORY_VIDEO_MAX_MS = 60_000;

/**
 * The upload route's body limit: the largest file (a 1 GB video) plus room for the framing. A
 * declared Content-Length past it is refused (413) before a byte is read.
 */
export const POST_MEDIA_MAX_BODY_BYTES = VIDEO_MAX_BYTES + MB;

/**
 * Files up to this size keep their bytes (served at their public URL, carried by snapshots and
 * `serve --state`); a larger video keeps its judged metadata only, so a 1 GB upload never sits in
 * the store or a snapshot, nor in memory while it streams (./probe.ts; docs/decisions.md, "Posts").
 */
export const KEEP_BYTES_MAX = 25 * MB;

/** Our choices (4.15 and 8 are silent). */
export const FIRST_COMMENT_MAX = 2200;
export const HASHTAGS_MAX = 30;
export const HASHTAG_MAX_LENGTH = 100;
/** A failed post may be retried while `retry_count` is below this. */
export const RETRY_CAP = 3;
/** The scheduler publishes a due post at its `scheduled_at` (spec: "within about a minute"). */
export const SCHEDULER_DELAY_MS = 0;
/**
 * How long a scheduled post stays `publishing` before the platforms answer, unless the sandbox
 * sets it per account (`POST /_sandbox/posts/publish-latency`). 0 by default: a post due at
 * `scheduled_at` is published at `scheduled_at`, as every existing test and the README walkthrough
 * expect (docs/decisions.md, "The publishing state").
 */
export const PUBLISH_LATENCY_DEFAULT_MS = 0;
/** The longest latency the sandbox takes (an hour: past a minute it tests a client's patience, knowingly). */
export const PUBLISH_LATENCY_MAX_MS = 60 * 60_000;

export interface PublishingPlan {
  /** Content publishing is available (else 403 feature_unavailable). */
  readonly publishing: boolean;
  /** Scheduled plus published posts per calendar month (UTC); drafts do not count. */
  readonly postsPerMonth: number;
  /** Post media storage. */
  readonly storageMb: number;
}

export const PUBLISHING_BY_PLAN: Readonly<Record<Plan, PublishingPlan>> = {
  free: { publishing: false, postsPerMonth: 0, storageMb: 0 },
  creator: { publishing: true, postsPerMonth: 30, storageMb: 2048 },
  pro: { publishing: true, postsPerMonth: 150, storageMb: 10240 },
  business: { publishing: true, postsPerMonth: 1000, storageMb: 51200 },
};

/** TikTok's creator options as capabilities report them (2.26). */
export const TIKTOK_PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
export const TIKTOK_MAX_VIDEO_SEC = 600;
