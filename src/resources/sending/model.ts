/**
 * POST /messages (4.4, 2.7, 7.2). One send goes: validate -> dedupe -> route (./recipient.ts) ->
 * (cold create) -> checks -> deliver. Validation, dedupe and routing errors throw, so they change nothing. Once
 * the recipient is routed, a failure is *returned*, not thrown: the request's transaction then
 * commits, which keeps the two things a failed send leaves behind on purpose: the contact and
 * conversation a cold send created (4.4: "a failed cold send still creates the conversation and
 * contact") and the send-audit row.
 *
 * A `comment_id` private reply (Facebook, Instagram) is resolved with the routing, before anything
 * is created: it must name a comment this account received from the person the send goes to, on
 * the send's platform (400 `invalid_request` naming `comment_id` otherwise). That comment is what
 * lets a private reply open a thread and skip the messaging window; Meta gives it one private
 * reply, within 7 days.
 *
 * Check order after routing (docs/decisions.md): 412 not connected, 403 not permitted,
 * 410 opted out, 422 blocked, 422 unsupported action / template / private reply, 422 private
 * reply already sent or past 7 days, 422 window closed, 422 reaction target, then any
 * sandbox-armed fault.
 */
import { ApiError, invalidParam } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import { CHANNEL_CAPABILITIES, PRIVATE_REPLY_MS, type SendAction } from '../channels/capabilities.js';
import type { ChannelsModel } from '../channels/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationRecord, ConversationsModel } from '../conversations/model.js';
import type { MessagesModel } from '../messages/model.js';
import type { OptOutsModel } from '../opt-outs/model.js';
import { createSendAudit } from './audit.js';
import { createSendFaults, sendError } from './faults.js';
import { createRecipientRules, type RecipientRefusal } from './recipient-rules.js';
import { createRecipientRouting, type Target } from './recipient.js';
import type { CommentForReply, SendingHooks } from './hooks.js';
import type { SendFaultInputData, SendMessageInput, SendResultData } from './schemas.js';

export interface SendingNeeds {
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly messages: MessagesModel;
  readonly channels: ChannelsModel;
  readonly blockedUsers: BlockedUsersModel;
  readonly optOuts: OptOutsModel;
}

export type SendOutcome =
  | { readonly ok: true; readonly result: SendResultData; readonly replayed: boolean }
  | { readonly ok: false; readonly error: ApiError };

const OUTCOME_TEXT: Record<SendAction, string> = {
  send_message: 'Message sent.',
  react: 'Reaction sent.',
  unreact: 'Reaction removed.',
  typing_on: 'Typing indicator shown.',
};

/** The 7.2 answer to a refusal of the recipient rules (./recipient-rules.ts). */
function refusalError(refusal: RecipientRefusal, channel: Channel): ApiError {
  switch (refusal) {
    case 'not_provisioned':
      return sendError('not_provisioned', `The ${channel} channel is not connected.`);
    case 'forbidden':
      return sendError('forbidden', `The ${channel} connection is not permitted to send messages.`);
    case 'opted_out':
      return sendError('recipient_opted_out', 'The recipient opted out of these messages.');
    case 'blocked':
      return sendError('unprocessable_send', 'The recipient is blocked.');
    case 'window_closed': {
      const hint = CHANNEL_CAPABILITIES[channel].templates ? ' Send an approved template instead.' : '';
      return sendError('unprocessable_send', `The messaging window is closed: the customer has not written in the last 24 hours.${hint}`);
    }
  }
}

/** 400 `invalid_request` naming `comment_id`: no private reply may rest on this comment. */
function badComment(message: string): ApiError {
  return new ApiError('invalid_request', message, { param: 'comment_id' });
}

