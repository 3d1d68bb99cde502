/** Recent posts (2.23): what the connected Instagram and Facebook accounts have posted, as the sandbox holds it. */
import { defineGroup } from '../../groups/define.js';
import { channelsGroup } from '../channels/index.js';
import { inboundGroup } from '../inbound/index.js';
import { marketGroup } from '../market/index.js';
import { postsGroup } from '../posts/index.js';
import { createRecentPostsModel } from './model.js';
import { recentPostRoutes } from './routes.js';
import { recentPostPull } from './pull.js';
import { recentPostPowers } from './sandbox.js';
import { recentPostSeed } from './seed.js';
import { channelPostsOf } from './published.js';
import { marketPostsOf } from './market-posts.js';

export const recentPostsGroup = defineGroup({
  name: 'recentPosts',
  description:
    'Recent posts (2.23, 4.14): the connected channel’s posts newest first (limit up to 50), 409 not_connected, 503 service_unavailable as a sandbox fault; addChannelPost for the posts group; answers inbound accountPost (which posts can be shared).',
  needs: [channelsGroup, postsGroup, inboundGroup, marketGroup],
  // The market's stored own posts are posts of the Instagram channel (2.23, 2.30; audit 13b B10).
  model: ({ core, needs }) => createRecentPostsModel(core, { channels: needs.channels, derived: (accountId) => marketPostsOf(needs.market, accountId) }),
  // A post the posts group publishes (4.15) is on the channel from then on, so it is a recent post.
  // A shared post (sandbox inbound) must be one of the account's Instagram posts.
  listen: ({ model, on }) => {
    on.posts.postPublished.add((accountId, published) => {
      for (const post of channelPostsOf(published)) model.addChannelPost(accountId, post);
    });
    on.inbound.accountPost.add((accountId, postId) => model.find(accountId, 'instagram', postId));
  },
  routes: recentPostRoutes,
  sandbox: recentPostPowers,
  seed: recentPostSeed,
  pull: recentPostPull,
});
