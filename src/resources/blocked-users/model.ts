/**
 * Blocked users (2.21, 3.7, 4.13). Block then unblock; an unblocked row is kept (inactive) and a
 * new block gets a new id, so ids are never reused. A person is matched by (channel,
 * platform_user_id) or, on Instagram, by username. A block is made on the platform, so the
 * channel must be connected.
 */
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { ChannelsModel } from '../channels/model.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import { z } from 'zod';
import { NullableTimestamp, storedRecord, Timestamp } from '../shared/schemas.js';
import { BLOCK_CHANNELS, BLOCK_SOURCES, type BlockBodyData, type BlockChannel, type BlockedUserData, type BlockSource } from './schemas.js';

export interface BlockedUsersNeeds {
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
  readonly channels: ChannelsModel;
}

export interface BlockedUserRecord extends Entity {
  readonly channel: BlockChannel;
  readonly platform_user_id: string | null;
  readonly ig_username: string | null;
  readonly display_name: string | null;
  readonly conversation_id: number | null;
  readonly source: BlockSource;
  readonly blocked_at: string;
  readonly active: boolean;
  readonly unblocked_at: string | null;
}

export interface BlockTarget {
  readonly channel: BlockChannel;
  readonly platform_user_id: string | null;
  readonly ig_username: string | null;
  readonly display_name: string | null;
  readonly conversation_id: number | null;
  readonly source: BlockSource;
}

/** Who a check is about: a thread's person, with the Instagram handle when known. */
export interface Person {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly ig_username?: string | null;
}

const personKey = (accountId: number, channel: string, platformUserId: string): string =>
  `${accountId}:${channel}:${platformUserId}`;
const usernameKey = (accountId: number, username: string): string => `${accountId}:${username.replace(/^@/, '').toLowerCase()}`;

/** Instagram handles compare without the @ and case-insensitively. */
const handle = (value: string): string => value.replace(/^@/, '').toLowerCase();

