/**
 * What comment triggers take from the groups beside them: a published post's auto-reply (4.15)
 * and the overview's fire counts (2.14). Pure translations, so the descriptor stays a list of hooks.
 */
import type { PublishedPost } from '../posts/model.js';
import type { CommentAutoReply } from '../posts/schemas.js';
import type { OverviewWindowMs } from '../overview/window.js';
import type { CommentTriggersModel } from './model.js';

export interface PostScopedTrigger {
  readonly postId: string;
  readonly platform: 'instagram' | 'facebook';
  readonly autoReply: CommentAutoReply;
}

/**
 * One trigger per platform the post went live on with comments (Instagram, Facebook), scoped to
 * that platform's own post id: a comment arrives carrying the id of the post on its platform.
 * TikTok has no comment triggers (2.22 platforms), so a TikTok target adds none.
 */
export function postScopedTriggersOf(published: PublishedPost): PostScopedTrigger[] {
  const autoReply = published.comment_auto_reply;
  if (!autoReply) return [];
  const scoped: PostScopedTrigger[] = [];
  const instagram = published.published_ids.instagram_media_id;
  const facebook = published.published_ids.facebook_post_id;
  if (published.targets.includes('instagram') && instagram) scoped.push({ postId: instagram, platform: 'instagram', autoReply });
  if (published.targets.includes('facebook') && facebook) scoped.push({ postId: facebook, platform: 'facebook', autoReply });
  return scoped;
}

/** The overview's `commentTriggerFires` answer: each trigger's fires in both windows and all time. */
export function triggerFiresIn(model: CommentTriggersModel, accountId: number, window: OverviewWindowMs) {
  const end = window.nowMs + 1;
  const current = model.firesBetween(accountId, window.currentFromMs, end);
  const previous = new Map(model.firesBetween(accountId, window.previousFromMs, window.currentFromMs).map((row) => [row.trigger_id, row.fires]));
  const allTime = new Map(model.firesBetween(accountId, 0, end).map((row) => [row.trigger_id, row.fires]));
  return current.map((row) => ({
    trigger_id: row.trigger_id,
    name: row.name,
    linked_flow_ids: row.linked_flow_ids,
    current: row.fires,
    previous: previous.get(row.trigger_id) ?? 0,
    all_time: allTime.get(row.trigger_id) ?? 0,
  }));
}
