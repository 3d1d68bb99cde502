/**
 * The knowledge base read back (`seed pull`): FAQs (inactive ones too), services, documents and
 * every knowledge gap, in id order so a fresh sandbox gives them the same ids. What the API does
 * not show stays out: a document's content (the seed keeps its name, type, size and state),
 * FAQ categories beyond their id, a gap's first-seen time (it loads at the pull's time).
 */
import type { PullApi, PullSpec } from '../../groups/pull.js';
import { present } from '../../groups/pull.js';

interface FaqView { id: number; question: string; answer: string; keywords: string | null; category_id: number | null; active: boolean; usage_count: number; source: string }
interface ServiceView {
  id: number; name: string; price: string; price_unit: string; currency: string | null; description: string | null; duration_minutes: number | null;
  display_order: number; category_id: number | null; active: boolean; is_virtual: boolean; image_url: string | null;
}
/**
 * A seed holds where embedding ended up, not the work in flight: a document the target is still
 * `processing` loads as `pending`, and the sandbox embeds it again on its own clock.
 */
function seedEmbeddingStatus(status: string): 'completed' | 'failed' | 'pending' {
  return status === 'completed' || status === 'failed' ? status : 'pending';
}

interface DocumentView { id: number; name: string; type: string; url: string | null; active: boolean; size_bytes: number; embedding_status: string }
interface GapView {
  id: number; status: string; signal_type: string; channel: string; conversation_id: number | null; user_message: string; ai_response: string | null;
  top_similarity: number; occurrence_count: number; suggested_answer: string | null; suggested_target: string;
}

const byId = <T extends { id: number }>(rows: T[]): T[] => [...rows].sort((a, b) => a.id - b.id);
const FAQ_SOURCES = new Set(['manual', 'gap', 'website', 'api']);

async function pullKnowledge(api: PullApi) {
  const faqs = byId(await api.all<FaqView>('/knowledge/faqs', { include_inactive: 'true' }));
  const services = byId(await api.all<ServiceView>('/knowledge/services'));
  const documents = byId(await api.all<DocumentView>('/knowledge/documents'));
  const gaps = byId(await api.all<GapView>('/knowledge-gaps', { status: 'all' }));
  return {
    faqs: faqs.map((faq) => ({
      question: faq.question, answer: faq.answer, keywords: faq.keywords, active: faq.active, category_id: faq.category_id, usage_count: faq.usage_count,
      ...(FAQ_SOURCES.has(faq.source) ? { source: faq.source } : {}),
    })),
    services: services.map((service) => ({
      name: service.name, price: Number(service.price), price_unit: service.price_unit, currency: service.currency, description: service.description,
      duration_minutes: service.duration_minutes, display_order: service.display_order, category_id: service.category_id, active: service.active,
      is_virtual: service.is_virtual, image_url: service.image_url,
    })),
    documents: documents.map((document) => ({
      name: document.name, type: document.type, size_bytes: document.size_bytes, url: document.url, active: document.active, embedding_status: seedEmbeddingStatus(document.embedding_status),
    })),
    gaps: gaps.map((gap) => ({
      signal_type: gap.signal_type, channel: gap.channel, user_message: gap.user_message, status: gap.status, conversation_id: gap.conversation_id,
      ai_response: gap.ai_response, top_similarity: gap.top_similarity, occurrence_count: gap.occurrence_count, suggested_answer: gap.suggested_answer,
      ...present(gap, ['suggested_target']),
    })),
  };
}

export const knowledgePull: PullSpec = {
  sections: [{ field: 'knowledge', value: pullKnowledge, requests: 4 }],
};
