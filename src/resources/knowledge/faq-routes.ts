/** HTTP for FAQs (4.12). Write responses carry `embedding_pending`. */
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { KnowledgeModel } from './model.js';
import { CreateFaqBody, DeletedKnowledgeItem, Faq, FaqListQuery, PatchFaqBody } from './schemas.js';

const tag = 'Knowledge base';
const route = routesFor<KnowledgeModel>();

export const faqRoutes = [
  route({
    operationId: 'listFaqs',
    method: 'GET',
    path: '/knowledge/faqs',
    tag,
    summary: 'FAQs, newest first; active only unless include_inactive=true',
    section: '4.12',
    scope: 'read',
    scopeSource: 'assumption',
    query: FaqListQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: Faq, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => {
      const found = model.faqs.list(caller.accountId, query.include_inactive ?? false, page);
      return listResult({ ...found, data: found.data.map((faq) => model.faqs.present(faq)) });
    },
  }),

  route({
    operationId: 'createFaq',
    method: 'POST',
    path: '/knowledge/faqs',
    tag,
    summary: 'Create an FAQ (201); indexing starts (embedding_pending true); 403 plan_limit_reached at the shared cap',
    section: '4.12',
    scope: 'write',
    scopeSource: 'spec',
    body: CreateFaqBody,
    bodyRequired: true,
    success: { statuses: [201], schema: Faq, envelope: 'data' },
    errors: ['plan_limit_reached'],
    handler: ({ caller, body }, { model }) => created(model.faqs.present(model.createFaq(caller.accountId, body), true)),
  }),

  route({
    operationId: 'getFaq',
    method: 'GET',
    path: '/knowledge/faqs/{id}',
    tag,
    summary: 'One FAQ',
    section: '4.12',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: Faq, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.faqs.present(model.faqs.get(caller.accountId, params.id))),
  }),

  route({
    operationId: 'updateFaq',
    method: 'PATCH',
    path: '/knowledge/faqs/{id}',
    tag,
    summary: 'Change an FAQ; new content is indexed again (embedding_pending true), `active` alone is not',
    section: '4.12',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchFaqBody,
    success: { statuses: [200], schema: Faq, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.faqs.present(model.updateFaq(caller.accountId, params.id, body), true)),
  }),

  route({
    operationId: 'deleteFaq',
    method: 'DELETE',
    path: '/knowledge/faqs/{id}',
    tag,
    summary: 'Delete an FAQ (and its embedding); frees a knowledge item',
    section: '4.12',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: DeletedKnowledgeItem, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok({ id: model.faqs.remove(caller.accountId, params.id).id, object: 'faq', deleted: true }),
  }),
];
