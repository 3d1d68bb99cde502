/** The platform's side of comment replies: make it refuse them (approvals fail with 422 send_failed). */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { CommentsModel } from './model.js';
import { CommentFaults, CommentFaultState } from './schemas.js';

const power = powersFor<GroupContext<CommentsModel>>();

export const commentPowers = {
  commentFaults: power.account({
    operationId: 'sandboxSetCommentFaults',
    method: 'POST',
    path: '/comments/faults',
    summary: 'refuse_replies: the platform refuses every comment reply from now on (until set false)',
    input: CommentFaults,
    inputRequired: true,
    output: CommentFaultState,
    run: ({ accountId, input }, { model }) => model.setFaults(accountId, input),
  }),
};
