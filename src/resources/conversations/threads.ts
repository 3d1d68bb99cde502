/**
 * Conversation threads (2.5, 3.1, 4.4): storage, presentation, lists, the transcript writes,
 * delete and the cascades. The state rules live in state.ts; the PATCH and assign actions in
 * actions.ts; the system's side (seeds, sandbox) in system.ts; model.ts puts them together.
 */
import { notFound } from '../../core/errors.js';
import { cursorId, pageFromWalk, type Page, type PageRequest } from '../../core/pagination.js';
import { newestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import { parseTimestamp } from '../../core/clock.js';
import type { Channel } from '../../core/types.js';
import { hook, type HooksOf } from '../../core/hooks.js';
import type { ApiError } from '../../core/errors.js';
import type { CoreServices } from '../../groups/services.js';
import type { ContactRecord, ContactsModel } from '../contacts/model.js';
import { findPhoneIdentity } from '../contacts/phone-identity.js';
import { directionOf, type MessageRecord, type MessagesModel, type NewMessage } from '../messages/model.js';
import type { MessageData } from '../messages/schemas.js';
import type { TagsModel } from '../tags/model.js';
import type { TeamModel } from '../team/model.js';
import {
  assigneeKey,
  channelKey,
  conversationIndexes,
  conversationRules,
  statusKey,
  type ConversationRecord,
} from './record.js';
import type { ConversationData, DeletedConversationData, ListConversationsFilters } from './schemas.js';
import { applyInbound, applyMemberRemoved, type ThreadState } from './state.js';

export type { ConversationRecord } from './record.js';

export interface ConversationsNeeds {
  readonly contacts: ContactsModel;
  readonly team: TeamModel;
  readonly messages: MessagesModel;
  readonly tags: TagsModel;
}

/** Who a thread is with, as the groups that guard it (blocks, opt-outs) look people up. */
export interface ThreadPerson {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly ig_username: string | null;
}

/** What other groups erased with a conversation, for DELETE /conversations/{id}'s `removed` (4.4). */
export interface RemovedElsewhere {
  readonly appointments?: number;
}

export const conversationHooks = {
  /** A conversation is being erased: remove what hangs off it and answer what was removed. */
  conversationDeleted: hook<[accountId: number, conversationId: number], RemovedElsewhere | void>(),
  /**
   * The owner wants to take the thread from the AI (PATCH ai_paused true): a group that can
   * forbid it answers with the 409 to give. Asked in registry order; the first answer wins.
   */
  claimGuard: hook<[accountId: number, person: ThreadPerson], ApiError | undefined>(),
  /**
   * A line to the customer was written in the thread (not a draft): an agent's, a flow's, the
   * AI's. The AI drops its pending follow-ups when someone else wrote (audit 8, N8).
   */
  outboundAppended: hook<[accountId: number, message: MessageRecord]>(),
};

/** Whether a thread's representation reads the contact differently after the change (see `present`). */
function showsDifferently(previous: ContactRecord, next: ContactRecord): boolean {
  return (
    (previous.name ?? previous.platform_user_id) !== (next.name ?? next.platform_user_id) ||
    previous.email !== next.email ||
    previous.phone !== next.phone
  );
}

/** Statuses in which an assigned thread counts as one of the member's active conversations. */
const OPEN_STATUSES = new Set(['active', 'pending', 'escalated']);

export function createThreads(core: CoreServices, deps: ConversationsNeeds, hooks: HooksOf<typeof conversationHooks>) {
  const { store, clock } = core;
  const conversations = store.define<ConversationRecord>('conversations', conversationIndexes, conversationRules, {
    accountKey: (c) => c.updated_ms,
  });

  function find(accountId: number, id: number): ConversationRecord | undefined {
    return conversations.getOwned(accountId, id);
  }

  function get(accountId: number, id: number): ConversationRecord {
    const conversation = find(accountId, id);
    if (!conversation) throw notFound('Conversation');
    return conversation;
  }

  function contactOf(conversation: ConversationRecord): ContactRecord | undefined {
    return deps.contacts.find(conversation.account_id, conversation.contact_id);
  }

  function present(conversation: ConversationRecord): ConversationData {
    const contact = contactOf(conversation);
    const assignee = conversation.assigned_to !== null && conversation.assigned_to > 0
      ? deps.team.find(conversation.account_id, conversation.assigned_to)
      : undefined;
    return {
      id: conversation.id,
      channel: conversation.channel,
      platform_user_id: conversation.platform_user_id,
      customer_name: contact?.name ?? conversation.platform_user_id,
      status: conversation.status,
      assigned_to: conversation.assigned_to,
      assigned_to_name: assignee?.name ?? null,
      ai_paused: conversation.ai_pause_reason !== null,
      ai_pause_reason: conversation.ai_pause_reason,
      contact_id: conversation.contact_id,
      lead_email: contact?.email ?? null,
      lead_phone: contact?.phone ?? null,
      last_message_at: conversation.last_message_at,
      created_at: conversation.created_at,
      updated_at: conversation.updated_at,
    };
  }

  /**
   * Writes a change, stamping updated_at with the instant of the change: now, or `atMs` for a
   * change that happened at an earlier instant (a line written back-dated during a clock jump).
   * A back-dated change never moves updated_at backwards.
   */
  function write(conversation: ConversationRecord, patch: Partial<ConversationRecord>, atMs?: number): ConversationRecord {
    const now = clock.now();
    const at = atMs === undefined || atMs >= now ? now : Math.max(atMs, conversation.updated_ms);
    return conversations.update(conversation.id, { ...patch, updated_at: clock.iso(at), updated_ms: at });
  }

  function stateOf(conversation: ConversationRecord): ThreadState {
    return { status: conversation.status, assigned_to: conversation.assigned_to, ai_pause_reason: conversation.ai_pause_reason };
  }

  function sameState(a: ThreadState, b: ThreadState): boolean {
    return a.status === b.status && a.assigned_to === b.assigned_to && a.ai_pause_reason === b.ai_pause_reason;
  }

  function create(accountId: number, contact: ContactRecord, state: ThreadState, atMs: number = clock.now()): ConversationRecord {
    const at = clock.iso(atMs);
    return conversations.insert({
      id: store.nextId('conversation'),
      account_id: accountId,
      channel: contact.channel,
      platform_user_id: contact.platform_user_id,
      contact_id: contact.id,
      ...state,
      tag_ids: [],
      last_message_at: at,
      last_inbound_ms: null,
      created_at: at,
      updated_at: at,
      updated_ms: atMs,
    });
  }

  /** Erases the thread and what hangs off it; the contact survives. */
  function erase(conversation: ConversationRecord): DeletedConversationData['removed'] {
    const fromMessages = deps.messages.removeConversation(conversation.id);
    let appointments = 0;
    for (const removed of hooks.conversationDeleted.run(conversation.account_id, conversation.id)) appointments += removed?.appointments ?? 0;
    conversations.remove(conversation.id);
    return {
      messages: fromMessages.messages,
      appointments,
      conversation_tags: conversation.tag_ids.length,
      contexts: fromMessages.contexts,
      metrics_detached: fromMessages.metrics_detached,
    };
  }

  return {
    find,
    get,
    present,
    write,
    stateOf,
    sameState,
    contactOf,

    /** When each thread now in `status` last changed (the overview's `needs_you.escalated`, 2.14). */
    changeTimesIn: (accountId: number, status: ConversationRecord['status']): number[] =>
      conversations.idsByIndex('status', statusKey(accountId, status)).map((id) => conversations.get(id)!.updated_ms),

    /** The thread of this identity; for an SMS or WhatsApp number, however it is written, as its contact is found (../contacts/phone-identity.ts). */
    findByIdentity: (accountId: number, channel: Channel, platformUserId: string): ConversationRecord | undefined =>
      findPhoneIdentity(channel, platformUserId, (id) => conversations.findUniqueByValues('identity', accountId, [channel, id])),

    /** The contact's thread, created active with the AI live if there is none. */
    openFor(accountId: number, contact: ContactRecord): { conversation: ConversationRecord; created: boolean } {
      const existing = conversations.findUniqueByValues('identity', accountId, [contact.channel, contact.platform_user_id]);
      if (existing) return { conversation: existing, created: false };
      return { conversation: create(accountId, contact, { status: 'active', assigned_to: null, ai_pause_reason: null }), created: true };
    },

    /** Seeds and the sandbox: a thread in any state, created at a given time. */
    createWithState(accountId: number, contact: ContactRecord, state: ThreadState, atMs: number, tagIds: readonly number[]): ConversationRecord {
      const conversation = create(accountId, contact, state, atMs);
      return tagIds.length === 0 ? conversation : conversations.update(conversation.id, { tag_ids: [...new Set(tagIds)] });
    },

    /**
     * Appends to the transcript. A customer message opens the window and reopens a resolved or
     * archived thread; system lines and drafts leave last_message_at alone.
     */
    append(conversation: ConversationRecord, input: NewMessage): { conversation: ConversationRecord; message: MessageRecord } {
      const message = deps.messages.append(conversation.account_id, conversation.id, conversation.channel, input);
      const inbound = message.sender_type === 'user';
      const counts = !message.draft && (inbound || ['bot', 'agent', 'followup'].includes(message.sender_type));
      const later = message.created_ms >= (parseTimestamp(conversation.last_message_at) ?? 0);
      const patch: Partial<ConversationRecord> = {
        ...(counts && later ? { last_message_at: message.created_at } : {}),
        ...(inbound
          ? { last_inbound_ms: Math.max(message.created_ms, conversation.last_inbound_ms ?? 0), ...applyInbound(stateOf(conversation)) }
          : {}),
      };
      // The thread changed when the line was written: a line back-dated to its due instant (the
      // AI's reply or follow-up fired by a clock jump) moves updated_at to that instant, not to
      // where the jump landed (audit 8, N4; J1: updated_at moves on every change of the thread).
      const written = write(conversation, patch, message.created_ms);
      if (!inbound && !message.draft && directionOf(message.sender_type) === 'outbound') hooks.outboundAppended.run(conversation.account_id, message);
      return { conversation: written, message };
    },

    list(accountId: number, filters: ListConversationsFilters, page: PageRequest): Page<ConversationData> {
      const sinceMs = filters.updated_since === undefined ? undefined : parseTimestamp(filters.updated_since) ?? undefined;
      const lists: SortedIdView[] = [];
      if (filters.status !== undefined) lists.push(conversations.idsByIndex('status', statusKey(accountId, filters.status)));
      if (filters.assigned_to !== undefined) lists.push(conversations.idsByIndex('assignee', assigneeKey(accountId, filters.assigned_to)));
      if (filters.channel !== undefined) lists.push(conversations.idsByIndex('channel', channelKey(accountId, filters.channel)));
      return pageFromWalk(
        newestFirstWalk(conversations.idsOfAccount(accountId), lists, cursorId(page), sinceMs),
        (id) => find(accountId, id),
        page,
        (c) =>
          (filters.channel === undefined || c.channel === filters.channel) &&
          (filters.status === undefined || c.status === filters.status) &&
          (filters.assigned_to === undefined || c.assigned_to === filters.assigned_to) &&
          (sinceMs === undefined || c.updated_ms >= sinceMs),
        present,
      );
    },

    /** The person of a thread, as guards and sends look them up. */
    personOf(conversation: ConversationRecord): ThreadPerson {
      return { channel: conversation.channel, platform_user_id: conversation.platform_user_id, ig_username: contactOf(conversation)?.ig_username ?? null };
    },

    /** Deleting a contact erases its conversations and their transcripts (4.2). */
    eraseContactThreads(accountId: number, contactId: number): void {
      for (const id of [...conversations.idsByIndex('contact', String(contactId))]) {
        const conversation = find(accountId, id);
        if (conversation) erase(conversation);
      }
    },

    /**
     * A contact changed: its threads show its name, email and phone (`customer_name`,
     * `lead_email`, `lead_phone`), so when one of those reads differently each thread's
     * `updated_at` moves, and `updated_since` finds it (docs/decisions.md, audit 5 J1). Other
     * contact fields (stage, notes, tags...) leave the threads alone. No event: none fires when
     * only `updated_at` moves. A contact has a thread or two, found through the `contact` index.
     */
    followContact(previous: ContactRecord, next: ContactRecord): void {
      if (!showsDifferently(previous, next)) return;
      for (const id of [...conversations.idsByIndex('contact', String(next.id))]) {
        const conversation = find(next.account_id, id);
        if (conversation) write(conversation, {});
      }
    },

    /** Deleting a tag definition removes its label from every conversation (4.5). */
    removeTagLabel(accountId: number, tagId: number): void {
      for (const id of [...conversations.idsByIndex('tag', String(tagId))]) {
        const conversation = find(accountId, id);
        if (conversation) conversations.update(id, { tag_ids: conversation.tag_ids.filter((other) => other !== tagId) });
      }
    },

    /** The transcript newest first; copilot drafts never appear. */
    transcript(accountId: number, id: number, page: PageRequest): Page<MessageData> {
      return deps.messages.list(get(accountId, id).id, page);
    },

    remove(accountId: number, id: number): DeletedConversationData {
      const conversation = get(accountId, id);
      return { id: conversation.id, object: 'conversation', deleted: true, removed: erase(conversation) };
    },

    /** Member conversations that are still open (team list). */
    activeCountFor(accountId: number, memberId: number): number {
      let count = 0;
      for (const id of conversations.idsByIndex('assignee', assigneeKey(accountId, memberId))) {
        const conversation = conversations.get(id);
        if (conversation && OPEN_STATUSES.has(conversation.status)) count++;
      }
      return count;
    },

    /** DELETE /team/{id}: every thread of the member is unassigned; no event fires (4.10). */
    unassignMember(accountId: number, memberId: number): number {
      const ids = [...conversations.idsByIndex('assignee', assigneeKey(accountId, memberId))];
      for (const id of ids) {
        const conversation = conversations.get(id);
        if (conversation) write(conversation, applyMemberRemoved(stateOf(conversation)));
      }
      return ids.length;
    },
  };
}

export type Threads = ReturnType<typeof createThreads>;
