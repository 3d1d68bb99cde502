/**
 * The customer's side (sandbox): an inbound message arrives. It creates the contact and the
 * conversation if new, appends the message, opens the channel's messaging window, reopens a
 * resolved or archived thread and emits `message.received`. On SMS, STOP and START keywords
 * (CTIA) opt the number out and back in. A person the account blocked (Facebook, Instagram)
 * cannot reach it: the platform drops the message, and so do we (docs/decisions.md).
 *
 * While the account purges inbound SMS bodies (channel state), an SMS arrives with its text
 * purged: kept in the transcript with `text` null and `body_purged` true (2.6). STOP and START
 * still work, since the keyword is read before the body is dropped.
 *
 * A story mention or a shared post is an image or video message whose attachment names the story
 * or the post (./media-events.ts); a shared post must be one of the account's Instagram posts,
 * which the group answering `accountPost` (recent posts) knows.
 *
 * A tap on a postback button is a customer line too (./postback.ts), written for the flow runtime.
 *
 * Groups that react to what customers write (knowledge gaps) listen to `messageReceived`, run
 * once the message is stored, inside the same transaction; this group never imports them.
 */
import { invalidParam } from '../../core/errors.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import { CHANNEL_CAPABILITIES } from '../channels/capabilities.js';
import type { ChannelsModel } from '../channels/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationData } from '../conversations/schemas.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { MessagesModel } from '../messages/model.js';
import type { InboundEvent, InboundMessage, MessageData } from '../messages/schemas.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import type { OptOutData } from '../opt-outs/schemas.js';
import { inboundShape, type AccountPost } from './media-events.js';
import { createPostbacks } from './postback.js';
import { announceReceived } from './received-event.js';

export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const SMS_START_KEYWORDS = ['START', 'UNSTOP'] as const;

export interface InboundNeeds {
  readonly channels: ChannelsModel;
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly messages: MessagesModel;
  readonly optOuts: OptOutsModel;
  readonly blockedUsers: BlockedUsersModel;
}

/** A customer's message as the listeners of `messageReceived` hear it. */
export interface ReceivedMessage {
  readonly conversation_id: number;
  readonly contact_id: number;
  readonly channel: Channel;
  readonly message_id: number;
  /** The customer's words; null when the body was purged or the message carried none (a bare mention or share). */
  readonly text: string | null;
  readonly received_at: string;
  /** A plain message, or on Instagram a story reply, story mention or shared post. */
  readonly event: InboundEvent;
  /** The story or post a story_reply, story_mention or shared_post is about, when known. */
  readonly post_id: string | null;
  /** When this person last wrote in this conversation before this message (null: never). */
  readonly previous_inbound_ms: number | null;
}

export const inboundHooks = {
  /** A customer's message was stored (not a blocked sender's, which is dropped). */
  messageReceived: hook<[accountId: number, message: ReceivedMessage]>(),
  /**
   * Provider: one of the account's Instagram posts by id (recent posts answer it), for a shared
   * post; the first answer wins. With no provider (a simulator composed without recent posts)
   * any post id is taken.
   */
  accountPost: hook<[accountId: number, postId: string], AccountPost | undefined>(),
};

export type InboundResult =
  | { readonly delivered: false; readonly reason: 'blocked'; readonly blocked_user_id: number }
  | {
      readonly delivered: true;
      readonly contact_id: number;
      readonly contact_created: boolean;
      readonly conversation_created: boolean;
      readonly conversation: ConversationData;
      readonly message: MessageData;
      readonly window_expires_at: string | null;
      readonly opt_out: OptOutData | null;
    };

export function createInboundModel(core: CoreServices, deps: InboundNeeds, hooks: HooksOf<typeof inboundHooks>) {
  const { clock } = core;

  function smsKeyword(accountId: number, identifier: string, text: string | undefined): OptOutData | null {
    const word = text?.trim().toUpperCase() ?? '';
    if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) {
      return deps.optOuts.present(deps.optOuts.smsStop(accountId, identifier));
    }
    if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) {
      const row = deps.optOuts.smsStart(accountId, identifier);
      return row ? deps.optOuts.present(row) : null;
    }
    return null;
  }

  return {
    /** A tap on a postback button (a message's or the persistent menu's) is a customer line of type `postback` (./postback.ts). */
    ...createPostbacks(core, deps),

    receive(accountId: number, input: InboundMessage): InboundResult {
      const person = { channel: input.channel, platform_user_id: input.platform_user_id, ig_username: input.ig_username ?? null };
      const block = deps.blockedUsers.activeBlock(accountId, person);
      if (block) return { delivered: false, reason: 'blocked', blocked_user_id: block.id };
      // A share is of one of the account's posts (the shared_post source's "one of the account's posts").
      const post = input.event === 'shared_post' && input.post_id !== undefined ? hooks.accountPost.first(accountId, input.post_id) : undefined;
      if (input.event === 'shared_post' && post === undefined && hooks.accountPost.size > 0) {
        throw invalidParam('post_id', `post_id ${JSON.stringify(input.post_id)} is not one of the account's Instagram posts (GET /recent-posts?platform=instagram).`);
      }
      const shape = inboundShape(input, post);

      const existed = deps.contacts.findByIdentity(accountId, input.channel, input.platform_user_id) !== undefined;
      const contact = deps.contacts.upsertFromInbound(accountId, {
        channel: input.channel,
        platform_user_id: input.platform_user_id,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.ig_username !== undefined ? { ig_username: input.ig_username.replace(/^@/, '') } : {}),
      });
      const opened = deps.conversations.openFor(accountId, contact);
      const previousInboundMs = opened.conversation.last_inbound_ms;
      const purged = input.channel === 'sms' && deps.channels.smsBodyPurge(accountId);
      const { conversation, message } = deps.conversations.append(opened.conversation, {
        sender_type: 'user',
        sender_name: contact.name,
        type: shape.type,
        // 2.6: text is null only for a purged body; a message sent without words has "".
        text: input.text ?? '',
        ...(purged ? { body_purged: true } : {}),
        ...(shape.attachments !== undefined ? { attachments: shape.attachments } : {}),
        ...(input.message_id !== undefined ? { message_id: input.message_id } : {}),
      });
      const optOut = input.channel === 'sms' ? smsKeyword(accountId, input.platform_user_id, input.text) : null;
      const presented = deps.messages.present(message);
      announceReceived(core, accountId, conversation, contact.id, presented);
      hooks.messageReceived.run(accountId, {
        conversation_id: conversation.id,
        contact_id: contact.id,
        channel: conversation.channel,
        message_id: message.id,
        text: presented.text === '' ? null : presented.text,
        received_at: presented.created_at,
        event: input.event,
        post_id: input.post_id ?? null,
        previous_inbound_ms: previousInboundMs,
      });
      const windowMs = CHANNEL_CAPABILITIES[input.channel].windowMs;
      // The thread as the listeners left it (the AI may have escalated it, a flow tagged it):
      // the answer never shows a state the thread did not have after the request (audit 8, N6).
      const after = deps.conversations.find(accountId, conversation.id) ?? conversation;
      return {
        delivered: true,
        contact_id: contact.id,
        contact_created: !existed,
        conversation_created: opened.created,
        conversation: deps.conversations.present(after),
        message: presented,
        window_expires_at: windowMs === null ? null : clock.iso(message.created_ms + windowMs),
        opt_out: optOut,
      };
    },
  };
}

export type InboundModel = ReturnType<typeof createInboundModel>;
