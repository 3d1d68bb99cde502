/**
 * The customer's side (sandbox): an inbound message arrives. It creates the contact and the
 * conversation if new, appends the message, opens the channel's messaging window, reopens a
 * resolved or archived thread and emits `message.received`. On SMS, STOP and START keywords
 * (CTIA) opt the number out and back in. A person the account blocked (Facebook, Instagram)
 * cannot reach it: the platform drops the message, and so do we (docs/decisions.md).
 */
import type { CoreServices } from '../app.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationData } from '../conversations/schemas.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import type { OptOutData } from '../opt-outs/schemas.js';
import type { MessagesModel } from './model.js';
import type { InboundMessage, MessageData } from './schemas.js';
export declare const SMS_STOP_KEYWORDS: readonly ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"];
export declare const SMS_START_KEYWORDS: readonly ["START", "UNSTOP"];
export interface InboundDeps {
    readonly contacts: ContactsModel;
    readonly conversations: ConversationsModel;
    readonly messages: MessagesModel;
    readonly optOuts: OptOutsModel;
    readonly blockedUsers: BlockedUsersModel;
}
export type InboundResult = {
    readonly delivered: false;
    readonly reason: 'blocked';
    readonly blocked_user_id: number;
} | {
    readonly delivered: true;
    readonly contact_id: number;
    readonly contact_created: boolean;
    readonly conversation_created: boolean;
    readonly conversation: ConversationData;
    readonly message: MessageData;
    readonly window_expires_at: string | null;
    readonly opt_out: OptOutData | null;
};
export declare function createInbound(core: CoreServices, deps: InboundDeps): {
    receive(accountId: number, input: InboundMessage): InboundResult;
};
export type Inbound = ReturnType<typeof createInbound>;
