/**
 * A customer's tap on a postback button (a button of a message the business sent, or a
 * persistent-menu button) reaching the thread. Spec 2.6 lists `postback` among message types,
 * so the tap is a customer line: sender_type `user`, type `postback`, text the button's title,
 * at the tap's instant (docs/decisions.md, L3). Being a customer line, it does what a message
 * does to the thread and the person: it moves `last_message_at` and the window, reopens a
 * resolved or archived thread, moves the contact's `last_seen_at`, and fires `message.received`.
 *
 * It does not run `messageReceived`: the flow runtime, which asks for the line, handles the tap
 * itself (a button answers the message it belongs to or starts a menu flow; it is not words that
 * answer a question or match a keyword), and the AI answers what people write, not their taps.
 * A person the account blocked cannot reach it (the platform drops what they send): no line.
 */
import type { CoreServices } from '../../groups/services.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { MessagesModel } from '../messages/model.js';
import type { MessageData } from '../messages/schemas.js';
import { announceReceived } from './received-event.js';

export interface PostbackNeeds {
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly messages: MessagesModel;
  readonly blockedUsers: BlockedUsersModel;
}

export function createPostbacks(core: CoreServices, deps: PostbackNeeds) {
  return {
    /** Writes the tap's line in the conversation; undefined when there is no such thread or its person is blocked. */
    postback(accountId: number, conversationId: number, title: string): MessageData | undefined {
      const thread = deps.conversations.find(accountId, conversationId);
      if (!thread) return undefined;
      if (deps.blockedUsers.activeBlock(accountId, deps.conversations.personOf(thread))) return undefined;
      const contact = deps.contacts.upsertFromInbound(accountId, { channel: thread.channel, platform_user_id: thread.platform_user_id });
      const { conversation, message } = deps.conversations.append(thread, { sender_type: 'user', sender_name: contact.name, type: 'postback', text: title });
      const presented = deps.messages.present(message);
      announceReceived(core, accountId, conversation, contact.id, presented);
      return presented;
    },
  };
}
