/**
 * Team members (2.16, 4.10). Credentials and permissions are never stored here, so they can
 * never leak into a response. Conversation counts come from the conversations group, which the
 * caller passes in: this model never imports it (conversations depend on the team, not back).
 */
import { ApiError, notFound } from '../../core/errors.js';
export const emailKey = (accountId, email) => `${accountId}:${email.toLowerCase()}`;
/** By name as people read it: case-insensitive, then exact, then id (a stable whole-set order). */
function byName(a, b) {
    const la = a.name.toLowerCase();
    const lb = b.name.toLowerCase();
    if (la !== lb)
        return la < lb ? -1 : 1;
    if (a.name !== b.name)
        return a.name < b.name ? -1 : 1;
    return a.id - b.id;
}
export function createTeamModel(core) {
    const { store, clock } = core;
    const members = store.define('team_members', {
        email: { unique: true, key: (member) => emailKey(member.account_id, member.email) },
    });
    function find(accountId, id) {
        return members.getOwned(accountId, id);
    }
    return {
        members,
        find,
        get(accountId, id) {
            const member = find(accountId, id);
            if (!member)
                throw notFound('Team member');
            return member;
        },
        findByEmail: (accountId, email) => members.findUnique('email', emailKey(accountId, email)),
        count: (accountId) => members.countOfAccount(accountId),
        list: (accountId) => [...members.ofAccount(accountId)].sort(byName),
        present(member, activeConversations) {
            return {
                id: member.id,
                name: member.name,
                email: member.email,
                role: member.role,
                status: member.status,
                avatar_url: member.avatar_url,
                active_conversations: activeConversations,
                total_resolved: member.total_resolved,
                channels: member.channels === null ? null : [...member.channels],
                created_at: member.created_at,
            };
        },
        add(accountId, input) {
            if (members.findUnique('email', emailKey(accountId, input.email))) {
                throw new ApiError('already_member', `${input.email} is already a team member.`, { param: 'email' });
            }
            return members.insert({
                id: store.nextId('team_member'),
                account_id: accountId,
                name: input.name,
                email: input.email,
                role: input.role,
                status: input.status ?? 'offline',
                avatar_url: input.avatar_url ?? null,
                channels: input.channels,
                total_resolved: input.total_resolved ?? 0,
                created_at: clock.iso(),
            });
        },
        /** PATCH /team/{id}: role and channels (null = every channel); takes effect at next login. */
        update(accountId, id, patch) {
            const member = find(accountId, id);
            if (!member)
                throw notFound('Team member');
            return members.update(member.id, {
                ...(patch.role !== undefined ? { role: patch.role } : {}),
                ...(patch.channels !== undefined ? { channels: patch.channels } : {}),
            });
        },
        /** Counts a resolved thread for the member it was assigned to. */
        recordResolved(accountId, id) {
            const member = find(accountId, id);
            if (member)
                members.update(member.id, { total_resolved: member.total_resolved + 1 });
        },
        remove(accountId, id) {
            const member = find(accountId, id);
            if (!member)
                throw notFound('Team member');
            members.remove(member.id);
            return member;
        },
    };
}
//# sourceMappingURL=model.js.map