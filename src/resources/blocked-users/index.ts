/** Blocked users: block, unblock (the row is kept), and what a block stops. */
import { blockedUserPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { channelsGroup } from '../channels/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { createBlockedUsersModel } from './model.js';
import { blockedUserRoutes } from './routes.js';
import { blockedUserSeed } from './seed.js';

export const blockedUsersGroup = defineGroup({
  name: 'blockedUsers',
  description: 'Blocked users (2.21, 3.7, 4.13): Facebook and Instagram blocks by thread or username; ids never reused.',
  needs: [contactsGroup, conversationsGroup, channelsGroup],
  model: ({ core, needs }) => createBlockedUsersModel(core, needs),
  listen: ({ model, on }) => {
    on.conversations.conversationDeleted.add((_accountId, conversationId) => model.detachConversation(conversationId));
    on.conversations.claimGuard.add((accountId, person) => model.refuseClaim(accountId, person));
  },
  routes: blockedUserRoutes,
  seed: blockedUserSeed,
  pull: blockedUserPull,
});
