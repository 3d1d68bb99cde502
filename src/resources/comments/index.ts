/** Handled comments (2.24, 3.6, 4.14): the AI comment manager's answers, moderation and approval queue. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { aiConfigGroup } from '../ai-config/index.js';
import { commentTriggersGroup } from '../comment-triggers/index.js';
import { optOutsGroup } from '../opt-outs/index.js';
import { sendingGroup } from '../sending/index.js';
import { commentEvents } from './events.js';
import { commentMutants } from './mutants.js';
import { createCommentsModel } from './model.js';
import { commentRoutes } from './routes.js';
import { commentPull } from './pull.js';
import { commentPowers } from './sandbox.js';
import { commentSeed } from './seed.js';

export const commentsGroup = defineGroup({
  name: 'comments',
  description:
    'Handled comments (2.24, 3.6, 4.14): comments no trigger answered, taken by the AI comment manager (Pro and above): sent, queued for approval, hidden, skipped at the plan caps; approve, reject, bulk; kept 30 days.',
  // sending: only to answer its hooks (the comment a private reply rests on).
  needs: [accountGroup, aiConfigGroup, optOutsGroup, commentTriggersGroup, sendingGroup],
  model: ({ core, needs }) => createCommentsModel(core, needs),
  listen: ({ model, on, core }) => {
    on.commentTriggers.commentUnanswered.add((accountId, comment) => model.receive(accountId, comment));
    on.commentTriggers.commentReceived.add(
      (accountId, comment) => void model.received.record(accountId, { ...comment, received_ms: core.clock.now(), private_reply_sent: false }),
    );
    // A trigger that opened a conversation sent the commenter its DM: the comment's private reply.
    on.commentTriggers.commentTriggerFired.add((accountId, fired) => {
      if (fired.conversation_id !== null) model.received.replied(accountId, fired.comment_id);
    });
    on.sending.commentOf.add((accountId, commentId) => model.received.find(accountId, commentId));
    on.sending.privateReplySent.add((accountId, commentId) => model.received.replied(accountId, commentId));
    // A state saved before the draft ledger existed counts the drafts its records still show.
    core.lifecycle.restored.add(() => model.migrateDraftLedger());
  },
  routes: commentRoutes,
  events: commentEvents,
  sandbox: commentPowers,
  seed: commentSeed,
  pull: commentPull,
  mutants: commentMutants,
});
