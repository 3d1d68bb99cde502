/**
 * Recent posts read back (`seed pull`): the connected channels' posts, per platform (GET
 * /recent-posts pages at most 50), oldest first so the sandbox orders them the same. A platform
 * that is not connected (409 `not_connected`) has no posts to copy. A post the posts group
 * published is on the channel too; loading it twice is harmless (a channel post is keyed by its
 * platform id, so the second load updates the first). The market's stored own posts are left out:
 * the channel shows them from the market group (./market-posts.ts), which a seed's `market`
 * section restores, so a copy whose handle was redacted shows its own handle's posts, not both.
 */
import { unlessRefused, type PullApi, type PullSpec } from '../../groups/pull.js';
import { sandboxFilePath } from './sandbox-file.js';
import type { RecentPostData } from './schemas.js';

/** The most GET /recent-posts pages at once (2.23). */
const PAGE_MAX = 50;
const PLATFORMS = ['instagram', 'facebook'] as const;

async function pullRecentPosts(api: PullApi) {
  const posts: RecentPostData[] = [];
  for (const platform of PLATFORMS) {
    posts.push(...(await unlessRefused(api.all<RecentPostData>('/recent-posts', { platform, limit: PAGE_MAX }), ['not_connected'], [])));
  }
  const stored = await unlessRefused(api.all<{ id: string }>('/market-intel/top-posts', { limit: PAGE_MAX }), ['feature_unavailable'], []);
  const fromMarket = new Set(stored.map((post) => post.id));
  return posts
    .filter((post) => !(post.channel === 'instagram' && fromMarket.has(post.id)))
    .sort((a, b) => Date.parse(a.posted_at) - Date.parse(b.posted_at))
    .map((post) => ({
      id: post.id,
      channel: post.channel,
      caption: post.caption,
      media_type: post.media_type,
      permalink: post.permalink,
      // The source's own file as a path: the pulled sandbox serves it at its origin (./sandbox-file.ts).
      thumbnail_url: post.thumbnail_url === null ? null : (sandboxFilePath(post.thumbnail_url) ?? post.thumbnail_url),
      posted_at: post.posted_at,
    }));
}

export const recentPostPull: PullSpec = {
  sections: [{ field: 'recent_posts', value: pullRecentPosts, requests: 3 }],
};
