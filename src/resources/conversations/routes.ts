/** HTTP for conversations and their transcripts (4.4). */
import { listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { ConversationsModel } from './model.js';
import { Message } from '../messages/schemas.js';
import { IdParams } from '../shared/schemas.js';
import { AssignBody, Conversation, DeletedConversation, ListConversationsQuery, PatchConversationBody } from './schemas.js';

const tag = 'Conversations and messages';
const route = routesFor<ConversationsModel>();

export const conversationRoutes = [
  route({
    operationId: 'listConversations',
    method: 'GET',
    path: '/conversations',
    tag,
    summary: 'List conversations newest first; every filter given must match',
    section: '4.4',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListConversationsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: Conversation, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.list(caller.accountId, query, page)),
  }),

  route({
    operationId: 'getConversation',
    method: 'GET',
    path: '/conversations/{id}',
    tag,
    summary: 'One conversation; a bad id answers 404',
    section: '4.4',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: Conversation, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.present(model.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'updateConversation',
    method: 'PATCH',
    path: '/conversations/{id}',
    tag,
    summary: 'Set status (active, resolved, archived) and/or take or hand back the AI',
    description:
      'status applies first, then ai_paused. pending and escalated are set by the system only (400). Resolving or ' +
      'archiving hands the thread back to the AI. ai_paused true claims the thread as the owner (reason ' +
      'owner_claimed) and reopens a resolved thread; it is 409 blocked, opted_out or window_closed when the customer ' +
      'cannot be messaged. ai_paused false is 409 resume_blocked for solicitation, fraud and connected_account pauses.',
    section: '4.4',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchConversationBody,
    success: { statuses: [200], schema: Conversation, envelope: 'data' },
    errors: ['blocked', 'opted_out', 'window_closed', 'resume_blocked'],
    handler: ({ caller, params, body }, { model }) => ok(model.present(model.actions.patch(caller.accountId, params.id, body))),
  }),

  route({
    operationId: 'assignConversation',
    method: 'POST',
    path: '/conversations/{id}/assign',
    tag,
    summary: 'Assign to a team member (or null to unassign)',
    description:
      'A pending or escalated thread becomes active. An unknown member id is 400 invalid_param. A change adds a ' +
      'system line to the transcript and fires conversation.assigned; the AI is muted while the thread is assigned.',
    section: '4.4',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: AssignBody,
    bodyRequired: true,
    success: { statuses: [200], schema: Conversation, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.present(model.actions.assign(caller.accountId, params.id, body.assigned_to))),
  }),

  route({
    operationId: 'deleteConversation',
    method: 'DELETE',
    path: '/conversations/{id}',
    tag,
    summary: 'Delete a conversation and its transcript; the contact survives',
    description: 'Analytics rows are kept without message text (metrics_detached). A repeat answers 404.',
    section: '4.4',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: DeletedConversation, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.remove(caller.accountId, params.id)),
  }),

  route({
    operationId: 'listConversationMessages',
    method: 'GET',
    path: '/conversations/{id}/messages',
    tag,
    summary: 'The transcript newest first (50 by default); copilot drafts are never listed',
    section: '4.4',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    list: { defaultLimit: 50 },
    success: { statuses: [200], schema: Message, envelope: 'list' },
    handler: ({ caller, params, page }, { model }) => listResult(model.transcript(caller.accountId, params.id, page)),
  }),
];
