/** HTTP for tag definitions (4.5). */
import { created, listResult, ok } from '../../core/route.js';
import { wholeSet } from '../../core/pagination.js';
import { routesFor } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { TagsModel } from './model.js';
import { CreateTagBody, DeletedTag, Tag } from './schemas.js';

const tag = 'Tags';
const route = routesFor<TagsModel>();

export const tagRoutes = [
  route({
    operationId: 'listTags',
    method: 'GET',
    path: '/tags',
    tag,
    summary: 'Every tag of the account, by name, in one page',
    section: '4.5',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 0, wholeSet: true },
    success: { statuses: [200], schema: Tag, envelope: 'list' },
    handler: ({ caller }, { model }) => listResult(wholeSet(model.list(caller.accountId).map(model.present))),
  }),

  route({
    operationId: 'createTag',
    method: 'POST',
    path: '/tags',
    tag,
    summary: 'Create a tag (201); an existing name answers 200 with its colour unchanged',
    section: '4.5',
    scope: 'write',
    scopeSource: 'assumption',
    body: CreateTagBody,
    success: { statuses: [201, 200], schema: Tag, envelope: 'data' },
    handler: ({ caller, body }, { model }) => {
      const result = model.create(caller.accountId, body.name, body.color);
      return result.created ? created(model.present(result.tag)) : ok(model.present(result.tag));
    },
  }),

  route({
    operationId: 'deleteTag',
    method: 'DELETE',
    path: '/tags/{id}',
    tag,
    summary: 'Delete a tag by numeric id; it is removed from every contact and conversation',
    section: '4.5',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: DeletedTag, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const removed = model.remove(caller.accountId, params.id);
      return ok({ id: removed.id, deleted: true });
    },
  }),
];
