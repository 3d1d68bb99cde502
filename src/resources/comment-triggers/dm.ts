/**
 * The DM a comment earns (a trigger's DM, or the AI comment manager's DM after hiding a comment):
 * one path, so both respect the same rules. The commenter becomes (or is) a contact, reached
 * through the comment (kind `comment`); an opt-out with scope `comment_dm` (or `all`) stops the
 * DM; otherwise the text goes into the commenter's conversation transcript as a bot message. A
 * comment DM is a private reply: the comment is the customer writing first, so the 24-hour
 * messaging window does not apply (as for POST /messages with `comment_id`, docs/decisions.md).
 * A blocked commenter never gets here: the platform drops the comment on arrival (./firing.ts).
 */
import type { ContactRecord } from '../contacts/model.js';
import type { CommentTriggersNeeds } from './hooks.js';

export interface Commenter {
  readonly channel: 'instagram' | 'facebook';
  /** The platform user id. */
  readonly id: string;
  readonly username: string | null;
  readonly name?: string | undefined;
}

export type CommentDm =
  | { readonly status: 'sent'; readonly conversation_id: number; readonly message_id: number; readonly text: string }
  | { readonly status: 'opted_out'; readonly conversation_id: null; readonly message_id: null; readonly text: null };

export function createCommentDms(needs: Pick<CommentTriggersNeeds, 'contacts' | 'conversations' | 'optOuts'>) {
  const dms = {
    /** The commenter's contact, created from the comment when new. */
    contactOf(accountId: number, commenter: Commenter): ContactRecord {
      return needs.contacts.upsertFromInbound(accountId, {
        channel: commenter.channel,
        platform_user_id: commenter.id,
        kind: 'comment',
        ...(commenter.name !== undefined ? { name: commenter.name } : {}),
        ...(commenter.username !== null ? { ig_username: commenter.username } : {}),
      });
    },

    /** Whether an opt-out stops a comment DM to this commenter (scope `comment_dm` or `all`). */
    optedOut(accountId: number, commenter: Commenter): boolean {
      return needs.optOuts.blockingSend(accountId, commenter.channel, commenter.id, 'private_reply') !== undefined;
    },

    /** Appends the DM to the contact's conversation (opened when there is none). */
    deliver(accountId: number, contact: ContactRecord, text: string): CommentDm {
      const opened = needs.conversations.openFor(accountId, contact);
      const { conversation, message } = needs.conversations.append(opened.conversation, { sender_type: 'bot', sender_name: null, text });
      return { status: 'sent', conversation_id: conversation.id, message_id: message.id, text };
    },

    /** The whole path for a DM with no per-trigger rule: contact, opt-out, transcript. */
    send(accountId: number, commenter: Commenter, textFor: (contact: ContactRecord) => string): CommentDm {
      const contact = dms.contactOf(accountId, commenter);
      if (dms.optedOut(accountId, commenter)) return { status: 'opted_out', conversation_id: null, message_id: null, text: null };
      return dms.deliver(accountId, contact, textFor(contact));
    },
  };
  return dms;
}

export type CommentDms = ReturnType<typeof createCommentDms>;
