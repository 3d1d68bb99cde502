/** "A customer comments": a real comment arrives and fires what simulate predicts. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { CommentTriggersModel } from './model.js';
import { ArrivingCommentBody, CommentArrival } from './sandbox-schemas.js';

const power = powersFor<GroupContext<CommentTriggersModel>>();

export const commentTriggerPowers = {
  comment: power.account({
    operationId: 'sandboxComment',
    method: 'POST',
    path: '/comments',
    summary: 'A customer comments on a post, story or live video: the matching trigger replies, DMs, tags, hides and counts',
    input: ArrivingCommentBody,
    inputRequired: true,
    output: CommentArrival,
    run: ({ accountId, input }, { model }) => model.arrive(accountId, input),
  }),
};
