/** Handled comment rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { CommentsModel, CommentsNeeds } from './model.js';

export const commentMutants: Readonly<Record<string, GroupMutant<CommentsModel, CommentsNeeds>>> = {
  comments_bulk_over_100: {
    description: 'Bulk approve and reject take more than 100 ids.',
    install: ({ model }) => {
      const original = model.rules.bulkLimit;
      model.rules.bulkLimit = 1000;
      return () => {
        model.rules.bulkLimit = original;
      };
    },
  },
  comments_approve_twice: {
    description: 'A comment that is no longer pending can be approved again (the reply is posted twice), instead of 409 not_pending.',
    install: ({ model }) => {
      model.rules.approveOnlyPending = false;
      return () => {
        model.rules.approveOnlyPending = true;
      };
    },
  },
};
