/** HTTP for flows (4.7): the catalogue, validation, CRUD and the 3.3 lifecycle actions. */
import { created, listResult, ok, type RouteResult } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import type { FlowsModel } from './model.js';
import type { FlowRecord } from './records.js';
import {
  CreateFlowBody,
  DeletedFlow,
  Flow,
  FlowCatalogue,
  FlowDefinitionResult,
  FlowSummary,
  FlowValidation,
  ListFlowsQuery,
  UpdateFlowBody,
  ValidateFlowBody,
} from './schemas.js';

const tag = 'Flows';
const route = routesFor<FlowsModel>();
const read = { tag, section: '4.7', scope: 'read', scopeSource: 'assumption' } as const;
const write = { tag, section: '4.7', scope: 'write', scopeSource: 'assumption' } as const;

/** One lifecycle action of 3.3: POST /flows/{id}/<action> with `{}`, answering the flow. */
function action(
  name: 'publish' | 'activate' | 'pause' | 'discard-draft',
  operationId: string,
  summary: string,
  errors: ('invalid_definition' | 'plan_limit_reached' | 'flow_blocked' | 'not_active')[],
  run: (model: FlowsModel, accountId: number, id: number) => FlowRecord,
) {
  return route({
    ...write,
    section: '3.3',
    operationId,
    method: 'POST',
    path: `/flows/{id}/${name}`,
    summary,
    params: IdParams,
    body: EmptyBody,
    success: { statuses: [200], schema: Flow, envelope: 'data' },
    errors,
    handler: ({ caller, params }, { model }): RouteResult => ok(model.present(run(model, caller.accountId, params.id))),
  });
}

export const flowRoutes = [
  route({
    ...read,
    operationId: 'listFlows',
    method: 'GET',
    path: '/flows',
    summary: 'Flows newest first, without definitions; filter by status and trigger_type',
    query: ListFlowsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: FlowSummary, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.list(caller.accountId, query, page)),
  }),

  route({
    ...read,
    operationId: 'getFlowCatalogue',
    method: 'GET',
    path: '/flows/nodes',
    summary: 'The catalogue: definition rules, the 13 sources, the 12 node types, enums, placeholders and the account’s live values',
    success: { statuses: [200], schema: FlowCatalogue, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.catalogue(caller.accountId)),
  }),

  route({
    ...write,
    operationId: 'validateFlow',
    method: 'POST',
    path: '/flows/validate',
    summary: 'Validate a definition: always 200 {valid, errors, warnings}, each naming its node (and port or key)',
    body: ValidateFlowBody,
    success: { statuses: [200], schema: FlowValidation, envelope: 'data' },
    handler: ({ caller, body }, { model }) => ok(model.validate(caller.accountId, body)),
  }),

  route({
    ...read,
    operationId: 'getFlow',
    method: 'GET',
    path: '/flows/{id}',
    summary: 'A flow with its definition (the draft when one exists)',
    params: IdParams,
    success: { statuses: [200], schema: Flow, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.present(model.get(caller.accountId, params.id))),
  }),

  route({
    ...read,
    operationId: 'getFlowDefinition',
    method: 'GET',
    path: '/flows/{id}/definition',
    summary: 'Just the definition: {flow_id, has_draft, definition}',
    params: IdParams,
    success: { statuses: [200], schema: FlowDefinitionResult, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const flow = model.get(caller.accountId, params.id);
      return ok({ flow_id: flow.id, has_draft: flow.draft !== null, definition: model.current(flow).definition });
    },
  }),

  route({
    ...write,
    operationId: 'createFlow',
    method: 'POST',
    path: '/flows',
    summary: 'Create a flow as a draft, version 1 (201 with warnings); 422 invalid_definition lists every error',
    body: CreateFlowBody,
    bodyRequired: true,
    success: { statuses: [201], schema: Flow, envelope: 'data' },
    errors: ['invalid_definition', 'plan_limit_reached'],
    handler: ({ caller, body }, { model }) => {
      const { flow, warnings } = model.create(caller.accountId, body);
      return created(model.present(flow, warnings));
    },
  }),

  route({
    ...write,
    operationId: 'updateFlow',
    method: 'PATCH',
    path: '/flows/{id}',
    summary: 'Rename, change channels or tag now; a definition replaces the graph as the draft (the published version keeps running)',
    params: IdParams,
    body: UpdateFlowBody,
    success: { statuses: [200], schema: Flow, envelope: 'data' },
    errors: ['invalid_definition'],
    handler: ({ caller, params, body }, { model }) => {
      const { flow, warnings } = model.update(caller.accountId, params.id, body);
      return ok(model.present(flow, warnings));
    },
  }),

  action('publish', 'publishFlow', 'Publish the draft as a new version: active when the cap allows, else published but paused', ['invalid_definition', 'flow_blocked'], (m, a, id) => m.publish(a, id)),
  action('activate', 'activateFlow', 'Activate a draft or paused flow (publishing a draft first): cap, validity and no keyword collision', ['plan_limit_reached', 'invalid_definition', 'flow_blocked'], (m, a, id) => m.activate(a, id)),
  action('pause', 'pauseFlow', 'Pause an active flow: people mid-session are cancelled; 409 not_active otherwise', ['not_active'], (m, a, id) => m.pause(a, id)),
  action('discard-draft', 'discardFlowDraft', 'Drop unpublished changes (back to the published version)', [], (m, a, id) => m.discardDraft(a, id)),

  route({
    ...write,
    section: '3.3',
    operationId: 'duplicateFlow',
    method: 'POST',
    path: '/flows/{id}/duplicate',
    summary: 'Copy a flow as a new draft named with a copy suffix (201)',
    params: IdParams,
    body: EmptyBody,
    success: { statuses: [201], schema: Flow, envelope: 'data' },
    errors: ['plan_limit_reached'],
    handler: ({ caller, params }, { model }) => created(model.present(model.duplicate(caller.accountId, params.id))),
  }),

  route({
    ...write,
    operationId: 'deleteFlow',
    method: 'DELETE',
    path: '/flows/{id}',
    summary: 'Delete a flow with every version; sessions are dropped and a linked comment trigger paused',
    params: IdParams,
    success: { statuses: [200], schema: DeletedFlow, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok({ id: model.remove(caller.accountId, params.id).id, deleted: true }),
  }),
];
