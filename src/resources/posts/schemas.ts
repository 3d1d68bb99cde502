/** Publishing shapes (2.25, 2.26, 4.15): the post, its media, capabilities, request bodies. No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { inspectedFilePart, NullableTimestamp, Timestamp } from '../shared/schemas.js';
import type { ProbedPostMedia } from './probe.js';
import {
  CAPTION_MAX,
  COLLABORATORS_MAX,
  FIRST_COMMENT_MAX,
  HASHTAG_MAX_LENGTH,
  HASHTAGS_MAX,
  TIKTOK_PRIVACY_LEVELS,
  TIKTOK_TITLE_MAX,
  PUBLISH_LATENCY_MAX_MS,
} from './limits.js';

export const PLATFORMS = ['instagram', 'facebook', 'tiktok', 'both', 'instagram_tiktok', 'facebook_tiktok', 'all'] as const;
export const TARGETS = ['instagram', 'facebook', 'tiktok'] as const;
export const POST_TYPES = ['feed_post', 'carousel', 'reels', 'story'] as const;
export const POST_STATUSES = ['draft', 'scheduled', 'publishing', 'published', 'failed'] as const;

export type PostPlatform = (typeof PLATFORMS)[number];
export type Target = (typeof TARGETS)[number];
export type PostType = (typeof POST_TYPES)[number];
export type PostStatus = (typeof POST_STATUSES)[number];

const Target = z.enum(TARGETS);

export const PostMediaItem = named(
  'PostMediaItem',
  z.object({
    id: z.number().int(),
    type: z.enum(['image', 'video']),
    mime_type: z.enum(['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime']).describe('Judged from the bytes.'),
    url: z.string().describe('Public URL the sandbox serves without a key (`/_media/posts/...`).'),
    size_bytes: z.number().int(),
    width: z.number().int().nullable().describe('Images: from the file header; null for videos.'),
    height: z.number().int().nullable(),
    duration_ms: z.number().int().nullable().describe('Videos: from the MP4/MOV `mvhd` header; null for images.'),
    sort_order: z.number().int().describe('0-based position in the post.'),
    created_at: Timestamp,
  }),
);

const ButtonTitle = z.string().min(1).max(20);
export const AutoReplyButton = z.discriminatedUnion('type', [
  z.strictObject({ title: ButtonTitle, type: z.literal('text'), response: z.string().min(1).max(1000) }),
  z.strictObject({ title: ButtonTitle, type: z.literal('url'), url: z.url({ protocol: /^https?$/ }).max(2000) }),
]);

const Phrase = z.string().min(1).max(1000);
export const CommentAutoReply = named(
  'CommentAutoReply',
  z.strictObject({
    keywords: z.array(z.string().min(1).max(100)).max(50).default([]).describe('Empty: every comment on the post.'),
    match_type: z.enum(['contains', 'exact', 'fuzzy']).default('contains'),
    response_mode: z.enum(['both', 'public_only', 'dm_only']).default('both'),
    public_replies: z.array(Phrase).max(5).default([]),
    dm_templates: z.array(Phrase).max(5).default([]),
    buttons: z.array(AutoReplyButton).max(3).default([]).describe('A DM mode (`both`, `dm_only`) needs at least 2.'),
  }),
);
export type CommentAutoReply = z.output<typeof CommentAutoReply>;

export const Advanced = z.object({
  first_comment: z.string().nullable(),
  collaborators: z.array(z.string()),
  comment_auto_reply: CommentAutoReply.nullable(),
  cover_offset_ms: z.number().int().nullable(),
});

export const TikTokSettings = z.object({
  privacy_level: z.enum(TIKTOK_PRIVACY_LEVELS),
  title: z.string().nullable().describe('Defaults to the caption (first 150 characters).'),
  allow_comments: z.boolean(),
  allow_duet: z.boolean(),
  allow_stitch: z.boolean(),
  content_disclosure: z.boolean(),
  promote_self: z.boolean(),
  promote_third_party: z.boolean(),
});
export type TikTokSettingsData = z.infer<typeof TikTokSettings>;

export const PublishedIds = z.object({
  instagram_media_id: z.string().nullable(),
  facebook_post_id: z.string().nullable(),
  tiktok_video_id: z.string().nullable(),
  tiktok_publish_id: z.string().nullable(),
});
export type PublishedIdsData = z.infer<typeof PublishedIds>;

export const Post = named(
  'Post',
  z.object({
    id: z.number().int(),
    status: z.enum(POST_STATUSES),
    platform: z.enum(PLATFORMS),
    targets: z.array(Target).describe('`platform` expanded.'),
    post_type: z.enum(POST_TYPES),
    caption: z.string().nullable(),
    hashtags: z.array(z.string()),
    scheduled_at: NullableTimestamp,
    published_at: NullableTimestamp,
    media: z.array(PostMediaItem),
    advanced: Advanced,
    tiktok: TikTokSettings.nullable(),
    published_ids: PublishedIds,
    error_message: z.string().nullable(),
    retry_count: z.number().int(),
    created_at: Timestamp,
  }),
);
export type PostData = z.infer<typeof Post>;

export const PublishResult = z.object({
  platform: Target,
  ok: z.boolean(),
  id: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type PublishResultData = z.infer<typeof PublishResult>;

const Hashtag = z
  .string()
  .min(1)
  .max(HASHTAG_MAX_LENGTH)
  .regex(/^[^#\s][^\s#]*$/, 'a hashtag without # and without spaces');

const Collaborator = z
  .string()
  .regex(/^@?[A-Za-z0-9._]{1,30}$/, 'an Instagram username (letters, digits, . and _), with or without @');

const TikTokInput = z.strictObject({
  privacy_level: z.enum(TIKTOK_PRIVACY_LEVELS).optional().describe('One of capabilities `tiktok.privacy_level_options`.'),
  title: z.string().max(TIKTOK_TITLE_MAX).nullable().optional().describe(`Up to ${TIKTOK_TITLE_MAX} characters; defaults to the caption.`),
  allow_comments: z.boolean().optional(),
  allow_duet: z.boolean().optional(),
  allow_stitch: z.boolean().optional(),
  content_disclosure: z.boolean().optional(),
  promote_self: z.boolean().optional(),
  promote_third_party: z.boolean().optional(),
});
export type TikTokInputData = z.output<typeof TikTokInput>;

const postFields = {
  caption: z.string().max(CAPTION_MAX).nullable().optional().describe(`Up to ${CAPTION_MAX} characters.`),
  hashtags: z.array(Hashtag).max(HASHTAGS_MAX).optional().describe(`Without #, up to ${HASHTAGS_MAX}.`),
  scheduled_at: Timestamp.nullable().optional().describe('A future instant: the post is scheduled (caption needed, stories excepted). PATCH null returns it to draft.'),
  first_comment: z.string().max(FIRST_COMMENT_MAX).nullable().optional().describe('Not applied to TikTok-only posts.'),
  collaborators: z.array(Collaborator).max(COLLABORATORS_MAX).optional().describe(`Up to ${COLLABORATORS_MAX} usernames; not applied to TikTok-only posts.`),
  comment_auto_reply: CommentAutoReply.nullable().optional().describe('Becomes a post-scoped comment trigger on publish; not applied to TikTok-only posts.'),
  cover_offset_ms: z.number().int().min(0).max(15 * 60_000).nullable().optional().describe("Video cover frame, in milliseconds into the post's video. Checked at publish: it must fall inside every video of the post (0 to duration_ms - 1), and a post with it set needs a video (else 400 naming cover_offset_ms)."),
  tiktok: TikTokInput.nullable().optional().describe('TikTok settings; only kept when a target is TikTok.'),
};

export const CreatePostBody = z.strictObject({
  platform: z.enum(PLATFORMS),
  post_type: z.enum(POST_TYPES).default('feed_post').describe('TikTok takes feed_post and reels only. Default feed_post.'),
  ...postFields,
});
export type CreatePost = z.output<typeof CreatePostBody>;

/** At least one field: refused after the post is found (core/empty-patch.ts). */
export const PatchPostBody = z.strictObject({ platform: z.enum(PLATFORMS).optional(), post_type: z.enum(POST_TYPES).optional(), ...postFields });
export const UPDATABLE_POST_FIELDS = Object.keys(PatchPostBody.shape);
export type PatchPost = z.output<typeof PatchPostBody>;

