/**
 * The account's own Instagram posts the market group stored (GET /market-intel/top-posts, 2.30)
 * as recent posts of the connected Instagram channel (2.23 "from the connected channel"): a post
 * whose performance is stored is one the channel holds. Read when listed, so a market refresh
 * that stores newer posts shows them at once. None while the market has no access (not logged
 * in fully, or Instagram not connected), as GET /market-intel/top-posts then answers none.
 */
import { STORED_POST_MAX } from '../market/limits.js';
import type { MarketModel } from '../market/model.js';
import type { ChannelPostInput } from './model.js';

/** The Graph API's media types for the market's kinds (a Reel is a VIDEO, as published.ts maps it). */
const MEDIA_TYPE_OF: Readonly<Record<string, string>> = { reel: 'VIDEO', photo: 'IMAGE', carousel: 'CAROUSEL_ALBUM' };

export function marketPostsOf(market: MarketModel, accountId: number): ChannelPostInput[] {
  if (!market.state(accountId).access) return [];
  const stored = market.topPosts(accountId, { list: 'recentPosts', limit: STORED_POST_MAX, after: undefined }).data;
  return stored.map((post) => ({
    id: post.id,
    channel: 'instagram',
    caption: post.caption,
    media_type: MEDIA_TYPE_OF[post.media_type] ?? 'IMAGE',
    permalink: post.permalink,
    thumbnail_url: null,
    posted_at: post.posted_at,
  }));
}
