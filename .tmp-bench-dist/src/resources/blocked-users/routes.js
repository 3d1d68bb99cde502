/** HTTP for blocked users (4.13). */
import { ApiError, invalidParam } from '../../core/errors.js';
import { pageNewestFirst } from '../../core/pagination.js';
import { created, listResult, ok } from '../../core/route.js';
import { defineRoute } from '../app.js';
import { channelKey } from '../contacts/record.js';
import { IdParams } from '../shared/schemas.js';
import { BlockBody, BlockedUser, UnblockedUser } from './schemas.js';
const tag = 'Blocked users';
/** Instagram handles compare without the @ and case-insensitively. */
const handle = (value) => value.replace(/^@/, '').toLowerCase();
function instagramContact(app, accountId, username) {
    const { contacts } = app.models.contacts;
    for (const id of contacts.idsByIndex('channel', channelKey(accountId, 'instagram'))) {
        const contact = contacts.get(id);
        if (contact?.ig_username && handle(contact.ig_username) === username)
            return contact;
    }
    return undefined;
}
/** Who the body names: an Instagram username, or the person of a Facebook or Instagram thread. */
function targetOf(app, accountId, body) {
    if (body.ig_username !== undefined) {
        const contact = instagramContact(app, accountId, body.ig_username);
        const conversation = contact ? app.models.conversations.findByIdentity(accountId, 'instagram', contact.platform_user_id) : undefined;
        return {
            channel: 'instagram',
            platform_user_id: contact?.platform_user_id ?? null,
            ig_username: body.ig_username,
            display_name: contact?.name ?? null,
            conversation_id: conversation?.id ?? null,
            source: 'ig_username',
        };
    }
    const conversation = app.models.conversations.find(accountId, body.conversation_id);
    if (!conversation)
        throw invalidParam('conversation_id', `No conversation has id ${body.conversation_id}.`);
    if (conversation.channel !== 'facebook' && conversation.channel !== 'instagram') {
        throw invalidParam('conversation_id', 'Only Facebook and Instagram threads can be blocked.');
    }
    const contact = app.models.conversations.contactOf(conversation);
    return {
        channel: conversation.channel,
        platform_user_id: conversation.platform_user_id,
        ig_username: contact?.ig_username ? handle(contact.ig_username) : null,
        display_name: contact?.name ?? null,
        conversation_id: conversation.id,
        source: 'conversation',
    };
}
export const blockedUserRoutes = [
    defineRoute({
        operationId: 'listBlockedUsers',
        method: 'GET',
        path: '/blocked-users',
        tag,
        summary: 'Active blocks, newest first',
        section: '4.13',
        scope: 'read',
        scopeSource: 'assumption',
        list: { defaultLimit: 25 },
        success: { statuses: [200], schema: BlockedUser, envelope: 'list' },
        handler: ({ app, caller, page }) => {
            const model = app.models.blockedUsers;
            return listResult(pageNewestFirst(model.activeIds(caller.accountId), (id) => model.blocks.get(id), page, undefined, model.present));
        },
    }),
    defineRoute({
        operationId: 'blockUser',
        method: 'POST',
        path: '/blocked-users',
        tag,
        summary: 'Block a person by Instagram username or by a Facebook or Instagram conversation',
        description: 'Exactly one of ig_username (with or without @) or conversation_id. 409 already_blocked for someone already ' +
            'blocked; 409 not_connected when the channel is not connected (the block is made on the platform).',
        section: '4.13',
        scope: 'write',
        scopeSource: 'spec',
        body: BlockBody,
        bodyRequired: true,
        success: { statuses: [201], schema: BlockedUser, envelope: 'data' },
        errors: ['already_blocked', 'not_connected'],
        handler: ({ app, caller, body }) => {
            const target = targetOf(app, caller.accountId, body);
            if (!app.models.channels.isConnected(caller.accountId, target.channel)) {
                throw new ApiError('not_connected', `The ${target.channel} channel is not connected.`, { param: 'channel' });
            }
            const model = app.models.blockedUsers;
            return created(model.present(model.block(caller.accountId, target)));
        },
    }),
    defineRoute({
        operationId: 'unblockUser',
        method: 'DELETE',
        path: '/blocked-users/{id}',
        tag,
        summary: 'Unblock; the row is kept and its id is never reused (a repeat answers 404)',
        section: '4.13',
        scope: 'write',
        scopeSource: 'spec',
        params: IdParams,
        success: { statuses: [200], schema: UnblockedUser, envelope: 'data' },
        handler: ({ app, caller, params }) => {
            const row = app.models.blockedUsers.unblock(caller.accountId, params.id);
            return ok({ id: row.id, object: 'blocked_user', deleted: true });
        },
    }),
];
//# sourceMappingURL=routes.js.map