/**
 * Blocked users (2.21, 3.7, 4.13). Block then unblock; an unblocked row is kept (inactive) and a
 * new block gets a new id, so ids are never reused. A person is matched by (channel,
 * platform_user_id) or, on Instagram, by username. This model never imports conversations: the
 * route resolves a conversation and passes the person in.
 */
import { ApiError, notFound } from '../../core/errors.js';
const personKey = (accountId, channel, platformUserId) => `${accountId}:${channel}:${platformUserId}`;
const usernameKey = (accountId, username) => `${accountId}:${username.replace(/^@/, '').toLowerCase()}`;
export function createBlockedUsersModel(core) {
    const { store, clock } = core;
    const blocks = store.define('blocked_users', {
        person: { key: (row) => (row.active && row.platform_user_id !== null ? personKey(row.account_id, row.channel, row.platform_user_id) : null) },
        username: { key: (row) => (row.active && row.ig_username !== null ? usernameKey(row.account_id, row.ig_username) : null) },
        conversation: { key: (row) => (row.conversation_id === null ? null : String(row.conversation_id)) },
        active: { key: (row) => (row.active ? String(row.account_id) : null) },
    });
    function first(ids) {
        return ids.length === 0 ? undefined : blocks.get(ids[0]);
    }
    /** The active block that covers this person, if any. */
    function activeBlock(accountId, person) {
        if (person.channel !== 'facebook' && person.channel !== 'instagram')
            return undefined;
        const byId = first(blocks.idsByIndex('person', personKey(accountId, person.channel, person.platform_user_id)));
        if (byId)
            return byId;
        if (person.channel === 'instagram' && person.ig_username) {
            return first(blocks.idsByIndex('username', usernameKey(accountId, person.ig_username)));
        }
        return undefined;
    }
    return {
        blocks,
        activeBlock,
        isBlocked: (accountId, person) => activeBlock(accountId, person) !== undefined,
        present(row) {
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
        activeIds: (accountId) => blocks.idsByIndex('active', String(accountId)),
        block(accountId, target) {
            const existing = (target.platform_user_id !== null &&
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
        },
        /** Lifts a block; the row stays. An already lifted block reads as missing. */
        unblock(accountId, id) {
            const row = blocks.getOwned(accountId, id);
            if (!row || !row.active)
                throw notFound('Blocked user');
            return blocks.update(row.id, { active: false, unblocked_at: clock.iso() });
        },
        /** The conversation was erased: keep the block, drop the link. */
        detachConversation(conversationId) {
            for (const id of [...blocks.idsByIndex('conversation', String(conversationId))])
                blocks.update(id, { conversation_id: null });
        },
    };
}
//# sourceMappingURL=model.js.map