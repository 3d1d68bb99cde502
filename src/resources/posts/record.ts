/**
 * What the store keeps for publishing, and what a restore checks of it (store/rules.ts): posts,
 * their media (metadata always; the bytes of files up to KEEP_BYTES_MAX, as base64), and the
 * per-account publishing settings the sandbox controls (the TikTok connection, platform faults).
 */
import { z } from 'zod';
import type { Entity } from '../../store/collection.js';
import { EpochMs, NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { PUBLISH_LATENCY_MAX_MS, TIKTOK_PRIVACY_LEVELS, VIDEO_MAX_BYTES } from './limits.js';
import { POST_MEDIA_TYPES, type PostMediaMime, type PostMediaType } from './inspect.js';
import { CommentAutoReply, PLATFORMS, POST_STATUSES, POST_TYPES, PublishedIds, TikTokSettings, type PostPlatform, type PostStatus, type PostType, type PublishedIdsData } from './schemas.js';

export { KEEP_BYTES_MAX } from './limits.js';

/** TikTok settings as stored: `title` null means "the caption" (it follows caption edits). */
export type StoredTikTok = z.infer<typeof TikTokSettings>;

export interface PostRecord extends Entity {
  readonly status: PostStatus;
  readonly platform: PostPlatform;
  readonly post_type: PostType;
  readonly caption: string | null;
  readonly hashtags: readonly string[];
  readonly scheduled_at: string | null;
  /** `scheduled_at` in epoch ms (the scheduler's key). */
  readonly scheduled_ms: number | null;
  /**
   * While `publishing`: when the platforms answer (the scheduler completes the post then, into
   * published or failed). Absent or null otherwise; absent in states saved before it existed.
   */
  readonly publishing_done_ms?: number | null;
  readonly published_at: string | null;
  readonly first_comment: string | null;
  readonly collaborators: readonly string[];
  readonly comment_auto_reply: AutoReply | null;
  readonly cover_offset_ms: number | null;
  readonly tiktok: StoredTikTok | null;
  readonly published_ids: PublishedIdsData;
  readonly error_message: string | null;
  readonly retry_count: number;
  readonly created_at: string;
}

type AutoReply = z.output<typeof CommentAutoReply>;

export interface PostMediaRecord extends Entity {
  readonly post_id: number;
  readonly mime_type: PostMediaMime;
  readonly type: PostMediaType;
  readonly size_bytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly duration_ms: number | null;
  readonly sort_order: number;
  readonly created_at: string;
  /** `<token>.<ext>`: the public file name. */
  readonly file_name: string;
  /** The bytes, base64; null past KEEP_BYTES_MAX. */
  readonly data: string | null;
}

export interface PublishingSettingsRecord extends Entity {
  readonly tiktok_connected: boolean;
  readonly tiktok_username: string | null;
  readonly privacy_level_options: readonly (typeof TIKTOK_PRIVACY_LEVELS)[number][];
  readonly max_video_post_duration_sec: number;
  readonly duet_disabled: boolean;
  readonly stitch_disabled: boolean;
  readonly comment_disabled: boolean;
  /** Per platform: the rejection message while that platform rejects publishes, else null. */
  readonly reject_instagram: string | null;
  readonly reject_facebook: string | null;
  readonly reject_tiktok: string | null;
  /**
   * How long the platforms take to publish a scheduled post, on the virtual clock: the post shows
   * `publishing` that long. Absent (states saved before it existed) reads as the default, 0.
   */
  readonly publish_latency_ms?: number;
}

export const PostRecordSchema = storedRecord({
  status: z.enum(POST_STATUSES),
  platform: z.enum(PLATFORMS),
  post_type: z.enum(POST_TYPES),
  caption: z.string().nullable(),
  hashtags: z.array(z.string()),
  scheduled_at: NullableTimestamp,
  scheduled_ms: EpochMs.nullable(),
  publishing_done_ms: EpochMs.nullable().optional(),
  published_at: NullableTimestamp,
  first_comment: z.string().nullable(),
  collaborators: z.array(z.string()),
  comment_auto_reply: CommentAutoReply.nullable(),
  cover_offset_ms: z.number().int().nullable(),
  tiktok: TikTokSettings.nullable(),
  published_ids: PublishedIds,
  error_message: z.string().nullable(),
  retry_count: z.number().int().min(0),
  created_at: Timestamp,
}).superRefine((post, ctx) => {
  if (post.status === 'scheduled' && (post.scheduled_ms === null || post.scheduled_at === null)) {
    ctx.addIssue({ code: 'custom', path: ['scheduled_at'], message: 'a scheduled post has scheduled_at' });
  }
  if (post.status === 'publishing' && (post.scheduled_ms === null || post.publishing_done_ms == null)) {
    ctx.addIssue({ code: 'custom', path: ['publishing_done_ms'], message: 'a publishing post has its scheduled time and when publishing completes' });
  }
  if (post.status === 'published' && post.published_at === null) ctx.addIssue({ code: 'custom', path: ['published_at'], message: 'a published post has published_at' });
});

const MIMES = Object.keys(POST_MEDIA_TYPES) as [PostMediaMime, ...PostMediaMime[]];

export const PostMediaRecordSchema = storedRecord({
  post_id: z.number().int().positive(),
  mime_type: z.enum(MIMES),
  type: z.enum(['image', 'video']),
  size_bytes: z.number().int().min(1).max(VIDEO_MAX_BYTES),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** Exact, from the header's duration over its timescale: may hold a fraction (answers round it up). */
  duration_ms: z.number().min(0).nullable(),
  sort_order: z.number().int().min(0),
  created_at: Timestamp,
  file_name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp|mp4|mov)$/),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/).nullable(),
}).superRefine((item, ctx) => {
  const kind = POST_MEDIA_TYPES[item.mime_type];
  if (item.type !== kind.type) ctx.addIssue({ code: 'custom', path: ['type'], message: `${item.mime_type} is a ${kind.type}` });
  if (!item.file_name.endsWith(`.${kind.extension}`)) ctx.addIssue({ code: 'custom', path: ['file_name'], message: `${item.mime_type} files end in .${kind.extension}` });
  if (item.data !== null && item.data.length !== Math.ceil(item.size_bytes / 3) * 4) ctx.addIssue({ code: 'custom', path: ['data'], message: `does not hold ${item.size_bytes} bytes` });
});

export const PublishingSettingsRecordSchema = storedRecord({
  tiktok_connected: z.boolean(),
  tiktok_username: z.string().nullable(),
  privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)).min(1),
  max_video_post_duration_sec: z.number().int().min(3),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  comment_disabled: z.boolean(),
  reject_instagram: z.string().nullable(),
  reject_facebook: z.string().nullable(),
  reject_tiktok: z.string().nullable(),
  publish_latency_ms: z.number().int().min(0).max(PUBLISH_LATENCY_MAX_MS).optional(),
});
