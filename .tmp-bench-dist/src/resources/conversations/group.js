import { createBlockedUsersModel } from '../blocked-users/model.js';
import { blockedUserRoutes } from '../blocked-users/routes.js';
import { createChannelsModel } from '../channels/model.js';
import { createInbound } from '../messages/inbound.js';
import { createMessagesModel } from '../messages/model.js';
import { createOptOutsModel } from '../opt-outs/model.js';
import { optOutRoutes } from '../opt-outs/routes.js';
import { createSendingModel } from '../sending/model.js';
import { sendingRoutes } from '../sending/routes.js';
import { createInvitationsModel } from '../team/invitations.js';
import { createTeamModel } from '../team/model.js';
import { teamRoutes } from '../team/routes.js';
import { createConversationActions } from './actions.js';
import { createConversationsModel } from './model.js';
import { conversationRoutes } from './routes.js';
import { createConversationSandbox } from './sandbox.js';
export function createMessagingModels(core, deps) {
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
export const messagingRoutes = [
    ...conversationRoutes,
    ...sendingRoutes,
    ...teamRoutes,
    ...optOutRoutes,
    ...blockedUserRoutes,
];
//# sourceMappingURL=group.js.map