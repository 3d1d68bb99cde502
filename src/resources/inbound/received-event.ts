/** `message.received` (section 6): what every customer line the inbound group writes announces, a message or a tap. */
import type { CoreServices } from '../../groups/services.js';
import type { ConversationRecord } from '../conversations/threads.js';
import type { MessageData } from '../messages/schemas.js';

export function announceReceived(core: CoreServices, accountId: number, conversation: ConversationRecord, contactId: number, message: MessageData): void {
  core.events.emit(accountId, 'message.received', {
    conversation_id: conversation.id,
    contact_id: contactId,
    channel: conversation.channel,
    platform_user_id: conversation.platform_user_id,
    message,
  });
}
