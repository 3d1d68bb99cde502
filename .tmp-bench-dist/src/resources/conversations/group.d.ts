/**
 * The messaging groups of issue 4 wired together in dependency order: channels, team and
 * invitations, opt-outs, blocked users, messages, conversations (+ actions and sandbox), inbound
 * and sending. The registry (resources/index.ts) spreads these into `models`.
 */
import type { AccountModel } from '../account/model.js';
import type { AppRoute, CoreServices } from '../app.js';
import type { ContactsModel } from '../contacts/model.js';
import type { Hooks } from '../hooks.js';
import type { TagsModel } from '../tags/model.js';
export interface MessagingDeps {
    readonly hooks: Hooks;
    readonly account: AccountModel;
    readonly contacts: ContactsModel;
    readonly tags: TagsModel;
}
export declare function createMessagingModels(core: CoreServices, deps: MessagingDeps): {
    channels: {
        state: (accountId: number, channel: import("../../index.js").Channel) => import("../channels/model.js").ChannelState;
        present: (accountId: number, channel: import("../../index.js").Channel) => import("../channels/schemas.js").ChannelConnectionData;
        isConnected: (accountId: number, channel: import("../../index.js").Channel) => boolean;
        list: (accountId: number) => import("../channels/schemas.js").ChannelConnectionData[];
        set(accountId: number, channel: import("../../index.js").Channel, patch: Partial<import("../channels/model.js").ChannelState>): import("../channels/schemas.js").ChannelConnectionData;
    };
    team: {
        members: import("../../store/collection.js").Collection<import("../team/model.js").TeamMemberRecord>;
        find: (accountId: number, id: number) => import("../team/model.js").TeamMemberRecord | undefined;
        get(accountId: number, id: number): import("../team/model.js").TeamMemberRecord;
        findByEmail: (accountId: number, email: string) => import("../team/model.js").TeamMemberRecord | undefined;
        count: (accountId: number) => number;
        list: (accountId: number) => import("../team/model.js").TeamMemberRecord[];
        present(member: import("../team/model.js").TeamMemberRecord, activeConversations: number): import("../team/schemas.js").TeamMemberData;
        add(accountId: number, input: import("../team/model.js").NewMember): import("../team/model.js").TeamMemberRecord;
        update(accountId: number, id: number, patch: {
            role?: import("../team/schemas.js").TeamRoleValue;
            channels?: readonly import("../../index.js").Channel[] | null;
        }): import("../team/model.js").TeamMemberRecord;
        recordResolved(accountId: number, id: number): void;
        remove(accountId: number, id: number): import("../team/model.js").TeamMemberRecord;
    };
    invitations: {
        invitations: import("../../store/collection.js").Collection<import("../team/invitations.js").InvitationRecord>;
        isPending: (invitation: import("../team/invitations.js").InvitationRecord) => boolean;
        seatsUsed: (accountId: number) => number;
        seatCap: (accountId: number) => number;
        list: (accountId: number) => import("../team/invitations.js").InvitationRecord[];
        present(invitation: import("../team/invitations.js").InvitationRecord): import("../team/schemas.js").TeamInvitationData;
        create(accountId: number, input: import("../team/invitations.js").NewInvitation): import("../team/invitations.js").InvitationRecord;
        resend(accountId: number, id: number): import("../team/invitations.js").InvitationRecord;
        cancel(accountId: number, id: number): import("../team/invitations.js").InvitationRecord;
        accept(accountId: number, id: number): import("../team/model.js").TeamMemberRecord;
        seed(accountId: number, input: import("../team/invitations.js").NewInvitation & {
            email_sent?: boolean;
            expires_in_ms?: number;
        }): import("../team/invitations.js").InvitationRecord;
    };
    optOuts: {
        optOuts: import("../../store/collection.js").Collection<import("../opt-outs/model.js").OptOutRecord>;
        present(row: import("../opt-outs/model.js").OptOutRecord): import("../opt-outs/schemas.js").OptOutData;
        smsStop(accountId: number, identifier: string): import("../opt-outs/model.js").OptOutRecord;
        smsStart(accountId: number, identifier: string): import("../opt-outs/model.js").OptOutRecord | null;
        metaOptOut(accountId: number, input: import("../opt-outs/model.js").MetaOptOutInput): import("../opt-outs/model.js").OptOutRecord;
        blockingSend(accountId: number, channel: import("../../index.js").Channel, identifier: string, kind: import("../opt-outs/model.js").SendKind): import("../opt-outs/model.js").OptOutRecord | undefined;
        blocksClaim(accountId: number, channel: import("../../index.js").Channel, identifier: string): boolean;
        list(accountId: number, filters: import("../opt-outs/model.js").OptOutFilters, page: import("../../core/pagination.js").PageRequest): import("../../core/pagination.js").Page<import("../opt-outs/model.js").OptOutRecord>;
    };
    blockedUsers: {
        blocks: import("../../store/collection.js").Collection<import("../blocked-users/model.js").BlockedUserRecord>;
        activeBlock: (accountId: number, person: import("../blocked-users/model.js").Person) => import("../blocked-users/model.js").BlockedUserRecord | undefined;
        isBlocked: (accountId: number, person: import("../blocked-users/model.js").Person) => boolean;
        present(row: import("../blocked-users/model.js").BlockedUserRecord): import("../blocked-users/schemas.js").BlockedUserData;
        activeIds: (accountId: number) => readonly number[];
        block(accountId: number, target: import("../blocked-users/model.js").BlockTarget): import("../blocked-users/model.js").BlockedUserRecord;
        unblock(accountId: number, id: number): import("../blocked-users/model.js").BlockedUserRecord;
        detachConversation(conversationId: number): void;
    };
    messages: {
        messages: import("../../store/collection.js").Collection<import("../messages/model.js").MessageRecord>;
        metrics: import("../../store/collection.js").Collection<import("../messages/model.js").MessageMetricRecord>;
        present: (row: import("../messages/model.js").MessageRecord) => import("../messages/schemas.js").MessageData;
        append(accountId: number, conversationId: number, channel: import("../../index.js").Channel, input: import("../messages/model.js").NewMessage): import("../messages/model.js").MessageRecord;
        list(conversationId: number, page: import("../../core/pagination.js").PageRequest): import("../../core/pagination.js").Page<import("../messages/schemas.js").MessageData>;
        latestInbound(conversationId: number): import("../messages/model.js").MessageRecord | undefined;
        findByMessageId(conversationId: number, messageId: string): import("../messages/model.js").MessageRecord | undefined;
        removeConversation(conversationId: number): import("../messages/model.js").RemovedMessages;
    };
    conversations: {
        conversations: import("../../store/collection.js").Collection<import("./record.js").ConversationRecord>;
        find: (accountId: number, id: number) => import("./record.js").ConversationRecord | undefined;
        get: (accountId: number, id: number) => import("./record.js").ConversationRecord;
        present: (conversation: import("./record.js").ConversationRecord) => import("./schemas.js").ConversationData;
        write: (conversation: import("./record.js").ConversationRecord, patch: Partial<import("./record.js").ConversationRecord>) => import("./record.js").ConversationRecord;
        stateOf: (conversation: import("./record.js").ConversationRecord) => import("./state.js").ThreadState;
        sameState: (a: import("./state.js").ThreadState, b: import("./state.js").ThreadState) => boolean;
        contactOf: (conversation: import("./record.js").ConversationRecord) => import("../contacts/record.js").ContactRecord | undefined;
        findByIdentity: (accountId: number, channel: import("../../index.js").Channel, platformUserId: string) => import("./record.js").ConversationRecord | undefined;
        openFor(accountId: number, contact: import("../contacts/record.js").ContactRecord): {
            conversation: import("./record.js").ConversationRecord;
            created: boolean;
        };
        createWithState(accountId: number, contact: import("../contacts/record.js").ContactRecord, state: import("./state.js").ThreadState, atMs: number, tagIds: readonly number[]): import("./record.js").ConversationRecord;
        append(conversation: import("./record.js").ConversationRecord, input: import("../messages/model.js").NewMessage): {
            conversation: import("./record.js").ConversationRecord;
            message: import("../messages/model.js").MessageRecord;
        };
        list(accountId: number, filters: import("./schemas.js").ListConversationsFilters, page: import("../../core/pagination.js").PageRequest): import("../../core/pagination.js").Page<import("./schemas.js").ConversationData>;
        remove(accountId: number, id: number): import("./schemas.js").DeletedConversationData;
        activeCountFor(accountId: number, memberId: number): number;
        unassignMember(accountId: number, memberId: number): number;
    };
    conversationActions: {
        patch(accountId: number, id: number, body: {
            status?: import("./schemas.js").SettableStatus;
            ai_paused?: boolean;
        }): import("./record.js").ConversationRecord;
        assign(accountId: number, id: number, assignee: number | null): import("./record.js").ConversationRecord;
    };
    conversationSandbox: {
        create(accountId: number, input: import("./schemas.js").SeedConversation): import("./record.js").ConversationRecord;
        setState(accountId: number, id: number, input: import("./schemas.js").SystemState): import("./record.js").ConversationRecord;
    };
    inbound: {
        receive(accountId: number, input: import("../messages/schemas.js").InboundMessage): import("../messages/inbound.js").InboundResult;
    };
    sending: {
        faults: {
            faults: import("../../store/collection.js").Collection<import("../sending/faults.js").SendFaultRecord>;
            arm(accountId: number, channel: import("../../index.js").Channel, platformUserId: string, error: import("../sending/schemas.js").SendFaultCode, count: number): import("../sending/faults.js").SendFaultRecord;
            take(accountId: number, channel: import("../../index.js").Channel, platformUserId: string): import("../../core/errors.js").ApiError | undefined;
            list: (accountId: number) => import("../sending/faults.js").SendFaultRecord[];
            clear(accountId: number): number;
        };
        audit: {
            audit: import("../../store/collection.js").Collection<import("../sending/audit.js").SendAuditRecord>;
            sent: import("../../store/collection.js").Collection<import("../sending/audit.js").SentRequestRecord>;
            fingerprint: (body: unknown) => string;
            replay(accountId: number, key: string, fingerprint: string): import("../sending/schemas.js").SendResultData | undefined;
            remember(accountId: number, key: string, fingerprint: string, result: import("../sending/schemas.js").SendResultData): void;
            record(accountId: number, row: Omit<import("../sending/audit.js").SendAuditRecord, "id" | "account_id" | "at_ms">): import("../sending/audit.js").SendAuditRecord;
            counts(accountId: number, fromMs: number, toMs: number): import("../sending/audit.js").SendCounts;
            list: (accountId: number) => import("../sending/audit.js").SendAuditRecord[];
        };
        send(accountId: number, body: import("../sending/schemas.js").SendMessageInput, idempotencyKey: string): import("../sending/model.js").SendOutcome;
    };
};
export declare const messagingRoutes: readonly AppRoute[];
