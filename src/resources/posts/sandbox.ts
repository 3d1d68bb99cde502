/** Publishing as sandbox state: the TikTok connection with its creator options, and a rejection fault per platform. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { PostsModel } from './model.js';
import { PublishFault, PublishFaultInput, PublishFaultParams, TikTokConnection, TikTokConnectionInput } from './schemas.js';

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
};