export function createBlockedUsersModel(core: CoreServices, needs: BlockedUsersNeeds) {
  const { store, clock } = core;
  const blocks = store.define<BlockedUserRecord>('blocked_users', {
    person: { key: (row) => (row.active && row.platform_user_id !== null ? personKey(row.account_id, row.channel, row.platform_user_id) : null) },
    username: { key: (row) => (row.active && row.ig_username !== null ? usernameKey(row.account_id, row.ig_username) : null) },
    conversation: { key: (row) => (row.conversation_id === null ? null : String(row.conversation_id)) },
    active: { key: (row) => (row.active ? String(row.account_id) : null) },
  }, {
    schema: storedRecord({
      channel: z.enum(BLOCK_CHANNELS),
      platform_user_id: z.string().min(1).max(255).nullable(),
      ig_username: z.string().min(1).max(255).nullable(),
      display_name: z.string().max(255).nullable(),
      conversation_id: z.number().int().positive().nullable(),
      source: z.enum(BLOCK_SOURCES),
      blocked_at: Timestamp,
      active: z.boolean(),
      unblocked_at: NullableTimestamp,
    }),
    sequence: 'blocked_user',
    refs: { conversation_id: 'conversations' },
  });

  function first(ids: SortedIdView): BlockedUserRecord | undefined {
    const id = ids.first();
    return id === undefined ? undefined : blocks.get(id);
  }

  /** The active block that covers this person, if any. */
  function activeBlock(accountId: number, person: Person): BlockedUserRecord | undefined {
    if (person.channel !== 'facebook' && person.channel !== 'instagram') return undefined;
    const byId = first(blocks.idsByIndex('person', personKey(accountId, person.channel, person.platform_user_id)));
    if (byId) return byId;
    if (person.channel === 'instagram' && person.ig_username) {
      return first(blocks.idsByIndex('username', usernameKey(accountId, person.ig_username)));
    }
    return undefined;
  }

  /** Who the body names: an Instagram username, or the person of a Facebook or Instagram thread. */
  function targetOf(accountId: number, body: BlockBodyData): BlockTarget {
    if (body.ig_username !== undefined) {
      const contact = needs.contacts.findByInstagramUsername(accountId, body.ig_username);
      const conversation = contact ? needs.conversations.findByIdentity(accountId, 'instagram', contact.platform_user_id) : undefined;
      return {
        channel: 'instagram',
        platform_user_id: contact?.platform_user_id ?? null,
        ig_username: body.ig_username,
        display_name: contact?.name ?? null,
        conversation_id: conversation?.id ?? null,
        source: 'ig_username',
      };
    }
    const conversation = needs.conversations.find(accountId, body.conversation_id!);
    if (!conversation) throw invalidParam('conversation_id', `No conversation has id ${body.conversation_id}.`);
    if (conversation.channel !== 'facebook' && conversation.channel !== 'instagram') {
      throw invalidParam('conversation_id', 'Only Facebook and Instagram threads can be blocked.');
    }
    const contact = needs.conversations.contactOf(conversation);
    return {
      channel: conversation.channel,
      platform_user_id: conversation.platform_user_id,
      ig_username: contact?.ig_username ? handle(contact.ig_username) : null,
      display_name: contact?.name ?? null,
      conversation_id: conversation.id,
      source: 'conversation',
    };
  }

  function block(accountId: number, target: BlockTarget): BlockedUserRecord {
    const existing =
      (target.platform_user_id !== null &&
        activeBlock(accountId, { channel: target.channel, platform_user_id: target.platform_user_id, ig_username: target.ig_username })) ||
      (target.ig_username !== null && first(blocks.idsByIndex('username', usernameKey(accountId, target.ig_username))));
    if (existing) {
      throw new ApiError('already_blocked', 'This person is already blocked.', {
        param: target.source === 'conversation' ? 'conversation_id' : 'ig_username',
        extra: { blocked_user_id: existing.id },
      });
    }
    return blocks.insert({
      id: store.nextId('blocked_user'),
      account_id: accountId,
      ...target,
      blocked_at: clock.iso(),
      active: true,
      unblocked_at: null,
    });
  }

  return {
    activeBlock,
    block,
    isBlocked: (accountId: number, person: Person): boolean => activeBlock(accountId, person) !== undefined,

    present(row: BlockedUserRecord): BlockedUserData {
      return {
        id: row.id,
        channel: row.channel,
        platform_user_id: row.platform_user_id,
        ig_username: row.ig_username,
        display_name: row.display_name,
        conversation_id: row.conversation_id,
        source: row.source,
        blocked_at: row.blocked_at,
      };
    },

    /** Ascending ids of the account's active blocks (the route pages them newest first). */
    activeIds: (accountId: number): SortedIdView => blocks.idsByIndex('active', String(accountId)),

    /** POST /blocked-users: by Instagram username or by a Facebook or Instagram thread. */
    blockFromRequest(accountId: number, body: BlockBodyData): BlockedUserRecord {
      const target = targetOf(accountId, body);
      if (!needs.channels.isConnected(accountId, target.channel)) {
        throw new ApiError('not_connected', `The ${target.channel} channel is not connected.`, { param: 'channel' });
      }
      return block(accountId, target);
    },

    /** The 409 an owner claim gets for a blocked person (3.1), if blocked. */
    refuseClaim(accountId: number, person: Person): ApiError | undefined {
      return activeBlock(accountId, person)
        ? new ApiError('blocked', 'The customer is blocked; unblock them before taking the thread.', { param: 'ai_paused' })
        : undefined;
    },

    /** A block by id (the route pages the active ones). */
    byId: (id: number): BlockedUserRecord | undefined => blocks.get(id),

    /** Lifts a block; the row stays. An already lifted block reads as missing. */
    unblock(accountId: number, id: number): BlockedUserRecord {
      const row = blocks.getOwned(accountId, id);
      if (!row || !row.active) throw notFound('Blocked user');
      return blocks.update(row.id, { active: false, unblocked_at: clock.iso() });
    },

    /** The conversation was erased: keep the block, drop the link. */
    detachConversation(conversationId: number): void {
      for (const id of [...blocks.idsByIndex('conversation', String(conversationId))]) blocks.update(id, { conversation_id: null });
    },
  };
}

export type BlockedUsersModel = ReturnType<typeof createBlockedUsersModel>;
