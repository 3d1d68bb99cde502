/** Sending: POST /messages on any channel, with its checks, cold outbound and the send audit. */
import { defineGroup } from '../../groups/define.js';
import { blockedUsersGroup } from '../blocked-users/index.js';
import { channelsGroup } from '../channels/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { messagesGroup } from '../messages/index.js';
import { optOutsGroup } from '../opt-outs/index.js';
import { sendingHooks } from './hooks.js';
import { createSendingModel } from './model.js';
import { sendingRoutes } from './routes.js';
import { sendingPowers } from './sandbox.js';

export const sendingGroup = defineGroup({
  name: 'sending',
  description: 'Sending (2.7, 4.4, 7.2): routing, cold outbound, private replies to a real comment, the channel, opt-out, block and window checks, deduplication.',
  needs: [contactsGroup, conversationsGroup, messagesGroup, channelsGroup, blockedUsersGroup, optOutsGroup],
  hooks: sendingHooks,
  model: ({ core, needs, hooks }) => createSendingModel(core, needs, hooks),
  routes: sendingRoutes,
  sandbox: sendingPowers,
});
