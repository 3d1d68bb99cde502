/**
 * Whether the platform would take a message to a thread's customer right now (7.1, 7.2, 3.1):
 * the channel's connection, the person (opt-out, block) and the messaging window. This is the
 * one copy of those rules: POST /messages (./model.ts), the flow runtime's automation replies and
 * the booking and reschedule DMs (appointments) all ask it, so a customer one of them may not
 * message is a customer none of them messages (audit 5, J2).
 *
 * The three parts are separate because POST /messages checks things of its own between them
 * (action, template, private reply: docs/decisions.md, check order); `plainMessage` runs all
 * three in that order for a text message that is not a reply to a comment.
 */
import type { VirtualClock } from '../../core/clock.js';
import type { BlockedUsersModel } from '../blocked-users/model.js';
import { windowOpen } from '../channels/capabilities.js';
import type { ChannelsModel } from '../channels/model.js';
import type { ConversationRecord, ConversationsModel } from '../conversations/model.js';
import type { OptOutsModel, SendKind } from '../opt-outs/model.js';

/** Why a message would be refused, in check order (the 7.2 code each stands for is in ./model.ts). */
export type RecipientRefusal = 'not_provisioned' | 'forbidden' | 'opted_out' | 'blocked' | 'window_closed';

export interface RecipientRulesNeeds {
  readonly conversations: ConversationsModel;
  readonly channels: ChannelsModel;
  readonly blockedUsers: BlockedUsersModel;
  readonly optOuts: OptOutsModel;
}

export function createRecipientRules(clock: Pick<VirtualClock, 'now'>, deps: RecipientRulesNeeds) {
  /** 412 not connected, then 403 not permitted to message. */
  function connection(conversation: ConversationRecord): 'not_provisioned' | 'forbidden' | undefined {
    const state = deps.channels.state(conversation.account_id, conversation.channel);
    if (!state.connected) return 'not_provisioned';
    if (!state.messaging_permitted) return 'forbidden';
    return undefined;
  }

  /** 410 an opt-out that stops this kind of send (SMS STOP, Meta `all` or the kind's scope), then 422 blocked. */
  function person(conversation: ConversationRecord, kind: SendKind): 'opted_out' | 'blocked' | undefined {
    const { account_id: accountId, channel, platform_user_id: platformUserId } = conversation;
    if (deps.optOuts.blockingSend(accountId, channel, platformUserId, kind)) return 'opted_out';
    if (deps.blockedUsers.isBlocked(accountId, deps.conversations.personOf(conversation))) return 'blocked';
    return undefined;
  }

  /** The channel's window (24 h on Meta and WhatsApp) is open: the customer wrote recently enough. */
  function windowIsOpen(conversation: ConversationRecord): boolean {
    return windowOpen(conversation.channel, conversation.last_inbound_ms, clock.now());
  }

  return {
    connection,
    person,
    windowIsOpen,

    /** A text message into the thread now (no template, no comment reply): the first refusal, if any. */
    plainMessage(conversation: ConversationRecord): RecipientRefusal | undefined {
      return connection(conversation) ?? person(conversation, 'message') ?? (windowIsOpen(conversation) ? undefined : 'window_closed');
    },
  };
}

export type RecipientRules = ReturnType<typeof createRecipientRules>;
