/** HTTP for blocked users (4.13). */
import { pageNewestFirst } from '../../core/pagination.js';
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { BlockedUsersModel } from './model.js';
import { IdParams } from '../shared/schemas.js';
import { BlockBody, BlockedUser, UnblockedUser } from './schemas.js';

const tag = 'Blocked users';
const route = routesFor<BlockedUsersModel>();

export const blockedUserRoutes = [
  route({
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
    handler: ({ caller, page }, { model }) =>
      listResult(pageNewestFirst(model.activeIds(caller.accountId), model.byId, page, undefined, model.present)),
  }),

  route({
    operationId: 'blockUser',
    method: 'POST',
    path: '/blocked-users',
    tag,
    summary: 'Block a person by Instagram username or by a Facebook or Instagram conversation',
    description:
      'Exactly one of ig_username (with or without @) or conversation_id. 409 already_blocked for someone already ' +
      'blocked; 409 not_connected when the channel is not connected (the block is made on the platform).',
    section: '4.13',
    scope: 'write',
    scopeSource: 'spec',
    body: BlockBody,
    bodyRequired: true,
    success: { statuses: [201], schema: BlockedUser, envelope: 'data' },
    errors: ['already_blocked', 'not_connected'],
    handler: ({ caller, body }, { model }) => created(model.present(model.blockFromRequest(caller.accountId, body))),
  }),

  route({
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
    handler: ({ caller, params }, { model }) => {
      const row = model.unblock(caller.accountId, params.id);
      return ok({ id: row.id, object: 'blocked_user', deleted: true });
    },
  }),
];
