/** HTTP for knowledge documents (4.12): metadata only; no create route (the sandbox adds them). */
import { listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { KnowledgeModel } from './model.js';
import { DeletedKnowledgeItem, KnowledgeDocument, PatchDocumentBody } from './schemas.js';

const tag = 'Knowledge base';
const route = routesFor<KnowledgeModel>();

export const documentRoutes = [
  route({
    operationId: 'listDocuments',
    method: 'GET',
    path: '/knowledge/documents',
    tag,
    summary: 'Documents (metadata only), newest first; there is no create route (405)',
    section: '4.12',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: KnowledgeDocument, envelope: 'list' },
    handler: ({ caller, page }, { model }) => {
      const found = model.documents.list(caller.accountId, page);
      return listResult({ ...found, data: found.data.map(model.documents.present) });
    },
  }),

  route({
    operationId: 'getDocument',
    method: 'GET',
    path: '/knowledge/documents/{id}',
    tag,
    summary: 'One document (metadata only; content is never returned)',
    section: '4.12',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: KnowledgeDocument, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.documents.present(model.documents.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'updateDocument',
    method: 'PATCH',
    path: '/knowledge/documents/{id}',
    tag,
    summary: 'Rename a document or switch it on or off (no new embedding)',
    section: '4.12',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: PatchDocumentBody,
    success: { statuses: [200], schema: KnowledgeDocument, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.documents.present(model.documents.update(caller.accountId, params.id, body))),
  }),

  route({
    operationId: 'deleteDocument',
    method: 'DELETE',
    path: '/knowledge/documents/{id}',
    tag,
    summary: 'Delete a document and its embeddings; frees a knowledge item',
    section: '4.12',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: DeletedKnowledgeItem, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const { document, embeddings } = model.documents.remove(caller.accountId, params.id);
      return ok({ id: document.id, object: 'document', deleted: true, embeddings_removed: embeddings });
    },
  }),
];
