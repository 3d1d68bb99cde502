/**
 * The registry of resource groups: one line per group for its model and one for its routes.
 * Models are created in dependency order; a group reaches another only through `models`.
 */
import type { AppRoute, CoreServices } from './app.js';
export declare function createModels(core: CoreServices): {
    channels: {
        state: (accountId: number, channel: import("../index.js").Channel) => import("./channels/model.js").ChannelState;
        present: (accountId: number, channel: import("../index.js").Channel) => import("./channels/schemas.js").ChannelConnectionData;
        isConnected: (accountId: number, channel: import("../index.js").Channel) => boolean;
        list: (accountId: number) => import("./channels/schemas.js").ChannelConnectionData[];
        set(accountId: number, channel: import("../index.js").Channel, patch: Partial<import("./channels/model.js").ChannelState>): import("./channels/schemas.js").ChannelConnectionData;
    };
    team: {
        members: import("../store/collection.js").Collection<import("./team/model.js").TeamMemberRecord>;
        find: (accountId: number, id: number) => import("./team/model.js").TeamMemberRecord | undefined;
        get(accountId: number, id: number): import("./team/model.js").TeamMemberRecord;
        findByEmail: (accountId: number, email: string) => import("./team/model.js").TeamMemberRecord | undefined;
        count: (accountId: number) => number;
        list: (accountId: number) => import("./team/model.js").TeamMemberRecord[];
        present(member: import("./team/model.js").TeamMemberRecord, activeConversations: number): import("./team/schemas.js").TeamMemberData;
        add(accountId: number, input: import("./team/model.js").NewMember): import("./team/model.js").TeamMemberRecord;
        update(accountId: number, id: number, patch: {
            role?: import("./team/schemas.js").TeamRoleValue;
            channels?: readonly import("../index.js").Channel[] | null;
        }): import("./team/model.js").TeamMemberRecord;
        recordResolved(accountId: number, id: number): void;
        remove(accountId: number, id: number): import("./team/model.js").TeamMemberRecord;
    };
    invitations: {
        invitations: import("../store/collection.js").Collection<import("./team/invitations.js").InvitationRecord>;
        isPending: (invitation: import("./team/invitations.js").InvitationRecord) => boolean;
        seatsUsed: (accountId: number) => number;
        seatCap: (accountId: number) => number;
        list: (accountId: number) => import("./team/invitations.js").InvitationRecord[];
        present(invitation: import("./team/invitations.js").InvitationRecord): import("./team/schemas.js").TeamInvitationData;
        create(accountId: number, input: import("./team/invitations.js").NewInvitation): import("./team/invitations.js").InvitationRecord;
        resend(accountId: number, id: number): import("./team/invitations.js").InvitationRecord;
        cancel(accountId: number, id: number): import("./team/invitations.js").InvitationRecord;
        accept(accountId: number, id: number): import("./team/model.js").TeamMemberRecord;
        seed(accountId: number, input: import("./team/invitations.js").NewInvitation & {
            email_sent?: boolean;
            expires_in_ms?: number;
        }): import("./team/invitations.js").InvitationRecord;
    };
    optOuts: {
        optOuts: import("../store/collection.js").Collection<import("./opt-outs/model.js").OptOutRecord>;
        present(row: import("./opt-outs/model.js").OptOutRecord): import("./opt-outs/schemas.js").OptOutData;
        smsStop(accountId: number, identifier: string): import("./opt-outs/model.js").OptOutRecord;
        smsStart(accountId: number, identifier: string): import("./opt-outs/model.js").OptOutRecord | null;
        metaOptOut(accountId: number, input: import("./opt-outs/model.js").MetaOptOutInput): import("./opt-outs/model.js").OptOutRecord;
        blockingSend(accountId: number, channel: import("../index.js").Channel, identifier: string, kind: import("./opt-outs/model.js").SendKind): import("./opt-outs/model.js").OptOutRecord | undefined;
        blocksClaim(accountId: number, channel: import("../index.js").Channel, identifier: string): boolean;
        list(accountId: number, filters: import("./opt-outs/model.js").OptOutFilters, page: import("../core/pagination.js").PageRequest): import("../core/pagination.js").Page<import("./opt-outs/model.js").OptOutRecord>;
    };
    blockedUsers: {
        blocks: import("../store/collection.js").Collection<import("./blocked-users/model.js").BlockedUserRecord>;
        activeBlock: (accountId: number, person: import("./blocked-users/model.js").Person) => import("./blocked-users/model.js").BlockedUserRecord | undefined;
        isBlocked: (accountId: number, person: import("./blocked-users/model.js").Person) => boolean;
        present(row: import("./blocked-users/model.js").BlockedUserRecord): import("./blocked-users/schemas.js").BlockedUserData;
        activeIds: (accountId: number) => readonly number[];
        block(accountId: number, target: import("./blocked-users/model.js").BlockTarget): import("./blocked-users/model.js").BlockedUserRecord;
        unblock(accountId: number, id: number): import("./blocked-users/model.js").BlockedUserRecord;
        detachConversation(conversationId: number): void;
    };
    messages: {
        messages: import("../store/collection.js").Collection<import("./messages/model.js").MessageRecord>;
        metrics: import("../store/collection.js").Collection<import("./messages/model.js").MessageMetricRecord>;
        present: (row: import("./messages/model.js").MessageRecord) => import("./messages/schemas.js").MessageData;
        append(accountId: number, conversationId: number, channel: import("../index.js").Channel, input: import("./messages/model.js").NewMessage): import("./messages/model.js").MessageRecord;
        list(conversationId: number, page: import("../core/pagination.js").PageRequest): import("../core/pagination.js").Page<import("./messages/schemas.js").MessageData>;
        latestInbound(conversationId: number): import("./messages/model.js").MessageRecord | undefined;
        findByMessageId(conversationId: number, messageId: string): import("./messages/model.js").MessageRecord | undefined;
        removeConversation(conversationId: number): import("./messages/model.js").RemovedMessages;
    };
    conversations: {
        conversations: import("../store/collection.js").Collection<import("./conversations/record.js").ConversationRecord>;
        find: (accountId: number, id: number) => import("./conversations/record.js").ConversationRecord | undefined;
        get: (accountId: number, id: number) => import("./conversations/record.js").ConversationRecord;
        present: (conversation: import("./conversations/record.js").ConversationRecord) => import("./conversations/schemas.js").ConversationData;
        write: (conversation: import("./conversations/record.js").ConversationRecord, patch: Partial<import("./conversations/record.js").ConversationRecord>) => import("./conversations/record.js").ConversationRecord;
        stateOf: (conversation: import("./conversations/record.js").ConversationRecord) => import("./conversations/state.js").ThreadState;
        sameState: (a: import("./conversations/state.js").ThreadState, b: import("./conversations/state.js").ThreadState) => boolean;
        contactOf: (conversation: import("./conversations/record.js").ConversationRecord) => import("./contacts/record.js").ContactRecord | undefined;
        findByIdentity: (accountId: number, channel: import("../index.js").Channel, platformUserId: string) => import("./conversations/record.js").ConversationRecord | undefined;
        openFor(accountId: number, contact: import("./contacts/record.js").ContactRecord): {
            conversation: import("./conversations/record.js").ConversationRecord;
            created: boolean;
        };
        createWithState(accountId: number, contact: import("./contacts/record.js").ContactRecord, state: import("./conversations/state.js").ThreadState, atMs: number, tagIds: readonly number[]): import("./conversations/record.js").ConversationRecord;
        append(conversation: import("./conversations/record.js").ConversationRecord, input: import("./messages/model.js").NewMessage): {
            conversation: import("./conversations/record.js").ConversationRecord;
            message: import("./messages/model.js").MessageRecord;
        };
        list(accountId: number, filters: import("./conversations/schemas.js").ListConversationsFilters, page: import("../core/pagination.js").PageRequest): import("../core/pagination.js").Page<import("./conversations/schemas.js").ConversationData>;
        remove(accountId: number, id: number): import("./conversations/schemas.js").DeletedConversationData;
        activeCountFor(accountId: number, memberId: number): number;
        unassignMember(accountId: number, memberId: number): number;
    };
    conversationActions: {
        patch(accountId: number, id: number, body: {
            status?: import("./conversations/schemas.js").SettableStatus;
            ai_paused?: boolean;
        }): import("./conversations/record.js").ConversationRecord;
        assign(accountId: number, id: number, assignee: number | null): import("./conversations/record.js").ConversationRecord;
    };
    conversationSandbox: {
        create(accountId: number, input: import("./conversations/schemas.js").SeedConversation): import("./conversations/record.js").ConversationRecord;
        setState(accountId: number, id: number, input: import("./conversations/schemas.js").SystemState): import("./conversations/record.js").ConversationRecord;
    };
    inbound: {
        receive(accountId: number, input: import("./messages/schemas.js").InboundMessage): import("./messages/inbound.js").InboundResult;
    };
    sending: {
        faults: {
            faults: import("../store/collection.js").Collection<import("./sending/faults.js").SendFaultRecord>;
            arm(accountId: number, channel: import("../index.js").Channel, platformUserId: string, error: import("./sending/schemas.js").SendFaultCode, count: number): import("./sending/faults.js").SendFaultRecord;
            take(accountId: number, channel: import("../index.js").Channel, platformUserId: string): import("../core/errors.js").ApiError | undefined;
            list: (accountId: number) => import("./sending/faults.js").SendFaultRecord[];
            clear(accountId: number): number;
        };
        audit: {
            audit: import("../store/collection.js").Collection<import("./sending/audit.js").SendAuditRecord>;
            sent: import("../store/collection.js").Collection<import("./sending/audit.js").SentRequestRecord>;
            fingerprint: (body: unknown) => string;
            replay(accountId: number, key: string, fingerprint: string): import("./sending/schemas.js").SendResultData | undefined;
            remember(accountId: number, key: string, fingerprint: string, result: import("./sending/schemas.js").SendResultData): void;
            record(accountId: number, row: Omit<import("./sending/audit.js").SendAuditRecord, "id" | "account_id" | "at_ms">): import("./sending/audit.js").SendAuditRecord;
            counts(accountId: number, fromMs: number, toMs: number): import("./sending/audit.js").SendCounts;
            list: (accountId: number) => import("./sending/audit.js").SendAuditRecord[];
        };
        send(accountId: number, body: import("./sending/schemas.js").SendMessageInput, idempotencyKey: string): import("./sending/model.js").SendOutcome;
    };
    hooks: {
        contactDeleted: import("./hooks.js").Hook<[accountId: number, contactId: number]>;
        tagDeleted: import("./hooks.js").Hook<[accountId: number, tagId: number, tagName: string]>;
        conversationDeleted: import("./hooks.js").Hook<[accountId: number, conversationId: number, removed: {
            appointments: number;
        }]>;
    };
    account: {
        accounts: import("../store/collection.js").Collection<import("./account/model.js").AccountRecord>;
        keys: import("../store/collection.js").Collection<import("./account/model.js").ApiKeyRecord>;
        present: (key: import("./account/model.js").ApiKeyRecord, currentKeyId: number) => import("./account/schemas.js").ApiKeyData;
        storeKey: (accountId: number, name: string, scope: import("../index.js").Scope, plaintext: string) => import("./account/model.js").ApiKeyRecord;
        addAccount(record: Omit<import("./account/model.js").AccountRecord, "account_id" | "created_at">): import("./account/model.js").AccountRecord;
        getAccount(accountId: number): import("./account/model.js").AccountRecord;
        authenticate(presented: string): import("../core/auth.js").AuthenticatedKey | undefined;
        markUsed(keyId: number): void;
        mint(accountId: number, callerScope: import("../index.js").Scope, name: string, scope: import("../index.js").Scope): {
            record: import("./account/model.js").ApiKeyRecord;
            plaintext: string;
        };
        revoke(accountId: number, callerKeyId: number, keyId: number): import("./account/model.js").ApiKeyRecord;
    };
    accountSummary: {
        provideWebhookEndpoints(next: (accountId: number) => {
            id: number;
            name: string;
            url: string;
            enabled: boolean;
            event_filters: string[];
            envelope_style: string;
        }[]): void;
        webhookEndpoints(accountId: number): {
            id: number;
            name: string;
            url: string;
            enabled: boolean;
            event_filters: string[];
            envelope_style: string;
        }[];
    };
    tags: {
        tags: import("../store/collection.js").Collection<import("./tags/model.js").TagRecord>;
        findByName: (accountId: number, name: string) => import("./tags/model.js").TagRecord | undefined;
        get(accountId: number, id: number): import("./tags/model.js").TagRecord;
        present(tag: import("./tags/model.js").TagRecord): import("./tags/schemas.js").TagData;
        list(accountId: number): import("./tags/model.js").TagRecord[];
        create(accountId: number, name: string, color: string | undefined): {
            tag: import("./tags/model.js").TagRecord;
            created: boolean;
        };
        ensureTag(accountId: number, name: string): import("./tags/model.js").TagRecord;
        remove(accountId: number, id: number): import("./tags/model.js").TagRecord;
    };
    customFields: {
        fields: import("../store/collection.js").Collection<import("./custom-fields/model.js").CustomFieldRecord>;
        findByKey: (accountId: number, fieldKey: string) => import("./custom-fields/model.js").CustomFieldRecord | undefined;
        activeCount: (accountId: number) => number;
        get(accountId: number, id: number): import("./custom-fields/model.js").CustomFieldRecord;
        present(field: import("./custom-fields/model.js").CustomFieldRecord): import("./custom-fields/schemas.js").CustomFieldData;
        list(accountId: number, includeArchived: boolean): import("./custom-fields/model.js").CustomFieldRecord[];
        create(accountId: number, input: {
            field_key: string;
            label: string;
            type: import("./custom-fields/schemas.js").CustomFieldType;
        }): {
            field: import("./custom-fields/model.js").CustomFieldRecord;
            created: boolean;
        };
        update(accountId: number, id: number, patch: {
            label?: string | undefined;
            archived?: boolean | undefined;
        }): import("./custom-fields/model.js").CustomFieldRecord;
        resolveWrites(accountId: number, input: Readonly<Record<string, unknown>>, options?: {
            allowArchived?: boolean;
        }): import("./custom-fields/model.js").CustomFieldWrite[];
        isShown(accountId: number, fieldKey: string): boolean;
    };
    contacts: {
        contacts: import("../store/collection.js").Collection<import("./contacts/record.js").ContactRecord>;
        get: (accountId: number, id: number) => import("./contacts/record.js").ContactRecord;
        findByIdentity: (accountId: number, channel: import("../index.js").Channel, platformUserId: string) => import("./contacts/record.js").ContactRecord | undefined;
        present: (record: import("./contacts/record.js").ContactRecord) => import("./contacts/schemas.js").ContactData;
        upsert(accountId: number, input: import("./contacts/schemas.js").UpsertContactInput): {
            contact: import("./contacts/record.js").ContactRecord;
            created: boolean;
        };
        update(accountId: number, id: number, input: import("./contacts/schemas.js").UpdateContactInput): import("./contacts/record.js").ContactRecord;
        attachTag(accountId: number, id: number, name: string, source?: import("./contacts/model.js").ChangeSource): import("./contacts/record.js").ContactRecord;
        detachTag(accountId: number, id: number, tagRef: string, source?: import("./contacts/model.js").ChangeSource): import("./contacts/record.js").ContactRecord;
        remove(accountId: number, id: number): import("./contacts/record.js").ContactRecord;
        upsertFromInbound(accountId: number, identity: import("./contacts/model.js").InboundIdentity): import("./contacts/record.js").ContactRecord;
        ensureContact(accountId: number, identity: {
            channel: import("../index.js").Channel;
            platform_user_id: string;
            name?: string;
            phone?: string;
        }): {
            contact: import("./contacts/record.js").ContactRecord;
            created: boolean;
        };
        seedContact(accountId: number, input: import("./contacts/model.js").NewContact & {
            tags?: readonly string[];
            custom_fields?: Readonly<Record<string, unknown>>;
        }): import("./contacts/record.js").ContactRecord;
    };
    webhooks: {
        endpoints: {
            endpoints: import("../store/collection.js").Collection<import("./webhooks/model.js").WebhookEndpointRecord>;
            present: (record: import("./webhooks/model.js").WebhookEndpointRecord) => import("./webhooks/schemas.js").WebhookEndpointData;
            getOwned: (accountId: number, id: number) => import("./webhooks/model.js").WebhookEndpointRecord;
            signingSecrets(record: import("./webhooks/model.js").WebhookEndpointRecord): string[];
            urlAllowed(record: import("./webhooks/model.js").WebhookEndpointRecord): string | null;
            list(accountId: number): import("./webhooks/model.js").WebhookEndpointRecord[];
            create(accountId: number, input: import("./webhooks/schemas.js").CreateWebhookEndpointInput): import("./webhooks/model.js").WebhookEndpointRecord;
            update(accountId: number, id: number, input: import("./webhooks/schemas.js").UpdateWebhookEndpointInput): import("./webhooks/model.js").WebhookEndpointRecord;
            remove(accountId: number, id: number): import("./webhooks/model.js").WebhookEndpointRecord;
            rotateSecret(accountId: number, id: number): import("./webhooks/model.js").WebhookEndpointRecord;
            recordOutcome(id: number, delivered: boolean): void;
        };
        log: {
            deliveries: import("../store/collection.js").Collection<import("./webhooks/deliveries.js").DeliveryRecord>;
            head(endpointId: number): import("./webhooks/deliveries.js").DeliveryRecord | undefined;
            endpointsWithPending(): number[];
            enqueue(fields: {
                accountId: number;
                endpointId: number;
                eventId: number | null;
                webhookId: string;
                eventType: string;
                kind: import("./webhooks/deliveries.js").DeliveryKind;
                redeliveryOf?: number;
            }): import("./webhooks/deliveries.js").DeliveryRecord;
            recordAttempt(id: number, attempt: import("./webhooks/deliveries.js").AttemptRecord, next: {
                state: "delivered" | "failed";
            } | {
                state: "pending";
                at: number;
            }): import("./webhooks/deliveries.js").DeliveryRecord;
            recordFinished(fields: {
                accountId: number;
                endpointId: number;
                webhookId: string;
                eventType: string;
                attempt: import("./webhooks/deliveries.js").AttemptRecord;
                delivered: boolean;
            }): import("./webhooks/deliveries.js").DeliveryRecord;
            removeEndpoint(endpointId: number): void;
            ofEndpoint(endpointId: number): readonly number[];
            present(record: import("./webhooks/deliveries.js").DeliveryRecord, inFlight: boolean): import("./webhooks/deliveries.js").DeliveryView;
        };
        dispatcher: {
            start(next: import("./webhooks/transport.js").WebhookTransport): void;
            stop(): void;
            resume: () => void;
            kick(endpointId: number): void;
            isInFlight(endpointId: number): boolean;
            idle(): Promise<void>;
            redeliver(accountId: number, deliveryId: number): import("./webhooks/deliveries.js").DeliveryRecord;
            test(accountId: number, endpointId: number, channel: string): Promise<import("./webhooks/schemas.js").WebhookTestResultData>;
        };
        removeEndpoint(accountId: number, id: number): import("./webhooks/model.js").WebhookEndpointRecord;
    };
};
export type Models = ReturnType<typeof createModels>;
export declare const apiRoutes: readonly AppRoute[];
