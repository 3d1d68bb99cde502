/** The connected channel's side: posts appear, and the provider can stop answering. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { RecentPostsModel } from './model.js';
import { AddPostBody, PostFaults, RecentPost } from './schemas.js';

const power = powersFor<GroupContext<RecentPostsModel>>();

export const recentPostPowers = {
  addChannelPost: power.account({
    operationId: 'sandboxAddChannelPost',
    method: 'POST',
    path: '/recent-posts',
    summary: 'A post appears on the connected Instagram or Facebook account (same id replaces it)',
    input: AddPostBody,
    inputRequired: true,
    output: RecentPost,
    run: ({ accountId, input }, { model }) => model.add(accountId, input),
  }),
  recentPostsFault: power.account({
    operationId: 'sandboxSetRecentPostsFault',
    method: 'POST',
    path: '/recent-posts/fault',
    summary: 'unavailable: GET /recent-posts answers 503 service_unavailable until set false',
    input: PostFaults,
    inputRequired: true,
    output: PostFaults,
    run: ({ accountId, input }, { model }) => model.setUnavailable(accountId, input.unavailable),
  }),
};
