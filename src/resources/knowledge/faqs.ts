/**
 * FAQs (2.19, 4.12). Writing content (question, answer, keywords) starts indexing, which finishes
 * `FAQ_INDEXING_MS` later on the virtual clock: until then `has_embedding` is false and write
 * responses say `embedding_pending: true`. The state is derived from the instant indexing ends
 * (kept on the record), so it survives snapshots and restores without a timer. Changing only
 * `active` does not index again.
 */
import { notFound } from '../../core/errors.js';
import { pageNewestFirst, type Page, type PageRequest } from '../../core/pagination.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import { FAQ_INDEXING_MS } from './limits.js';
import { FaqRecordSchema } from './records.js';
import { UPDATABLE_FAQ_FIELDS, type CreateFaq, type FaqData, type PatchFaq } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export interface FaqRecord extends Entity {
  readonly question: string;
  readonly answer: string;
  readonly keywords: string | null;
  readonly category_id: number | null;
  readonly active: boolean;
  readonly usage_count: number;
  readonly source: string;
  readonly created_at: string;
  /** When the current content's embedding is ready (virtual ms). */
  readonly indexed_ms: number;
}

/** `"price, cost ,,fees"` -> `"price, cost, fees"`; nothing left (or "") -> null. */
export function normaliseKeywords(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length === 0 ? null : parts.join(', ');
}

export interface NewFaq extends CreateFaq {
  readonly source?: string;
  readonly category_id?: number | null;
  readonly usage_count?: number;
  /** Seeds: already indexed. */
  readonly indexed?: boolean;
}

export function createFaqs(core: CoreServices) {
  const { store, clock } = core;
  const faqs = store.define<FaqRecord>('knowledge_faqs', {}, { schema: FaqRecordSchema, sequence: 'knowledge_faq' });

  function get(accountId: number, id: number): FaqRecord {
    const faq = faqs.getOwned(accountId, id);
    if (!faq) throw notFound('FAQ');
    return faq;
  }

  const indexed = (faq: FaqRecord): boolean => clock.now() >= faq.indexed_ms;

  const api = {
    /** Whether an update indexes the FAQ again: only when its content changed (mutants swap it). */
    reindexes: (before: FaqRecord, next: Pick<FaqRecord, 'question' | 'answer' | 'keywords'>): boolean =>
      next.question !== before.question || next.answer !== before.answer || next.keywords !== before.keywords,

    get,
    indexed,
    count: (accountId: number): number => faqs.idsOfAccount(accountId).length,

    present(faq: FaqRecord, onWrite = false): FaqData {
      return {
        id: faq.id,
        question: faq.question,
        answer: faq.answer,
        keywords: faq.keywords,
        category_id: faq.category_id,
        active: faq.active,
        usage_count: faq.usage_count,
        has_embedding: indexed(faq),
        source: faq.source,
        created_at: faq.created_at,
        ...(onWrite ? { embedding_pending: !indexed(faq) } : {}),
      };
    },

    list(accountId: number, includeInactive: boolean, page: PageRequest): Page<FaqRecord> {
      return pageNewestFirst(faqs.idsOfAccount(accountId), (id) => faqs.get(id), page, (faq) => includeInactive || faq.active);
    },

    /** Active, indexed FAQs: the ones the AI can answer with. */
    answering(accountId: number): FaqRecord[] {
      return [...faqs.ofAccount(accountId)].filter((faq) => faq.active && indexed(faq));
    },

    create(accountId: number, input: NewFaq): FaqRecord {
      return faqs.insert({
        id: store.nextId('knowledge_faq'),
        account_id: accountId,
        question: input.question,
        answer: input.answer,
        keywords: normaliseKeywords(input.keywords),
        category_id: input.category_id ?? null,
        active: input.active ?? true,
        usage_count: input.usage_count ?? 0,
        source: input.source ?? 'api',
        created_at: clock.iso(),
        indexed_ms: input.indexed ? clock.now() : clock.now() + FAQ_INDEXING_MS,
      });
    },

    /** Content that changes is indexed again; `active` alone is not. */
    update(accountId: number, id: number, patch: PatchFaq): FaqRecord {
      const faq = get(accountId, id);
      refuseEmptyPatch(patch, UPDATABLE_FAQ_FIELDS);
      const next = {
        question: patch.question ?? faq.question,
        answer: patch.answer ?? faq.answer,
        keywords: patch.keywords === undefined ? faq.keywords : normaliseKeywords(patch.keywords),
        active: patch.active ?? faq.active,
      };
      return faqs.update(faq.id, { ...next, ...(api.reindexes(faq, next) ? { indexed_ms: clock.now() + FAQ_INDEXING_MS } : {}) });
    },

    markUsed: (faq: FaqRecord): FaqRecord => faqs.update(faq.id, { usage_count: faq.usage_count + 1 }),

    remove(accountId: number, id: number): FaqRecord {
      const faq = get(accountId, id);
      faqs.remove(faq.id);
      return faq;
    },
  };
  return api;
}

export type Faqs = ReturnType<typeof createFaqs>;
