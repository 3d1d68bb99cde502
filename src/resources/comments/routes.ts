/** HTTP for handled comments and the approval queue (4.14); below Pro every route is 403 feature_unavailable. */
import { listResult, ok } from '../../core/route.js';
import { routesFor, type Gate } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import type { CommentsModel } from './model.js';
import { ApproveBody, BulkApproveResult, BulkIds, BulkRejectResult, CommentStats, HandledComment, ListCommentsQuery } from './schemas.js';

const tag = 'Handled comments';
const route = routesFor<CommentsModel>();
const gated = ['feature_unavailable'] as const;
/** Below Pro, checked before the id, the query or the body is looked at (4.14: "every /comments route gives 403"). */
const commentAi: Gate<CommentsModel> = ({ accountId }, { model }) => model.requireFeature(accountId);

export const commentRoutes = [
  route({
    operationId: 'listHandledComments',
    method: 'GET',
    path: '/comments',
    tag,
    summary: 'Handled comments newest first; status=pending is the approval queue; kept 30 days',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListCommentsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: HandledComment, envelope: 'list' },
    errors: gated,
    gate: commentAi,
    handler: ({ caller, query, page }, { model }) => listResult(model.list(caller.accountId, query, page)),
  }),

  route({
    operationId: 'getHandledCommentStats',
    method: 'GET',
    path: '/comments/stats',
    tag,
    summary: 'Queue depth, today’s and this month’s AI replies against the plan caps, counts by status and sentiment',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    success: { statuses: [200], schema: CommentStats, envelope: 'data' },
    errors: gated,
    gate: commentAi,
    handler: ({ caller }, { model }) => ok(model.stats(caller.accountId)),
  }),

  route({
    operationId: 'getHandledComment',
    method: 'GET',
    path: '/comments/{id}',
    tag,
    summary: 'One handled comment',
    section: '4.14',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: HandledComment, envelope: 'data' },
    errors: gated,
    gate: commentAi,
    handler: ({ caller, params }, { model }) => ok(model.present(model.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'approveHandledComment',
    method: 'POST',
    path: '/comments/{id}/approve',
    tag,
    summary: 'Post the draft ({}) or own text (edited true); 409 not_pending; a platform refusal leaves it failed and answers 422 send_failed',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    // 4.14 marks no body as required here (4: only routes that say so refuse a bodiless POST):
    // no body posts the draft, as `{}` does.
    body: ApproveBody,
    success: { statuses: [200], schema: HandledComment, envelope: 'data' },
    errors: [...gated, 'not_pending', 'send_failed'],
    gate: commentAi,
    handler: ({ caller, params, body }, { model }) => model.approve(caller.accountId, params.id, body.text),
  }),

  route({
    operationId: 'rejectHandledComment',
    method: 'POST',
    path: '/comments/{id}/reject',
    tag,
    summary: 'Drop the draft: nothing is posted; 409 not_pending',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: EmptyBody,
    success: { statuses: [200], schema: HandledComment, envelope: 'data' },
    errors: [...gated, 'not_pending'],
    gate: commentAi,
    handler: ({ caller, params }, { model }) => ok(model.present(model.reject(caller.accountId, params.id))),
  }),

  route({
    operationId: 'approveHandledComments',
    method: 'POST',
    path: '/comments/approve',
    tag,
    summary: 'Approve up to 100 pending comments: approved, failed and one error line per failed id; others skipped silently',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    body: BulkIds,
    bodyRequired: true,
    success: { statuses: [200], schema: BulkApproveResult, envelope: 'data' },
    errors: gated,
    gate: commentAi,
    handler: ({ caller, body }, { model }) => ok(model.approveMany(caller.accountId, body.ids)),
  }),

  route({
    operationId: 'rejectHandledComments',
    method: 'POST',
    path: '/comments/reject',
    tag,
    summary: 'Reject up to 100 pending comments: the count changed; others skipped silently',
    section: '4.14',
    scope: 'write',
    scopeSource: 'spec',
    body: BulkIds,
    bodyRequired: true,
    success: { statuses: [200], schema: BulkRejectResult, envelope: 'data' },
    errors: gated,
    gate: commentAi,
    handler: ({ caller, body }, { model }) => ok(model.rejectMany(caller.accountId, body.ids)),
  }),
];
