/** The stored conversation and its indexes. Tags are kept by id, like contacts do. */
import type { Channel } from '../../core/types.js';
import type { Entity, IndexDefinitions } from '../../store/collection.js';
import type { ConversationStatus, PauseReason } from './schemas.js';
export interface ConversationRecord extends Entity {
    readonly channel: Channel;
    readonly platform_user_id: string;
    readonly contact_id: number;
    readonly status: ConversationStatus;
    readonly assigned_to: number | null;
    readonly ai_pause_reason: PauseReason | null;
    /** Tag labels on the thread (seeded; removed when the tag definition is deleted). */
    readonly tag_ids: readonly number[];
    readonly last_message_at: string;
    /** The customer's last message opens the channel's messaging window. */
    readonly last_inbound_ms: number | null;
    readonly created_at: string;
    readonly updated_at: string;
    readonly updated_ms: number;
}
export declare const identityKey: (accountId: number, channel: string, platformUserId: string) => string;
export declare const channelKey: (accountId: number, channel: string) => string;
export declare const statusKey: (accountId: number, status: string) => string;
export declare const assigneeKey: (accountId: number, assignee: number) => string;
export declare const conversationIndexes: IndexDefinitions<ConversationRecord>;
