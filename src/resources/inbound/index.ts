/** The customer's side of messaging: inbound messages, as the sandbox makes them arrive. */
import { defineGroup } from '../../groups/define.js';
import { blockedUsersGroup } from '../blocked-users/index.js';
import { channelsGroup } from '../channels/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { messagesGroup } from '../messages/index.js';
import { optOutsGroup } from '../opt-outs/index.js';
import { inboundEvents } from './events.js';
import { createInboundModel, inboundHooks } from './model.js';
import { inboundPowers } from './sandbox.js';

export const inboundGroup = defineGroup({
  name: 'inbound',
  description:
    'Inbound messages (sandbox): a customer writes in; contacts, threads, windows, SMS STOP/START, SMS body purge and message.received follow; story mentions and shared posts are media messages naming the story or post; offers messageReceived and accountPost (a shared post must be one of the account’s posts).',
  needs: [channelsGroup, contactsGroup, conversationsGroup, messagesGroup, optOutsGroup, blockedUsersGroup],
  hooks: inboundHooks,
  model: ({ core, needs, hooks }) => createInboundModel(core, needs, hooks),
  events: inboundEvents,
  sandbox: inboundPowers,
});
