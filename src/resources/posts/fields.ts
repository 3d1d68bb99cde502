/**
 * The field rules of a post as it would be after a create or a PATCH (2.25, 4.15): TikTok post
 * types, caption length, collaborators, the DM-mode button rule, what does not apply to TikTok-only
 * posts, TikTok settings against the connection's options, and whether the post's media still fit.
 * Pure over what it is given; the model stores the result.
 */
import { invalidParam } from '../../core/errors.js';
import { fitsChars } from '../shared/characters.js';
import { CAPTION_MAX, COLLABORATORS_MAX } from './limits.js';
import type { PostRecord } from './record.js';
import { hasTikTok, isTikTokOnly, mediaBreak, TIKTOK_POST_TYPES, type MediaFacts } from './rules.js';
import type { CreatePost, PatchPost, TikTokConnectionData, TikTokInputData } from './schemas.js';

export type PostFields = Omit<PostRecord, 'id' | 'account_id' | 'status' | 'scheduled_at' | 'scheduled_ms' | 'published_at' | 'published_ids' | 'error_message' | 'retry_count' | 'created_at'>;

export interface FieldDeps {
  readonly tiktok: (accountId: number) => TikTokConnectionData;
  readonly facts: (postId: number) => MediaFacts[];
}

export function createPostFields(deps: FieldDeps) {
  const fail = (broken: { param: string; message: string }) => invalidParam(broken.param, broken.message);

  /** TikTok settings from the input and the connection's options (title null: follows the caption). */
  function tiktokOf(accountId: number, input: TikTokInputData | null | undefined, previous: PostRecord['tiktok']): PostRecord['tiktok'] {
    const options = deps.tiktok(accountId);
    const base = previous ?? {
      privacy_level: options.privacy_level_options.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : options.privacy_level_options[0]!,
      title: null,
      allow_comments: !options.comment_disabled,
      allow_duet: false,
      allow_stitch: false,
      content_disclosure: false,
      promote_self: false,
      promote_third_party: false,
    };
    const next = { ...base };
    if (input) {
      for (const [key, value] of Object.entries(input)) if (value !== undefined) Object.assign(next, { [key]: value });
    }
    if (!options.privacy_level_options.includes(next.privacy_level)) {
      throw invalidParam('tiktok.privacy_level', `privacy_level must be one of the connection's options: ${options.privacy_level_options.join(', ')} (GET /posts/capabilities).`);
    }
    if (next.allow_duet && options.duet_disabled) throw invalidParam('tiktok.allow_duet', 'Duets are disabled on this TikTok account.');
    if (next.allow_stitch && options.stitch_disabled) throw invalidParam('tiktok.allow_stitch', 'Stitches are disabled on this TikTok account.');
    if (next.allow_comments && options.comment_disabled) throw invalidParam('tiktok.allow_comments', 'Comments are disabled on this TikTok account.');
    return next;
  }

  /** Every field rule of a post as it would be after a create or PATCH. */
  function shape(accountId: number, previous: PostRecord | undefined, input: CreatePost | PatchPost): PostFields {
    const platform = input.platform ?? previous!.platform;
    const post_type = input.post_type ?? previous!.post_type;
    if (hasTikTok(platform) && !TIKTOK_POST_TYPES.includes(post_type)) {
      throw invalidParam('post_type', `TikTok takes feed_post and reels only; ${post_type} cannot target ${platform}.`);
    }
    const caption = input.caption !== undefined ? (input.caption === '' ? null : input.caption) : (previous?.caption ?? null);
    if (caption !== null && !fitsChars(caption, CAPTION_MAX)) throw invalidParam('caption', `Captions are up to ${CAPTION_MAX} characters.`);
    const tiktokOnly = isTikTokOnly(platform);
    const collaborators = tiktokOnly ? [] : (input.collaborators ?? previous?.collaborators ?? []).map((name) => name.replace(/^@/, ''));
    if (collaborators.length > COLLABORATORS_MAX) throw invalidParam('collaborators', `Up to ${COLLABORATORS_MAX} collaborators.`);
    const autoReply = tiktokOnly ? null : input.comment_auto_reply !== undefined ? input.comment_auto_reply : (previous?.comment_auto_reply ?? null);
    if (autoReply && autoReply.response_mode !== 'public_only' && autoReply.buttons.length < 2) {
      throw invalidParam('comment_auto_reply.buttons', `A DM mode (${autoReply.response_mode}) needs at least 2 buttons.`);
    }
    const items = previous ? deps.facts(previous.id) : [];
    const broken = mediaBreak(post_type, platform, items, deps.tiktok(accountId).max_video_post_duration_sec, input.post_type !== undefined ? 'post_type' : 'platform');
    if (broken) throw fail(broken);
    return {
      platform,
      post_type,
      caption,
      hashtags: input.hashtags ?? previous?.hashtags ?? [],
      first_comment: tiktokOnly ? null : input.first_comment !== undefined ? (input.first_comment === '' ? null : input.first_comment) : (previous?.first_comment ?? null),
      collaborators,
      comment_auto_reply: autoReply,
      cover_offset_ms: input.cover_offset_ms !== undefined ? input.cover_offset_ms : (previous?.cover_offset_ms ?? null),
      tiktok: hasTikTok(platform) ? tiktokOf(accountId, input.tiktok, previous?.tiktok ?? null) : null,
    };
  }


  return { shape };
}