export function createSendingModel(core: CoreServices, deps: SendingNeeds, hooks: SendingHooks) {
  const { clock } = core;
  const faults = createSendFaults(core);
  const audit = createSendAudit(core);
  const recipients = createRecipientRules(clock, deps);
  const { route } = createRecipientRouting(deps);

  /**
   * The comment a private reply answers, on a channel that takes private replies (elsewhere the
   * 422 "no private replies" check answers). Unknown here and another account's comment read
   * the same, so nothing says whether the id exists elsewhere.
   */
  function commentFor(accountId: number, target: Target, commentId: string): CommentForReply | undefined {
    if (!CHANNEL_CAPABILITIES[target.channel].privateReplies) return undefined;
    const comment = hooks.commentOf.first(accountId, commentId);
    if (!comment) throw badComment(`No comment this account received has comment_id ${commentId}.`);
    if (comment.channel !== target.channel) throw badComment(`Comment ${commentId} is a ${comment.channel} comment; this send goes to ${target.channel}.`);
    if (comment.commenter_id !== target.platform_user_id) {
      throw badComment(`Comment ${commentId} was written by someone other than this recipient: a private reply goes to the commenter.`);
    }
    return comment;
  }

  /** The checks of 7.2 once the thread is known; the first failure wins. */
  function check(conversation: ConversationRecord, body: SendMessageInput, comment: CommentForReply | undefined): ApiError | undefined {
    const { account_id: accountId, channel } = conversation;
    const abilities = CHANNEL_CAPABILITIES[channel];
    const connection = recipients.connection(conversation);
    if (connection) return refusalError(connection, channel);
    const kind = body.comment_id !== undefined ? 'private_reply' : 'message';
    const person = recipients.person(conversation, kind);
    if (person) return refusalError(person, channel);
    if (!abilities.actions.includes(body.action)) return sendError('unprocessable_send', `${channel} does not support ${body.action}.`);
    const template = body.template_name !== undefined;
    if (template && !abilities.templates) return sendError('unprocessable_send', `${channel} does not take templates.`);
    if (kind === 'private_reply' && !abilities.privateReplies) return sendError('unprocessable_send', `${channel} has no private replies.`);
    if (comment?.private_reply_sent) {
      return sendError('unprocessable_send', `Comment ${body.comment_id} already had its one private reply; send without comment_id while the window is open.`);
    }
    if (comment && clock.now() - comment.received_ms >= PRIVATE_REPLY_MS) {
      return sendError('unprocessable_send', `Comment ${body.comment_id} is more than 7 days old: it can no longer take a private reply.`);
    }
    if (!template && kind === 'message' && !recipients.windowIsOpen(conversation)) return refusalError('window_closed', channel);
    if (body.action === 'react' || body.action === 'unreact') {
      const target =
        body.message_id !== undefined
          ? deps.messages.findByMessageId(conversation.id, body.message_id)
          : deps.messages.latestInbound(conversation.id);
      if (!target) return sendError('unprocessable_send', 'There is no message to react to.');
    }
    return faults.take(accountId, channel, conversation.platform_user_id);
  }

  function deliver(conversation: ConversationRecord, body: SendMessageInput): void {
    if (body.action !== 'send_message') return;
    const template = body.template_name !== undefined;
    deps.conversations.append(conversation, {
      sender_type: 'agent',
      sender_name: 'API',
      text: template ? `[template ${body.template_name} (${body.template_language ?? 'en_US'})]` : body.message_text!,
      is_template: template,
    });
  }

  return {
    faults,

    /** Whether a message to a thread's customer would be refused, and why: the rules every sender shares. */
    recipients,

    /** Sandbox: the next `count` sends to a recipient (or a conversation's) fail with `error`. */
    armFault(accountId: number, input: SendFaultInputData) {
      let channel = input.channel;
      let platformUserId = input.platform_user_id;
      if (input.conversation_id !== undefined) {
        const conversation = deps.conversations.find(accountId, input.conversation_id);
        if (!conversation) throw invalidParam('conversation_id', `No conversation has id ${input.conversation_id}.`);
        channel = conversation.channel;
        platformUserId = conversation.platform_user_id;
      }
      return faults.arm(accountId, channel!, platformUserId!, input.error, input.count);
    },

    /** Sends requested and sent in [fromMs, toMs): the overview's `api_sends` (2.14). */
    sendCounts: (accountId: number, fromMs: number, toMs: number) => audit.counts(accountId, fromMs, toMs),

    /** The send audit: every routed send, sent or failed, oldest first (what the analytics count). */
    sends(accountId: number) {
      return audit.list(accountId).map((row) => ({
        id: row.id,
        at: clock.iso(row.at_ms),
        channel: row.channel,
        platform_user_id: row.platform_user_id,
        action: row.action,
        conversation_id: row.conversation_id,
        idempotency_key: row.idempotency_key,
        outcome: row.outcome,
        error_code: row.error_code,
        cold_created: row.cold_created,
      }));
    },

    send(accountId: number, body: SendMessageInput, idempotencyKey: string): SendOutcome {
      const fingerprint = audit.fingerprint({ ...body, idempotency_key: idempotencyKey });
      const replayed = audit.replay(accountId, idempotencyKey, fingerprint);
      if (replayed) return { ok: true, result: replayed, replayed: true };

      const target = route(accountId, body);
      const comment = body.comment_id === undefined ? undefined : commentFor(accountId, target, body.comment_id);
      let conversation = target.conversation;
      let coldCreated = false;
      if (!conversation) {
        const abilities = CHANNEL_CAPABILITIES[target.channel];
        // The comment is the customer writing first (resolved above, so it is theirs).
        const commenter = comment !== undefined;
        if (!abilities.coldOutbound && !commenter) {
          throw new ApiError('not_found', `No ${target.channel} conversation with this person: they must write first.`, {
            param: 'platform_user_id',
          });
        }
        const { contact } = deps.contacts.ensureContact(accountId, { channel: target.channel, platform_user_id: target.platform_user_id });
        conversation = deps.conversations.openFor(accountId, contact).conversation;
        coldCreated = true;
      }

      const failure = check(conversation, body, comment);
      const entry = {
        channel: conversation.channel,
        platform_user_id: conversation.platform_user_id,
        action: body.action,
        conversation_id: conversation.id,
        idempotency_key: idempotencyKey,
        cold_created: coldCreated,
      };
      if (failure) {
        audit.record(accountId, { ...entry, outcome: 'failed', error_code: failure.code });
        return { ok: false, error: failure };
      }
      deliver(conversation, body);
      if (comment) hooks.privateReplySent.run(accountId, body.comment_id!);
      const row = audit.record(accountId, { ...entry, outcome: 'sent', error_code: null });
      const result: SendResultData = {
        status: 'sent',
        request_id: `sndreq_${String(row.id).padStart(8, '0')}`,
        conversation_id: conversation.id,
        platform: conversation.channel,
        action: body.action,
        sent_at: clock.iso(),
        message: OUTCOME_TEXT[body.action],
      };
      audit.remember(accountId, idempotencyKey, fingerprint, result);
      return { ok: true, result, replayed: false };
    },
  };
}

export type SendingModel = ReturnType<typeof createSendingModel>;
