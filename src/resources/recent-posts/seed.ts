/**
 * The `recent_posts` section of a seed account: posts the connected channels already hold, each
 * at an absolute `posted_at` (what `seed pull` writes) or `posted_ago` before the load instant
 * (the default seed: its posts stay recent whenever it loads, audit 13b B10). The account's
 * seeded published posts (the `posts` section) are on their channels too, as publishing puts
 * them there (the posts group's `postPublished`), so the seed adds those it does not list.
 */
import { z } from 'zod';
import { formatTimestamp } from '../../core/clock.js';
import { parseDuration } from '../../core/duration.js';
import { seedFor } from '../../groups/define.js';
import type { PostsModel } from '../posts/model.js';
import { Duration } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { RecentPostsModel } from './model.js';
import { channelPostsOf } from './published.js';
import { SANDBOX_FILE_PATH } from './sandbox-file.js';
import { AddPostBody } from './schemas.js';

const SeedRecentPost = AddPostBody.required({ id: true })
  .extend({
    posted_ago: Duration.optional().describe('How long before the load instant it was posted (instead of posted_at).'),
    // A published post's thumbnail is its first file, served by the sandbox: an http URL on loopback, or its path (./sandbox-file.ts), as a pull writes it.
    thumbnail_url: z.union([z.url({ protocol: /^https?$/ }).max(2000), z.string().regex(SANDBOX_FILE_PATH)]).nullable().optional(),
  })
  .refine((post) => (post.posted_at === undefined) !== (post.posted_ago === undefined), { message: 'Give posted_at or posted_ago (one of them).', path: ['posted_at'] });

/** More posts than any seed holds (a seed's posts are all listed at once). */
const SEED_POSTS_MAX = 100_000;

/** Every published post of the account, newest first as GET /posts lists them. */
function publishedPosts(posts: PostsModel, accountId: number) {
  return posts.list(accountId, { status: 'published' }, { list: 'seed', limit: SEED_POSTS_MAX, after: undefined }).data;
}

export const recentPostSeed = seedFor<RecentPostsModel, { readonly posts: PostsModel }>()({
  fields: { recent_posts: z.array(SeedRecentPost).optional() },
  defaults,
  apply: ({ model, needs, core, accountId, each }, { recent_posts }) => {
    each('recent_posts', recent_posts, ({ posted_ago, ...post }) => {
      const posted_at = posted_ago === undefined ? post.posted_at : formatTimestamp(core.clock.now() - parseDuration(posted_ago));
      void model.add(accountId, { ...post, posted_at });
    });
    for (const record of publishedPosts(needs.posts, accountId).reverse()) {
      // One the section lists already (a pulled seed holds them all) stays as listed.
      for (const channelPost of channelPostsOf(needs.posts.publishedView(record))) {
        if (!model.find(accountId, channelPost.channel, channelPost.id)) model.addChannelPost(accountId, channelPost);
      }
    }
  },
});
