import { CHANNEL_CAPABILITIES } from '../channels/capabilities.js';
export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'];
export const SMS_START_KEYWORDS = ['START', 'UNSTOP'];
export function createInbound(core, deps) {
    const { clock, events } = core;
    function smsKeyword(accountId, identifier, text) {
        const word = text?.trim().toUpperCase() ?? '';
        if (SMS_STOP_KEYWORDS.includes(word)) {
            return deps.optOuts.present(deps.optOuts.smsStop(accountId, identifier));
        }
        if (SMS_START_KEYWORDS.includes(word)) {
            const row = deps.optOuts.smsStart(accountId, identifier);
            return row ? deps.optOuts.present(row) : null;
        }
        return null;
    }
    return {
        receive(accountId, input) {
            const person = { channel: input.channel, platform_user_id: input.platform_user_id, ig_username: input.ig_username ?? null };
            const block = deps.blockedUsers.activeBlock(accountId, person);
            if (block)
                return { delivered: false, reason: 'blocked', blocked_user_id: block.id };
            const existed = deps.contacts.findByIdentity(accountId, input.channel, input.platform_user_id) !== undefined;
            const contact = deps.contacts.upsertFromInbound(accountId, {
                channel: input.channel,
                platform_user_id: input.platform_user_id,
                ...(input.name !== undefined ? { name: input.name } : {}),
                ...(input.ig_username !== undefined ? { ig_username: input.ig_username.replace(/^@/, '') } : {}),
            });
            const opened = deps.conversations.openFor(accountId, contact);
            const { conversation, message } = deps.conversations.append(opened.conversation, {
                sender_type: 'user',
                sender_name: contact.name,
                type: input.type,
                text: input.text ?? null,
                ...(input.attachments !== undefined ? { attachments: input.attachments } : {}),
                ...(input.message_id !== undefined ? { message_id: input.message_id } : {}),
            });
            const optOut = input.channel === 'sms' ? smsKeyword(accountId, input.platform_user_id, input.text) : null;
            const presented = deps.messages.present(message);
            events.emit(accountId, 'message.received', {
                conversation_id: conversation.id,
                contact_id: contact.id,
                channel: conversation.channel,
                platform_user_id: conversation.platform_user_id,
                message: presented,
            });
            const windowMs = CHANNEL_CAPABILITIES[input.channel].windowMs;
            return {
                delivered: true,
                contact_id: contact.id,
                contact_created: !existed,
                conversation_created: opened.created,
                conversation: deps.conversations.present(conversation),
                message: presented,
                window_expires_at: windowMs === null ? null : clock.iso(message.created_ms + windowMs),
                opt_out: optOut,
            };
        },
    };
}
//# sourceMappingURL=inbound.js.map