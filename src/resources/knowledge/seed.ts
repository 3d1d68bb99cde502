/**
 * The `knowledge` section of a seed account (docs/fixtures.md): FAQs, services, documents and
 * knowledge gaps. FAQs and documents start indexed (a document may say `pending` or `failed`);
 * the shared cap and document storage apply as they do through the API.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { KnowledgeModel } from './model.js';
import { AddDocumentBody, CreateGapBody } from './sandbox-schemas.js';
import { CreateFaqBody, CreateServiceBody } from './schemas.js';

export const SeedFaq = CreateFaqBody.extend({
  category_id: z.number().int().min(1).nullable().optional(),
  source: z.enum(['manual', 'gap', 'website', 'api']).optional(),
  usage_count: z.number().int().min(0).optional(),
});

export const SeedService = CreateServiceBody.omit({ image_url: true }).extend({ image_url: z.httpUrl().nullable().optional() });

export const SeedDocument = AddDocumentBody.omit({ fail: true }).extend({
  embedding_status: z.enum(['completed', 'failed', 'pending']).optional().describe('Default completed.'),
});

export const SeedKnowledge = z.strictObject({
  faqs: z.array(SeedFaq).optional(),
  services: z.array(SeedService).optional(),
  documents: z.array(SeedDocument).optional(),
  gaps: z.array(CreateGapBody).optional(),
});

export const knowledgeSeed = seedFor<KnowledgeModel>()({
  fields: { knowledge: SeedKnowledge.optional() },
  defaults,
  apply: ({ model, accountId, at }, { knowledge }) => {
    if (!knowledge) return;
    knowledge.faqs?.forEach((faq, index) => at(['knowledge', 'faqs', index], () => model.createFaq(accountId, { ...faq, indexed: true })));
    knowledge.services?.forEach((service, index) => at(['knowledge', 'services', index], () => model.createService(accountId, service)));
    knowledge.documents?.forEach(({ embedding_status, ...document }, index) =>
      at(['knowledge', 'documents', index], () =>
        model.addDocument(accountId, { ...document, embedded: embedding_status !== 'pending', fail: embedding_status === 'failed' }),
      ),
    );
    knowledge.gaps?.forEach((gap, index) => at(['knowledge', 'gaps', index], () => model.createGap(accountId, gap)));
  },
});
