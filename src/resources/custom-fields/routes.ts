/** HTTP for custom field definitions (4.3). There is no delete: DELETE answers 405. */
import { created, listResult, ok } from '../../core/route.js';
import { wholeSet } from '../../core/pagination.js';
import { routesFor } from '../../groups/define.js';
import type { CustomFieldsModel } from './model.js';
import { IdParams } from '../shared/schemas.js';
import { CreateCustomFieldBody, CustomField, ListCustomFieldsQuery, UpdateCustomFieldBody } from './schemas.js';

const tag = 'Custom fields';
const route = routesFor<CustomFieldsModel>();

export const customFieldRoutes = [
  route({
    operationId: 'listCustomFields',
    method: 'GET',
    path: '/custom-fields',
    tag,
    summary: 'Custom field definitions in creation order; active only unless include_archived=true',
    section: '4.3',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListCustomFieldsQuery,
    list: { defaultLimit: 0, wholeSet: true },
    success: { statuses: [200], schema: CustomField, envelope: 'list' },
    handler: ({ caller, query }, { model }) => listResult(wholeSet(model.list(caller.accountId, query.include_archived ?? false).map(model.present))),
  }),

  route({
    operationId: 'createCustomField',
    method: 'POST',
    path: '/custom-fields',
    tag,
    summary: 'Define a custom field (201); the same key and type answers 200; another type or archived is 409',
    description: 'At most 15 fields are active; creating a 16th answers 400 invalid_param.',
    section: '4.3',
    scope: 'write',
    scopeSource: 'assumption',
    body: CreateCustomFieldBody,
    success: { statuses: [201, 200], schema: CustomField, envelope: 'data' },
    errors: ['conflict'],
    handler: ({ caller, body }, { model }) => {
      const result = model.create(caller.accountId, body);
      return result.created ? created(model.present(result.field)) : ok(model.present(result.field));
    },
  }),

  route({
    operationId: 'updateCustomField',
    method: 'PATCH',
    path: '/custom-fields/{id}',
    tag,
    summary: 'Change a definition’s label or archive it; field_key and type are permanent (400)',
    description: 'Unarchiving counts against the 15 active fields. Values of an archived field cannot be written.',
    section: '4.3',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: UpdateCustomFieldBody,
    success: { statuses: [200], schema: CustomField, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.present(model.update(caller.accountId, params.id, body))),
  }),
];
