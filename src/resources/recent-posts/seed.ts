/** The `recent_posts` section of a seed account: posts the connected channels already hold. */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { RecentPostsModel } from './model.js';
import { AddPostBody } from './schemas.js';

export const recentPostSeed = seedFor<RecentPostsModel>()({
  fields: { recent_posts: z.array(AddPostBody.required({ id: true, posted_at: true })).optional() },
  defaults,
  apply: ({ model, accountId, each }, { recent_posts }) => {
    each('recent_posts', recent_posts, (post) => void model.add(accountId, post));
  },
});