export const ScheduleBody = z.strictObject({ scheduled_at: Timestamp.describe('A future instant.') });

/** Unknown query parameters are ignored, as on every list (docs/decisions.md). */
export const ListPostsQuery = z.object({
  status: z.enum(POST_STATUSES).optional(),
  platform: Target.optional().describe('Posts with this target.'),
  post_type: z.enum(POST_TYPES).optional(),
});
export type ListPostsFilters = z.output<typeof ListPostsQuery>;

export const UploadPostMediaBody = z.strictObject({
  file: inspectedFilePart<ProbedPostMedia>().describe('JPEG, PNG or WebP up to 8 MB and 320 to 1440 px wide; MP4 or MOV up to 1 GB. Judged from the bytes as they stream.'),
  sort_order: z
    .string()
    .regex(/^\d{1,3}$/, 'a 0-based position')
    .transform(Number)
    .optional()
    .describe('0-based position; default last.'),
});

export const MediaOrderBody = z.strictObject({
  order: z.array(z.number().int().positive()).min(1).max(10).describe('Every media id of the post, in the new order.'),
});

export const PostMediaParams = z.object({
  id: z.string().regex(/^\d{1,15}$/).transform(Number),
  mediaId: z.string().regex(/^\d{1,15}$/).transform(Number),
});

