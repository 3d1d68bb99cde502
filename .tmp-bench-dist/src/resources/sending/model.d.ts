/**
 * POST /messages (4.4, 2.7, 7.2). One send goes: validate -> dedupe -> route -> (cold create) ->
 * checks -> deliver. Validation, dedupe and routing errors throw, so they change nothing. Once
 * the recipient is routed, a failure is *returned*, not thrown: the request's transaction then
 * commits, which keeps the two things a failed send leaves behind on purpose: the contact and
 * conversation a cold send created (4.4: "a failed cold send still creates the conversation and
 * contact") and the send-audit row.
 *
 * Check order after routing (docs/decisions.md): 412 not connected, 403 not permitted,
 * 410 opted out, 422 blocked, 422 unsupported action / template / private reply, 422 window
 * closed, 422 reaction target, then any sandbox-armed fault.
 */
import { ApiError } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../app.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { ChannelsModel } from '../channels/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { MessagesModel } from '../messages/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import type { SendMessageInput, SendResultData } from './schemas.js';
export interface SendingDeps {
    readonly contacts: ContactsModel;
    readonly conversations: ConversationsModel;
    readonly messages: MessagesModel;
    readonly channels: ChannelsModel;
    readonly blockedUsers: BlockedUsersModel;
    readonly optOuts: OptOutsModel;
}
export type SendOutcome = {
    readonly ok: true;
    readonly result: SendResultData;
    readonly replayed: boolean;
} | {
    readonly ok: false;
    readonly error: ApiError;
};
export declare function createSendingModel(core: CoreServices, deps: SendingDeps): {
    faults: {
        faults: import("../../store/collection.js").Collection<import("./faults.js").SendFaultRecord>;
        arm(accountId: number, channel: Channel, platformUserId: string, error: import("./schemas.js").SendFaultCode, count: number): import("./faults.js").SendFaultRecord;
        take(accountId: number, channel: Channel, platformUserId: string): ApiError | undefined;
        list: (accountId: number) => import("./faults.js").SendFaultRecord[];
        clear(accountId: number): number;
    };
    audit: {
        audit: import("../../store/collection.js").Collection<import("./audit.js").SendAuditRecord>;
        sent: import("../../store/collection.js").Collection<import("./audit.js").SentRequestRecord>;
        fingerprint: (body: unknown) => string;
        replay(accountId: number, key: string, fingerprint: string): SendResultData | undefined;
        remember(accountId: number, key: string, fingerprint: string, result: SendResultData): void;
        record(accountId: number, row: Omit<import("./audit.js").SendAuditRecord, "id" | "account_id" | "at_ms">): import("./audit.js").SendAuditRecord;
        counts(accountId: number, fromMs: number, toMs: number): import("./audit.js").SendCounts;
        list: (accountId: number) => import("./audit.js").SendAuditRecord[];
    };
    send(accountId: number, body: SendMessageInput, idempotencyKey: string): SendOutcome;
};
export type SendingModel = ReturnType<typeof createSendingModel>;
