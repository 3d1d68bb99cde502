import { pageNewestFirst } from '../../core/pagination.js';
import { OUTBOUND_SENDERS } from './schemas.js';
export function directionOf(senderType) {
    if (senderType === 'user')
        return 'inbound';
    return OUTBOUND_SENDERS.includes(senderType) ? 'outbound' : 'system';
}
const conversationKey = (conversationId) => String(conversationId);
export function createMessagesModel(core) {
    const { store, clock } = core;
    const messages = store.define('messages', {
        conversation: { key: (row) => conversationKey(row.conversation_id) },
    });
    const metrics = store.define('message_metrics', {
        conversation: { key: (row) => (row.conversation_id === null ? null : conversationKey(row.conversation_id)) },
    });
    function present(row) {
        return {
            id: row.id,
            message_id: row.message_id,
            direction: directionOf(row.sender_type),
            sender_type: row.sender_type,
            sender_name: row.sender_name,
            type: row.type,
            text: row.body_purged ? null : row.text,
            attachments: row.attachments.map((attachment) => ({ ...attachment })),
            is_template: row.is_template,
            body_purged: row.body_purged,
            created_at: row.created_at,
        };
    }
    return {
        messages,
        metrics,
        present,
        append(accountId, conversationId, channel, input) {
            const at = input.at_ms ?? clock.now();
            const id = store.nextId('message');
            const row = messages.insert({
                id,
                account_id: accountId,
                conversation_id: conversationId,
                message_id: input.message_id ?? `sbx.${channel}.${id}`,
                sender_type: input.sender_type,
                sender_name: input.sender_name ?? null,
                type: input.type ?? 'text',
                text: input.body_purged ? null : input.text,
                attachments: input.attachments ?? [],
                is_template: input.is_template ?? false,
                body_purged: input.body_purged ?? false,
                draft: input.draft ?? false,
                created_at: clock.iso(at),
                created_ms: at,
            });
            if (!row.draft) {
                metrics.insert({
                    id: store.nextId('message_metric'),
                    account_id: accountId,
                    message_record_id: row.id,
                    conversation_id: conversationId,
                    channel,
                    direction: directionOf(row.sender_type),
                    sender_type: row.sender_type,
                    created_ms: at,
                });
            }
            return row;
        },
        /** The transcript newest first; copilot drafts never appear. */
        list(conversationId, page) {
            return pageNewestFirst(messages.idsByIndex('conversation', conversationKey(conversationId)), (id) => messages.get(id), page, (row) => !row.draft, present);
        },
        /** The customer's latest message (the default target of a reaction). */
        latestInbound(conversationId) {
            const ids = messages.idsByIndex('conversation', conversationKey(conversationId));
            for (let i = ids.length - 1; i >= 0; i--) {
                const row = messages.get(ids[i]);
                if (row && row.sender_type === 'user')
                    return row;
            }
            return undefined;
        },
        findByMessageId(conversationId, messageId) {
            for (const id of messages.idsByIndex('conversation', conversationKey(conversationId))) {
                const row = messages.get(id);
                if (row && row.message_id === messageId)
                    return row;
            }
            return undefined;
        },
        /**
         * Erases a transcript. The AI keeps one context per thread it spoke in, erased with it; the
         * analytics rows stay, detached from the thread and without text.
         */
        removeConversation(conversationId) {
            const ids = [...messages.idsByIndex('conversation', conversationKey(conversationId))];
            let aiSpoke = false;
            for (const id of ids) {
                const row = messages.get(id);
                if (row && row.sender_type === 'bot' && !row.draft)
                    aiSpoke = true;
                messages.remove(id);
            }
            const metricIds = [...metrics.idsByIndex('conversation', conversationKey(conversationId))];
            for (const id of metricIds)
                metrics.update(id, { conversation_id: null });
            return { messages: ids.length, contexts: aiSpoke ? 1 : 0, metrics_detached: metricIds.length };
        },
    };
}
//# sourceMappingURL=model.js.map