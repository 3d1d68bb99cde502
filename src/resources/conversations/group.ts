/**
 * The messaging groups of issue 4 wired together in dependency order: channels, team and
 * invitations, opt-outs, blocked users, messages, conversations (+ actions and sandbox), inbound
 * and sending. The registry (resources/index.ts) spreads these into `models`.
 */
import type { AccountModel } from '../account/model.js';
import type { AppRoute, CoreServices } from '../app.js';
import { createBlockedUsersModel } from '../blocked-users/model.js';
import { blockedUserRoutes } from '../blocked-users/routes.js';
import { createChannelsModel } from '../channels/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { Hooks } from '../hooks.js';
import { createInbound } from '../messages/inbound.js';
import { createMessagesModel } from '../messages/model.js';
import { createOptOutsModel } from '../opt-outs/model.js';
import { optOutRoutes } from '../opt-outs/routes.js';
import { createSendingModel } from '../sending/model.js';
import { sendingRoutes } from '../sending/routes.js';
import type { TagsModel } from '../tags/model.js';
import { createInvitationsModel } from '../team/invitations.js';
import { createTeamModel } from '../team/model.js';
import { teamRoutes } from '../team/routes.js';
import { createConversationActions } from './actions.js';
import { createConversationsModel } from './model.js';
import { conversationRoutes } from './routes.js';
import { createConversationSandbox } from './sandbox.js';

export interface MessagingDeps {
  readonly hooks: Hooks;
  readonly account: AccountModel;
  readonly contacts: ContactsModel;
  readonly tags: TagsModel;
}

export function createMessagingModels(core: CoreServices, deps: MessagingDeps) {
  const { hooks, account, contacts, tags } = deps;
  const channels = createChannelsModel(core);
  const team = createTeamModel(core);
  const invitations = createInvitationsModel(core, { team, account });
  const optOuts = createOptOutsModel(core, {
    hooks,
    contactIdFor: (accountId, channel, platformUserId) => contacts.findByIdentity(accountId, channel, platformUserId)?.id ?? null,
  });
  const blockedUsers = createBlockedUsersModel(core);
  const messages = createMessagesModel(core);
  const conversations = createConversationsModel(core, { hooks, contacts, team, messages, blockedUsers });
  const conversationActions = createConversationActions(core, { conversations, team, optOuts, blockedUsers });
  const conversationSandbox = createConversationSandbox(core, { conversations, contacts, team, tags });
  const inbound = createInbound(core, { contacts, conversations, messages, optOuts, blockedUsers });
  const sending = createSendingModel(core, { contacts, conversations, messages, channels, blockedUsers, optOuts });
  return { channels, team, invitations, optOuts, blockedUsers, messages, conversations, conversationActions, conversationSandbox, inbound, sending };
}

export const messagingRoutes: readonly AppRoute[] = [
  ...conversationRoutes,
  ...sendingRoutes,
  ...teamRoutes,
  ...optOutRoutes,
  ...blockedUserRoutes,
];
