/**
 * Messages (2.6): the transcript of a conversation, plus one analytics row per message that
 * outlives the transcript (4.4: "analytics rows kept without message text"). Copilot drafts are
 * stored (the analytics count them) but never listed. This model knows nothing of conversation
 * state; the conversations model appends through it.
 */
import type { Page, PageRequest } from '../../core/pagination.js';
import { pageNewestFirst } from '../../core/pagination.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { z } from 'zod';
import { Channel as ChannelSchema, EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { Attachment, MessageType, OUTBOUND_SENDERS, type AttachmentData, type MessageData, type MessageTypeValue } from './schemas.js';

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
  /**
   * The thread a detached row belonged to (set when it is detached): the overview still counts
   * that thread among the conversations with messages (docs/decisions.md, audit 5 J6). Not a
   * reference: the thread is gone, and its id names no one. Absent on rows detached before it
   * was kept (older state files): those count as messages but as no thread.
   */
  readonly former_conversation_id?: number;
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
  /** An explicit id (a pulled seed keeps its ids); default: the next of the sequence. */
  readonly id?: number;
  /** Defaults to now; seeds place transcripts in the past. */
  readonly at_ms?: number;
}

export interface RemovedMessages {
  readonly messages: number;
  readonly contexts: number;
  readonly metrics_detached: number;
}

/** The thread a row counts for, live or deleted; undefined for a row detached before threads were kept. */
export function threadOfMetric(row: MessageMetricRecord): number | undefined {
  return row.conversation_id ?? row.former_conversation_id;
}

export function directionOf(senderType: string): Direction {
  if (senderType === 'user') return 'inbound';
  return (OUTBOUND_SENDERS as readonly string[]).includes(senderType) ? 'outbound' : 'system';
}

const conversationKey = (conversationId: number): string => String(conversationId);

export function createMessagesModel(core: CoreServices) {
  const { store, clock } = core;
  const messages = store.define<MessageRecord>(
    'messages',
    { conversation: { key: (row) => conversationKey(row.conversation_id) } },
    {
      schema: storedRecord({
        conversation_id: z.number().int().positive(),
        message_id: z.string().min(1).max(255),
        sender_type: z.string().min(1).max(50),
        sender_name: z.string().max(255).nullable(),
        type: MessageType,
        text: z.string().nullable(),
        attachments: z.array(Attachment),
        is_template: z.boolean(),
        body_purged: z.boolean(),
        draft: z.boolean(),
        created_at: Timestamp,
        created_ms: EpochMs,
      }),
      sequence: 'message',
      refs: { conversation_id: 'conversations' },
    },
  );
  const metrics = store.define<MessageMetricRecord>(
    'message_metrics',
    { conversation: { key: (row) => (row.conversation_id === null ? null : conversationKey(row.conversation_id)) } },
    {
      schema: storedRecord({
        message_record_id: z.number().int().positive(),
        conversation_id: z.number().int().positive().nullable(),
        former_conversation_id: z.number().int().positive().optional(),
        channel: ChannelSchema,
        direction: z.enum(['inbound', 'outbound', 'system']),
        sender_type: z.string().min(1).max(50),
        created_ms: EpochMs,
      }),
      sequence: 'message_metric',
      refs: { conversation_id: 'conversations' },
    },
  );

  function present(row: MessageRecord): MessageData {
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
    present,

    append(accountId: number, conversationId: number, channel: Channel, input: NewMessage): MessageRecord {
      const at = input.at_ms ?? clock.now();
      const id = input.id ?? store.nextId('message');
      if (input.id !== undefined) store.ensureSequenceAtLeast('message', input.id);
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
    list(conversationId: number, page: PageRequest): Page<MessageData> {
      return pageNewestFirst(
        messages.idsByIndex('conversation', conversationKey(conversationId)),
        (id) => messages.get(id),
        page,
        (row) => !row.draft,
        present,
      );
    },

    /**
     * Analytics rows created at or after `fromMs` (the overview analytics count them, 2.14). They
     * carry no text and outlive deleted threads, as 4.4 keeps them.
     */
    metricsSince(accountId: number, fromMs: number): MessageMetricRecord[] {
      const rows: MessageMetricRecord[] = [];
      for (const row of metrics.ofAccount(accountId)) if (row.created_ms >= fromMs) rows.push(row);
      return rows;
    },

    /** When each copilot draft still stored was written, at or after `fromMs` (overview `needs_you`). */
    draftTimesSince(accountId: number, fromMs: number): number[] {
      const times: number[] = [];
      for (const row of messages.ofAccount(accountId)) if (row.draft && row.created_ms >= fromMs) times.push(row.created_ms);
      return times;
    },

    /** The customer's latest message (the default target of a reaction). */
    latestInbound(conversationId: number): MessageRecord | undefined {
      const ids = messages.idsByIndex('conversation', conversationKey(conversationId));
      for (const id of ids.descending()) {
        const row = messages.get(id);
        if (row && row.sender_type === 'user') return row;
      }
      return undefined;
    },

    /** Whether some line of the thread is one `sentBy` recognises (the AI asks once per thread whether it has spoken there). */
    anyLine(conversationId: number, sentBy: (row: MessageRecord) => boolean): boolean {
      for (const id of messages.idsByIndex('conversation', conversationKey(conversationId))) {
        const row = messages.get(id);
        if (row && !row.draft && sentBy(row)) return true;
      }
      return false;
    },

    findByMessageId(conversationId: number, messageId: string): MessageRecord | undefined {
      for (const id of messages.idsByIndex('conversation', conversationKey(conversationId))) {
        const row = messages.get(id);
        if (row && row.message_id === messageId) return row;
      }
      return undefined;
    },

    /**
     * Erases a transcript. The AI keeps one context per thread it spoke in, erased with it; the
     * analytics rows stay, detached from the thread and without text.
     */
    removeConversation(conversationId: number): RemovedMessages {
      const ids = [...messages.idsByIndex('conversation', conversationKey(conversationId))];
      let aiSpoke = false;
      for (const id of ids) {
        const row = messages.get(id);
        if (row && row.sender_type === 'bot' && !row.draft) aiSpoke = true;
        messages.remove(id);
      }
      const metricIds = [...metrics.idsByIndex('conversation', conversationKey(conversationId))];
      for (const id of metricIds) metrics.update(id, { conversation_id: null, former_conversation_id: conversationId });
      return { messages: ids.length, contexts: aiSpoke ? 1 : 0, metrics_detached: metricIds.length };
    },
  };
}

export type MessagesModel = ReturnType<typeof createMessagesModel>;
