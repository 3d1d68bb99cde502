import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { SendAction } from '../channels/capabilities.js';
import type { SendResultData } from './schemas.js';
export interface SendAuditRecord extends Entity {
    readonly at_ms: number;
    readonly channel: Channel;
    readonly platform_user_id: string;
    readonly action: SendAction;
    readonly conversation_id: number | null;
    readonly idempotency_key: string;
    readonly outcome: 'sent' | 'failed';
    readonly error_code: string | null;
    /** The send created the contact and conversation (cold outbound). */
    readonly cold_created: boolean;
}
export interface SentRequestRecord extends Entity {
    readonly key: string;
    readonly fingerprint: string;
    readonly result: SendResultData;
    readonly expires_ms: number;
}
export interface SendCounts {
    readonly requested: number;
    readonly sent: number;
}
export declare function createSendAudit(core: CoreServices): {
    audit: import("../../store/collection.js").Collection<SendAuditRecord>;
    sent: import("../../store/collection.js").Collection<SentRequestRecord>;
    fingerprint: (body: unknown) => string;
    /** The remembered result for this key, or 422 when the key came with another body. */
    replay(accountId: number, key: string, fingerprint: string): SendResultData | undefined;
    remember(accountId: number, key: string, fingerprint: string, result: SendResultData): void;
    record(accountId: number, row: Omit<SendAuditRecord, "id" | "account_id" | "at_ms">): SendAuditRecord;
    /** Sends requested and sent in [fromMs, toMs): `api_sends` of the overview analytics. */
    counts(accountId: number, fromMs: number, toMs: number): SendCounts;
    list: (accountId: number) => SendAuditRecord[];
};
export type SendAudit = ReturnType<typeof createSendAudit>;
