/**
 * The `posts` section of a seed account (docs/fixtures.md): posts in any status placed relative
 * to the seed time (`in` ahead for scheduled ones, `ago` back for published and failed ones),
 * with images from the media library's built-in samples, and `posts_tiktok`, the TikTok
 * connection. No rules are checked and no events fire; ids and platform ids are as publishing
 * would mint them.
 */
import { z } from 'zod';
import { formatTimestamp } from '../../core/clock.js';
import { parseDuration } from '../../core/duration.js';
import { seedFor } from '../../groups/define.js';
import { base64ToBytes } from '../media/bytes.js';
import { SAMPLE_NAMES, SAMPLES } from '../media/samples.js';
import { Duration } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import { judgePostMediaSync } from './inspect.js';
import type { PostsModel } from './model.js';
import { TARGETS_OF } from './rules.js';
import { CommentAutoReply, PLATFORMS, POST_TYPES, TikTokConnectionInput } from './schemas.js';

const IMAGE_SAMPLES = SAMPLE_NAMES.filter((name) => SAMPLES[name].mime.startsWith('image/')) as [string, ...string[]];

export const SeedPost = z.strictObject({
  status: z.enum(['draft', 'scheduled', 'published', 'failed']),
  platform: z.enum(PLATFORMS),
  post_type: z.enum(POST_TYPES).default('feed_post'),
  caption: z.string().max(2200).nullable().optional(),
  hashtags: z.array(z.string()).optional(),
  in: Duration.optional().describe('Scheduled posts: how far after the seed time (default 2d).'),
  ago: Duration.optional().describe('Published and failed posts: how long before the seed time (default 3d).'),
  media: z.array(z.enum(IMAGE_SAMPLES)).max(10).optional().describe('Built-in sample images, in order.'),
  comment_auto_reply: CommentAutoReply.nullable().optional(),
  error_message: z.string().optional().describe('Failed posts: what the platform said.'),
  retry_count: z.number().int().min(0).max(3).optional(),
});

/** What a failed post's first target said, when the seed gives no message: a platform it targets (audit 13b B8). */
function defaultErrorOf(platform: keyof typeof TARGETS_OF, hasMedia: boolean): string {
  return `${TARGETS_OF[platform][0]}: ${hasMedia ? 'The media could not be fetched.' : 'The post could not be published.'}`;
}

export const postSeed = seedFor<PostsModel>()({
  fields: { posts: z.array(SeedPost).optional(), posts_tiktok: TikTokConnectionInput.optional() },
  defaults,
  apply: ({ model, accountId, each, core }, { posts, posts_tiktok }) => {
    if (posts_tiktok) model.settings.setTikTok(accountId, posts_tiktok);
    each('posts', posts, (input) => {
      const now = core.clock.now();
      const id = model.nextPostId();
      const when = input.status === 'scheduled' ? now + parseDuration(input.in ?? '2d') : input.status === 'draft' ? now : now - parseDuration(input.ago ?? '3d');
      const published = input.status === 'published';
      const tiktok = TARGETS_OF[input.platform].includes('tiktok');
      const n = String(id).padStart(9, '0');
      const created_at = formatTimestamp(Math.min(when, now));
      model.insertRaw({
        id,
        account_id: accountId,
        status: input.status,
        platform: input.platform,
        post_type: input.post_type,
        caption: input.caption ?? null,
        hashtags: input.hashtags ?? [],
        scheduled_at: input.status === 'draft' ? null : formatTimestamp(when),
        scheduled_ms: input.status === 'scheduled' ? when : null,
        published_at: published ? formatTimestamp(when) : null,
        first_comment: null,
        collaborators: [],
        comment_auto_reply: input.comment_auto_reply ?? null,
        cover_offset_ms: null,
        tiktok: tiktok
          ? { privacy_level: 'PUBLIC_TO_EVERYONE', title: null, allow_comments: true, allow_duet: false, allow_stitch: false, content_disclosure: false, promote_self: false, promote_third_party: false }
          : null,
        published_ids: {
          instagram_media_id: published && TARGETS_OF[input.platform].includes('instagram') ? `17900${n}${String(accountId).padStart(3, '0')}` : null,
          facebook_post_id: published && TARGETS_OF[input.platform].includes('facebook') ? `10000000${String(accountId).padStart(7, '0')}_${n}` : null,
          tiktok_video_id: published && tiktok ? `74${n}${String(accountId).padStart(8, '0')}` : null,
          tiktok_publish_id: published && tiktok ? `v_pub_url~v2.${n}` : null,
        },
        error_message: input.status === 'failed' ? (input.error_message ?? defaultErrorOf(input.platform, (input.media ?? []).length > 0)) : null,
        retry_count: input.retry_count ?? 0,
        created_at,
      });
      for (const sample of input.media ?? []) {
        const bytes = base64ToBytes(SAMPLES[sample as (typeof SAMPLE_NAMES)[number]].base64);
        // The files came with the post: not created after it (audit 9c, Q2).
        model.media.add(accountId, id, bytes, judgePostMediaSync(bytes, SAMPLES[sample as (typeof SAMPLE_NAMES)[number]].mime), undefined, created_at);
      }
      if (input.status === 'scheduled') model.scheduleChanged();
    });
  },
});
