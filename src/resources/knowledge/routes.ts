/** HTTP for the knowledge base (4.12): usage and gaps here; FAQs, services and documents beside. */
import { listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { documentRoutes } from './document-routes.js';
import { faqRoutes } from './faq-routes.js';
import type { KnowledgeModel } from './model.js';
import { GapListQuery, KnowledgeGap, KnowledgeUsage } from './schemas.js';
import { serviceRoutes } from './service-routes.js';

const tag = 'Knowledge base';
const route = routesFor<KnowledgeModel>();

const usageAndGapRoutes = [
  route({
    operationId: 'getKnowledgeUsage',
    method: 'GET',
    path: '/knowledge',
    tag,
    summary: 'Usage of the shared item cap (FAQs, services, documents) and document storage; check items.can_add before creating',
    section: '4.12',
    scope: 'read',
    scopeSource: 'spec',
    success: { statuses: [200], schema: KnowledgeUsage, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.usage(caller.accountId)),
  }),

  route({
    operationId: 'listKnowledgeGaps',
    method: 'GET',
    path: '/knowledge-gaps',
    tag,
    summary: 'Knowledge gaps, newest first: status (default open, or all), signal_type, channel, since (last_seen_at); read-only',
    section: '4.12',
    scope: 'read',
    scopeSource: 'spec',
    query: GapListQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: KnowledgeGap, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => {
      const found = model.gaps.list(caller.accountId, query, page);
      return listResult({ ...found, data: found.data.map(model.gaps.present) });
    },
  }),
];

export const knowledgeRoutes = [...usageAndGapRoutes, ...faqRoutes, ...serviceRoutes, ...documentRoutes];
