/** Comment triggers (2.22, 3.7, 4.14): keyword triggers on comments, their simulator, and comments arriving. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { aiConfigGroup } from '../ai-config/index.js';
import { blockedUsersGroup } from '../blocked-users/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { flowsGroup } from '../flows/index.js';
import { optOutsGroup } from '../opt-outs/index.js';
import { overviewGroup } from '../overview/index.js';
import { postsGroup } from '../posts/index.js';
import { tagsGroup } from '../tags/index.js';
import { commentTriggerHooks } from './hooks.js';
import { commentTriggerMutants } from './mutants.js';
import { createCommentTriggersModel } from './model.js';
import { commentTriggerRoutes } from './routes.js';
import { commentTriggerPull } from './pull.js';
import { commentTriggerPowers } from './sandbox.js';
import { commentTriggerSeed } from './seed.js';
import { postScopedTriggersOf, triggerFiresIn } from './wiring.js';

export const commentTriggersGroup = defineGroup({
  name: 'commentTriggers',
  description:
    'Comment triggers (2.22, 3.7, 4.14): keywords on comments answered by a public reply and a DM with buttons, a plan live cap, links to flows, a simulator sharing the real matcher, and comments arriving (sandbox).',
  needs: [accountGroup, tagsGroup, contactsGroup, conversationsGroup, optOutsGroup, blockedUsersGroup, aiConfigGroup, flowsGroup, overviewGroup, postsGroup],
  hooks: commentTriggerHooks,
  model: ({ core, needs, hooks }) => createCommentTriggersModel(core, needs, hooks),
  listen: ({ model, on }) => {
    on.tags.tagDeleted.add((accountId, tagId) => model.detachTag(accountId, tagId));
    on.flows.references.add((accountId) => model.references(accountId));
    on.flows.flowPaused.add((accountId, flowId) => {
      model.pauseLinkedTo(accountId, flowId);
      return 0;
    });
    on.flows.flowDeleted.add((accountId, flowId) => model.pauseLinkedTo(accountId, flowId));
    // 4.15: a published post's `comment_auto_reply` becomes a trigger scoped to it, per platform.
    on.posts.postPublished.add((accountId, published) => {
      for (const scoped of postScopedTriggersOf(published)) model.createPostScopedTrigger(accountId, scoped.postId, scoped.platform, scoped.autoReply);
    });
    on.overview.commentTriggerFires.add((accountId, window) => triggerFiresIn(model, accountId, window));
  },
  routes: commentTriggerRoutes,
  sandbox: commentTriggerPowers,
  seed: commentTriggerSeed,
  pull: commentTriggerPull,
  mutants: commentTriggerMutants,
});
