/** The stored conversation and its indexes. Tags are kept by id, like contacts do. */
import { z } from 'zod';
import type { Channel } from '../../core/types.js';
import type { Entity, IndexDefinitions } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import { Channel as ChannelSchema, EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { ConversationStatusSchema, PAUSE_REASONS, type ConversationStatus, type PauseReason } from './schemas.js';

export interface ConversationRecord extends Entity {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly contact_id: number;
  readonly status: ConversationStatus;
  readonly assigned_to: number | null;
  readonly ai_pause_reason: PauseReason | null;
  /** Tag labels on the thread (seeded; removed when the tag definition is deleted). */
  readonly tag_ids: readonly number[];
  readonly last_message_at: string;
  /** The customer's last message opens the channel's messaging window. */
  readonly last_inbound_ms: number | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly updated_ms: number;
}

export const identityKey = (accountId: number, channel: string, platformUserId: string): string =>
  `${accountId}|${channel}|${platformUserId}`;
export const channelKey = (accountId: number, channel: string): string => `${accountId}|${channel}`;
export const statusKey = (accountId: number, status: string): string => `${accountId}|${status}`;
export const assigneeKey = (accountId: number, assignee: number): string => `${accountId}|${assignee}`;

export const conversationRules: RecordRules<ConversationRecord> = {
  schema: storedRecord({
    channel: ChannelSchema,
    platform_user_id: z.string().min(1).max(255),
    contact_id: z.number().int().positive(),
    status: ConversationStatusSchema,
    // Positive: a team member; negative: an owner-level assignment (2.5).
    assigned_to: z.number().int().nullable(),
    ai_pause_reason: z.enum(PAUSE_REASONS).nullable(),
    tag_ids: z.array(z.number().int().positive()),
    last_message_at: Timestamp,
    last_inbound_ms: EpochMs.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    updated_ms: EpochMs,
  }),
  sequence: 'conversation',
  refs: { contact_id: 'contacts', tag_ids: 'tags' },
};

export const conversationIndexes: IndexDefinitions<ConversationRecord> = {
  // Nested: the index holds no key string per thread (store/nested-unique.ts); a channel never holds `|`.
  identity: { unique: true, nested: true, key: (c) => identityKey(c.account_id, c.channel, c.platform_user_id), fields: ['channel', 'platform_user_id'] },
  contact: { key: (c) => String(c.contact_id) },
  channel: { key: (c) => channelKey(c.account_id, c.channel) },
  status: { key: (c) => statusKey(c.account_id, c.status) },
  assignee: { key: (c) => (c.assigned_to === null ? null : assigneeKey(c.account_id, c.assigned_to)) },
  tag: { key: (c) => c.tag_ids.map(String) },
};
