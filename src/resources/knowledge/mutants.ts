/** Knowledge-base rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import type { KnowledgeModel, KnowledgeNeeds } from './model.js';

export const knowledgeMutants: Readonly<Record<string, GroupMutant<KnowledgeModel, KnowledgeNeeds>>> = {
  cap_counts_faqs_only: {
    description: 'The shared knowledge cap counts FAQs only: services and documents are left out of items and the cap.',
    install: ({ model }) => {
      const itemCount = model.itemCount;
      model.itemCount = (accountId) => model.faqs.count(accountId);
      return () => {
        model.itemCount = itemCount;
      };
    },
  },
  faq_active_reindexes: {
    description: 'Changing only `active` on an FAQ indexes it again (embedding_pending true).',
    install: ({ model }) => {
      const reindexes = model.faqs.reindexes;
      model.faqs.reindexes = () => true;
      return () => {
        model.faqs.reindexes = reindexes;
      };
    },
  },
};
