import { type Page, type PageRequest } from '../../core/pagination.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../app.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { ContactRecord, ContactsModel } from '../contacts/model.js';
import type { Hooks } from '../hooks.js';
import type { MessageRecord, MessagesModel, NewMessage } from '../messages/model.js';
import type { TeamModel } from '../team/model.js';
import { type ConversationRecord } from './record.js';
import type { ConversationData, DeletedConversationData, ListConversationsFilters } from './schemas.js';
import { type ThreadState } from './state.js';
export type { ConversationRecord } from './record.js';
export interface ConversationsDeps {
    readonly hooks: Hooks;
    readonly contacts: ContactsModel;
    readonly team: TeamModel;
    readonly messages: MessagesModel;
    readonly blockedUsers: BlockedUsersModel;
}
export declare function createConversationsModel(core: CoreServices, deps: ConversationsDeps): {
    conversations: import("../../store/collection.js").Collection<ConversationRecord>;
    find: (accountId: number, id: number) => ConversationRecord | undefined;
    get: (accountId: number, id: number) => ConversationRecord;
    present: (conversation: ConversationRecord) => ConversationData;
    write: (conversation: ConversationRecord, patch: Partial<ConversationRecord>) => ConversationRecord;
    stateOf: (conversation: ConversationRecord) => ThreadState;
    sameState: (a: ThreadState, b: ThreadState) => boolean;
    contactOf: (conversation: ConversationRecord) => ContactRecord | undefined;
    findByIdentity: (accountId: number, channel: Channel, platformUserId: string) => ConversationRecord | undefined;
    /** The contact's thread, created active with the AI live if there is none. */
    openFor(accountId: number, contact: ContactRecord): {
        conversation: ConversationRecord;
        created: boolean;
    };
    /** Seeds and the sandbox: a thread in any state, created at a given time. */
    createWithState(accountId: number, contact: ContactRecord, state: ThreadState, atMs: number, tagIds: readonly number[]): ConversationRecord;
    /**
     * Appends to the transcript. A customer message opens the window and reopens a resolved or
     * archived thread; system lines and drafts leave last_message_at alone.
     */
    append(conversation: ConversationRecord, input: NewMessage): {
        conversation: ConversationRecord;
        message: MessageRecord;
    };
    list(accountId: number, filters: ListConversationsFilters, page: PageRequest): Page<ConversationData>;
    remove(accountId: number, id: number): DeletedConversationData;
    /** Member conversations that are still open (team list). */
    activeCountFor(accountId: number, memberId: number): number;
    /** DELETE /team/{id}: every thread of the member is unassigned; no event fires (4.10). */
    unassignMember(accountId: number, memberId: number): number;
};
export type ConversationsModel = ReturnType<typeof createConversationsModel>;
