/** HTTP for conversations and their transcripts (4.4). */
import { listResult, ok } from '../../core/route.js';
import { defineRoute } from '../app.js';
import { Message } from '../messages/schemas.js';
import { IdParams } from '../shared/schemas.js';
import { AssignBody, Conversation, DeletedConversation, ListConversationsQuery, PatchConversationBody } from './schemas.js';
const tag = 'Conversations and messages';
export const conversationRoutes = [
    defineRoute({
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
        handler: ({ app, caller, query, page }) => listResult(app.models.conversations.list(caller.accountId, query, page)),
    }),
    defineRoute({
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
        handler: ({ app, caller, params }) => {
            const model = app.models.conversations;
            return ok(model.present(model.get(caller.accountId, params.id)));
        },
    }),
    defineRoute({
        operationId: 'updateConversation',
        method: 'PATCH',
        path: '/conversations/{id}',
        tag,
        summary: 'Set status (active, resolved, archived) and/or take or hand back the AI',
        description: 'status applies first, then ai_paused. pending and escalated are set by the system only (400). Resolving or ' +
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
        handler: ({ app, caller, params, body }) => {
            const conversation = app.models.conversationActions.patch(caller.accountId, params.id, body);
            return ok(app.models.conversations.present(conversation));
        },
    }),
    defineRoute({
        operationId: 'assignConversation',
        method: 'POST',
        path: '/conversations/{id}/assign',
        tag,
        summary: 'Assign to a team member (or null to unassign)',
        description: 'A pending or escalated thread becomes active. An unknown member id is 400 invalid_param. A change adds a ' +
            'system line to the transcript and fires conversation.assigned; the AI is muted while the thread is assigned.',
        section: '4.4',
        scope: 'write',
        scopeSource: 'assumption',
        params: IdParams,
        body: AssignBody,
        bodyRequired: true,
        success: { statuses: [200], schema: Conversation, envelope: 'data' },
        handler: ({ app, caller, params, body }) => {
            const conversation = app.models.conversationActions.assign(caller.accountId, params.id, body.assigned_to);
            return ok(app.models.conversations.present(conversation));
        },
    }),
    defineRoute({
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
        handler: ({ app, caller, params }) => ok(app.models.conversations.remove(caller.accountId, params.id)),
    }),
    defineRoute({
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
        handler: ({ app, caller, params, page }) => {
            const conversation = app.models.conversations.get(caller.accountId, params.id);
            return listResult(app.models.messages.list(conversation.id, page));
        },
    }),
];
//# sourceMappingURL=routes.js.map