/**
 * Messages (2.6): the transcript of a conversation, plus one analytics row per message that
 * outlives the transcript (4.4: "analytics rows kept without message text"). Copilot drafts are
 * stored (the analytics count them) but never listed. This model knows nothing of conversation
 * state; the conversations model appends through it.
 */
import type { Page, PageRequest } from '../../core/pagination.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import { type AttachmentData, type MessageData, type MessageTypeValue } from './schemas.js';
export type Direction = 'inbound' | 'outbound' | 'system';
export interface MessageRecord extends Entity {
    readonly conversation_id: number;
    readonly message_id: string;
    readonly sender_type: string;
    readonly sender_name: string | null;
    readonly type: MessageTypeValue;
    readonly text: string | null;
    readonly attachments: readonly AttachmentData[];
    readonly is_template: boolean;
    readonly body_purged: boolean;
    /** A copilot suggestion the owner has not sent: counted, never listed. */
    readonly draft: boolean;
    readonly created_at: string;
    readonly created_ms: number;
}
/** One row per message for analytics; detached (conversation_id null) when the thread is deleted. */
export interface MessageMetricRecord extends Entity {
    readonly message_record_id: number;
    readonly conversation_id: number | null;
    readonly channel: Channel;
    readonly direction: Direction;
    readonly sender_type: string;
    readonly created_ms: number;
}
export interface NewMessage {
    readonly sender_type: string;
    readonly sender_name?: string | null;
    readonly type?: MessageTypeValue;
    readonly text: string | null;
    readonly attachments?: readonly AttachmentData[];
    readonly is_template?: boolean;
    readonly body_purged?: boolean;
    readonly draft?: boolean;
    readonly message_id?: string;
    /** Defaults to now; seeds place transcripts in the past. */
    readonly at_ms?: number;
}
export interface RemovedMessages {
    readonly messages: number;
    readonly contexts: number;
    readonly metrics_detached: number;
}
export declare function directionOf(senderType: string): Direction;
export declare function createMessagesModel(core: CoreServices): {
    messages: import("../../store/collection.js").Collection<MessageRecord>;
    metrics: import("../../store/collection.js").Collection<MessageMetricRecord>;
    present: (row: MessageRecord) => MessageData;
    append(accountId: number, conversationId: number, channel: Channel, input: NewMessage): MessageRecord;
    /** The transcript newest first; copilot drafts never appear. */
    list(conversationId: number, page: PageRequest): Page<MessageData>;
    /** The customer's latest message (the default target of a reaction). */
    latestInbound(conversationId: number): MessageRecord | undefined;
    findByMessageId(conversationId: number, messageId: string): MessageRecord | undefined;
    /**
     * Erases a transcript. The AI keeps one context per thread it spoke in, erased with it; the
     * analytics rows stay, detached from the thread and without text.
     */
    removeConversation(conversationId: number): RemovedMessages;
};
export type MessagesModel = ReturnType<typeof createMessagesModel>;
