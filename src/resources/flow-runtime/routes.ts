/** HTTP for flow sessions, flow events and flow analytics (4.8). */
import { listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { RuntimeModel } from './model.js';
import { AnalyticsQuery, FlowAnalytics, FlowEvent, FlowSession, ListEventsQuery, ListSessionsQuery, SessionEventsQuery } from './schemas.js';

const tag = 'Flow sessions';
const route = routesFor<RuntimeModel>();

export const runtimeRoutes = [
  route({
    operationId: 'listFlowSessions',
    method: 'GET',
    path: '/flow-sessions',
    tag,
    summary: 'Flow sessions newest first; filters flow_id, status, channel, contact_id (unknown contact 404), updated_since',
    section: '4.8',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListSessionsQuery,
    // An unknown flow_id or contact_id filter is 404, not an empty page (reads.ts).
    errors: ['not_found'],
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: FlowSession, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.listSessions(caller.accountId, query, page)),
  }),

  route({
    operationId: 'getFlowSession',
    method: 'GET',
    path: '/flow-sessions/{id}',
    tag,
    summary: 'One flow session (no collected values, no typed text)',
    section: '4.8',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: FlowSession, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.presentSession(model.getSession(caller.accountId, params.id))),
  }),

  route({
    operationId: 'listFlowSessionEvents',
    method: 'GET',
    path: '/flow-sessions/{id}/events',
    tag,
    summary: 'A session’s events oldest first (default limit 100); filter type',
    section: '4.8',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    query: SessionEventsQuery,
    list: { defaultLimit: 100 },
    success: { statuses: [200], schema: FlowEvent, envelope: 'list' },
    handler: ({ caller, params, query, page }, { model }) => listResult(model.sessionEvents(caller.accountId, params.id, query.type, page)),
  }),

  route({
    operationId: 'listFlowEvents',
    method: 'GET',
    path: '/flow-events',
    tag,
    summary: 'Flow events by ascending id across sessions; filters flow_id, flow_session, type, node_key, since',
    section: '4.8',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListEventsQuery,
    // An unknown flow_id filter is 404, not an empty page (reads.ts).
    errors: ['not_found'],
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: FlowEvent, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.listEvents(caller.accountId, query, page)),
  }),

  route({
    operationId: 'getFlowAnalytics',
    method: 'GET',
    path: '/flows/{id}/analytics',
    tag,
    summary: 'Analytics of one published version (default the current): range 7d/30d/90d/all, channel; computed from the flow events',
    section: '4.8',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    query: AnalyticsQuery,
    success: { statuses: [200], schema: FlowAnalytics, envelope: 'data' },
    handler: ({ caller, params, query }, { model }) => ok(model.analytics(caller.accountId, params.id, query)),
  }),
];
