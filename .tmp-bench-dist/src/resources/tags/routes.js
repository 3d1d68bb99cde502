/** HTTP for tag definitions (4.5). */
import { created, listResult, ok } from '../../core/route.js';
import { wholeSet } from '../../core/pagination.js';
import { defineRoute } from '../app.js';
import { IdParams } from '../shared/schemas.js';
import { CreateTagBody, DeletedTag, Tag } from './schemas.js';
const tag = 'Tags';
export const tagRoutes = [
    defineRoute({
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
        handler: ({ app, caller }) => {
            const model = app.models.tags;
            return listResult(wholeSet(model.list(caller.accountId).map(model.present)));
        },
    }),
    defineRoute({
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
        handler: ({ app, caller, body }) => {
            const model = app.models.tags;
            const result = model.create(caller.accountId, body.name, body.color);
            return result.created ? created(model.present(result.tag)) : ok(model.present(result.tag));
        },
    }),
    defineRoute({
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
        handler: ({ app, caller, params }) => {
            const removed = app.models.tags.remove(caller.accountId, params.id);
            return ok({ id: removed.id, deleted: true });
        },
    }),
];
//# sourceMappingURL=routes.js.map