export const DeletedPost = named('DeletedPost', z.object({ id: z.number().int(), object: z.literal('post'), deleted: z.literal(true) }));

export const Capabilities = named(
  'PostCapabilities',
  z.object({
    platforms: z.object({
      instagram: z.object({ connected: z.boolean() }),
      facebook: z.object({ connected: z.boolean() }),
      tiktok: z.object({ connected: z.boolean(), username: z.string().nullable() }),
    }),
    post_types: z.array(z.enum(POST_TYPES)),
    tiktok: z.object({
      privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
      max_video_post_duration_sec: z.number().int(),
      duet_disabled: z.boolean(),
      stitch_disabled: z.boolean(),
      comment_disabled: z.boolean(),
    }),
    limits: z.object({
      posts_per_month: z.number().int(),
      posts_used_this_month: z.number().int(),
      storage_mb: z.number().int(),
      storage_used_mb: z.number(),
      caption_max: z.number().int(),
      collaborators_max: z.number().int(),
      carousel_items: z.object({ min: z.number().int(), max: z.number().int() }),
    }),
  }),
);
export type CapabilitiesData = z.infer<typeof Capabilities>;

/** Sandbox: the TikTok connection and creator options. */
export const TikTokConnectionInput = z.strictObject({
  connected: z.boolean().optional(),
  username: z.string().regex(/^[A-Za-z0-9._]{2,24}$/).nullable().optional(),
  privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)).min(1).optional(),
  max_video_post_duration_sec: z.number().int().min(3).max(3600).optional(),
  duet_disabled: z.boolean().optional(),
  stitch_disabled: z.boolean().optional(),
  comment_disabled: z.boolean().optional(),
});
export const TikTokConnection = z.object({
  connected: z.boolean(),
  username: z.string().nullable(),
  privacy_level_options: z.array(z.enum(TIKTOK_PRIVACY_LEVELS)),
  max_video_post_duration_sec: z.number().int(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  comment_disabled: z.boolean(),
});
export type TikTokConnectionData = z.infer<typeof TikTokConnection>;

/** Sandbox: a platform that rejects every publish (the 3.5 "a platform rejects" row). */
export const PublishFaultParams = z.object({ platform: Target });
export const PublishFaultInput = z.strictObject({
  reject: z.boolean(),
  error_message: z.string().min(1).max(500).optional().describe('What the platform says; a default names the platform.'),
});
export const PublishFault = z.object({ platform: Target, reject: z.boolean(), error_message: z.string().nullable() });

/** The sandbox's publish latency (./settings.ts): how long scheduled posts stay `publishing`. */
export const PublishLatency = z.object({
  publish_latency_ms: z.number().int().min(0).max(PUBLISH_LATENCY_MAX_MS).describe('Milliseconds on the virtual clock; 0 publishes at scheduled_at.'),
});
export const PublishLatencyInput = z.strictObject({ publish_latency_ms: PublishLatency.shape.publish_latency_ms });
