/** HTTP for comment triggers and their simulator (4.14): a few lines per route. */
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import type { CommentTriggersModel } from './model.js';
import { CommentTrigger, CreateTriggerBody, DeletedTrigger, ListTriggersQuery, PatchTriggerBody, SimulateQuery, Simulation, TriggerStatsDetail } from './schemas.js';

const tag = 'Comment triggers';
const route = routesFor<CommentTriggersModel>();

export const commentTriggerRoutes = [
  route({
    operationId: 'simulateCommentTrigger',
    method: 'GET',
    path: '/comment-triggers/simulate',
    tag,
    summary: 'Which trigger a comment would fire, with every candidate and its reason; sends and records nothing',
    description:
      'Per-person rules (opt-out, blocked, once per user) are not simulated. Precedence: triggers scoped to the post first, then the oldest. Matching: docs/decisions.md, "Comment automation".',
    section: '4.14',
    scope: 'read',
    scopeSource: 'spec',
    query: SimulateQuery,
    success: { statuses: [200], schema: Simulation, envelope: 'data' },
    handler: ({ caller, query }, { model }) => ok(model.simulate(caller.accountId, query)),
  }),

  route({
    operationId: 'listCommentTriggers',
    method: 'GET',
    path: '/comment-triggers',
    tag,
    summary: 'Comment triggers newest first; filters platform, source_type, active, post_id',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListTriggersQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: CommentTrigger, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.list(caller.accountId, query, page)),
  }),

  route({
    operationId: 'createCommentTrigger',
    method: 'POST',
    path: '/comment-triggers',
    tag,
    summary: 'Create a trigger (201); past the plan live cap it is saved paused with created_paused true',
    description: 'A DM mode (both, dm_only) needs 1 to 3 buttons; up to 5 public replies and 5 DM templates; post_id null means every post.',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    body: CreateTriggerBody,
    bodyRequired: true,
    success: { statuses: [201], schema: CommentTrigger, envelope: 'data' },
    handler: ({ caller, body }, { model }) => created(model.present(model.create(caller.accountId, body))),
  }),

  route({
    operationId: 'getCommentTrigger',
    method: 'GET',
    path: '/comment-triggers/{id}',
    tag,
    summary: 'One comment trigger with its linked flows and stats',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: CommentTrigger, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.present(model.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'updateCommentTrigger',
    method: 'PATCH',
    path: '/comment-triggers/{id}',
    tag,
    summary: 'Partial update; activating past the cap is 403 plan_limit_reached, blocked by linked flows 409 flow_conflict',
    description: 'Changing a button title or type while flows are linked pauses those flows and the trigger, and the answer carries flow_impact.',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchTriggerBody,
    bodyRequired: true,
    success: { statuses: [200], schema: CommentTrigger, envelope: 'data' },
    errors: ['plan_limit_reached', 'flow_conflict'],
    handler: ({ caller, params, body }, { model }) => ok(model.update(caller.accountId, params.id, body)),
  }),

  route({
    operationId: 'deleteCommentTrigger',
    method: 'DELETE',
    path: '/comment-triggers/{id}',
    tag,
    summary: 'Delete a trigger; its active linked flows are paused',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: DeletedTrigger, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.remove(caller.accountId, params.id)),
  }),

  route({
    operationId: 'duplicateCommentTrigger',
    method: 'POST',
    path: '/comment-triggers/{id}/duplicate',
    tag,
    summary: 'Copy a trigger (201): named with a copy suffix, paused, fresh stats, no linked flows',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: EmptyBody,
    bodyRequired: true,
    success: { statuses: [201], schema: CommentTrigger, envelope: 'data' },
    handler: ({ caller, params }, { model }) => created(model.present(model.duplicate(caller.accountId, params.id))),
  }),

  route({
    operationId: 'getCommentTriggerStats',
    method: 'GET',
    path: '/comment-triggers/{id}/stats',
    tag,
    summary: 'Fires, DMs sent and skipped, public replies, hidden comments, unique commenters, recent fires (shape ours)',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: TriggerStatsDetail, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.stats(caller.accountId, params.id)),
  }),
];
