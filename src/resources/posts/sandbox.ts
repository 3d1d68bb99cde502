/** Publishing as sandbox state: the TikTok connection with its creator options, a rejection fault per platform, and the publish latency. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { PostsModel } from './model.js';
import { PublishFault, PublishFaultInput, PublishFaultParams, PublishLatency, PublishLatencyInput, TikTokConnection, TikTokConnectionInput } from './schemas.js';

const power = powersFor<GroupContext<PostsModel>>();

export const postPowers = {
  postsTikTok: power.account({
    operationId: 'sandboxGetPostsTikTok',
    method: 'GET',
    path: '/posts/tiktok',
    summary: 'The TikTok connection posts publish to, and its creator options (GET /posts/capabilities shows them)',
    output: TikTokConnection,
    run: ({ accountId }, { model }) => model.settings.tiktok(accountId),
  }),
  setPostsTikTok: power.account({
    operationId: 'sandboxSetPostsTikTok',
    method: 'POST',
    path: '/posts/tiktok',
    summary: 'Connect or disconnect TikTok (with a username) and set its creator options: privacy levels, max video duration, duet/stitch/comment disabled',
    input: TikTokConnectionInput,
    inputRequired: true,
    output: TikTokConnection,
    run: ({ accountId, input }, { model }) => model.settings.setTikTok(accountId, input),
  }),
  setPostPublishFault: power.account({
    operationId: 'sandboxSetPostPublishFault',
    method: 'POST',
    path: '/posts/faults/{platform}',
    summary: 'Make a platform reject (or stop rejecting) every publish: the post goes failed with error_message, 422 publish_failed, post.failed',
    params: PublishFaultParams,
    input: PublishFaultInput,
    inputRequired: true,
    output: PublishFault,
    run: ({ accountId, params, input }, { model }) => model.settings.setFault(accountId, params.platform, input.reject, input.error_message),
  }),
  postsPublishLatency: power.account({
    operationId: 'sandboxGetPostsPublishLatency',
    method: 'GET',
    path: '/posts/publish-latency',
    summary: 'How long a due scheduled post stays publishing before the platforms answer (0: published at scheduled_at)',
    output: PublishLatency,
    run: ({ accountId }, { model }) => ({ publish_latency_ms: model.settings.publishLatency(accountId) }),
  }),
  setPostsPublishLatency: power.account({
    operationId: 'sandboxSetPostsPublishLatency',
    method: 'POST',
    path: '/posts/publish-latency',
    summary: 'Make due scheduled posts stay publishing this long on the virtual clock (GET shows status publishing, edits are 409 not_editable), then publish or fail',
    input: PublishLatencyInput,
    inputRequired: true,
    output: PublishLatency,
    run: ({ accountId, input }, { model }) => model.settings.setPublishLatency(accountId, input.publish_latency_ms),
  }),
};
