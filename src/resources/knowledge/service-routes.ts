/** HTTP for services (4.12): the bookable services appointments use. */
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { KnowledgeModel } from './model.js';
import { CreateServiceBody, DeletedKnowledgeItem, PatchServiceBody, Service } from './schemas.js';

const tag = 'Knowledge base';
const route = routesFor<KnowledgeModel>();

export const serviceRoutes = [
  route({
    operationId: 'listServices',
    method: 'GET',
    path: '/knowledge/services',
    tag,
    summary: 'Services, newest first (active and inactive)',
    section: '4.12',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: Service, envelope: 'list' },
    handler: ({ caller, page }, { model }) => {
      const found = model.services.list(caller.accountId, page);
      return listResult({ ...found, data: found.data.map(model.services.present) });
    },
  }),

  route({
    operationId: 'createService',
    method: 'POST',
    path: '/knowledge/services',
    tag,
    summary: 'Create a service (201); name and price required; 403 plan_limit_reached at the shared cap',
    section: '4.12',
    scope: 'write',
    scopeSource: 'spec',
    body: CreateServiceBody,
    bodyRequired: true,
    success: { statuses: [201], schema: Service, envelope: 'data' },
    errors: ['plan_limit_reached'],
    handler: ({ caller, body: { image_url: _readOnly, ...service } }, { model }) =>
      created(model.services.present(model.createService(caller.accountId, service))),
  }),

  route({
    operationId: 'getService',
    method: 'GET',
    path: '/knowledge/services/{id}',
    tag,
    summary: 'One service',
    section: '4.12',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: Service, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.services.present(model.services.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'updateService',
    method: 'PATCH',
    path: '/knowledge/services/{id}',
    tag,
    summary: 'Change a service; is_virtual is honoured only with a connected calendar and Meet invites on',
    section: '4.12',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchServiceBody,
    success: { statuses: [200], schema: Service, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.services.present(model.updateService(caller.accountId, params.id, body))),
  }),

  route({
    operationId: 'deleteService',
    method: 'DELETE',
    path: '/knowledge/services/{id}',
    tag,
    summary: 'Delete a service; frees a knowledge item',
    section: '4.12',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: DeletedKnowledgeItem, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok({ id: model.services.remove(caller.accountId, params.id).id, object: 'service', deleted: true }),
  }),
];
