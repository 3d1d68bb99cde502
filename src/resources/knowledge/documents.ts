/**
 * Knowledge documents (2.19, 4.12): metadata only, content is never returned. The API has no
 * create route (405); the sandbox adds a document the way the portal's upload would. Embedding
 * moves on the virtual clock: `pending` for `DOCUMENT_QUEUE_MS`, then `processing` for a time
 * that grows with the size, then `completed` (or `failed`, when the sandbox asked for it). The
 * status is derived from those instants, kept on the record, so snapshots and restores keep it.
 * Deleting a document removes its embeddings.
 */
import { notFound } from '../../core/errors.js';
import { pageNewestFirst, type Page, type PageRequest } from '../../core/pagination.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import {
  DOCUMENT_BASE_PROCESSING_MS,
  DOCUMENT_CHUNK_BYTES,
  DOCUMENT_MAX_PROCESSING_MS,
  DOCUMENT_MS_PER_100KB,
  DOCUMENT_QUEUE_MS,
} from './limits.js';
import { DocumentRecordSchema } from './records.js';
import { UPDATABLE_DOCUMENT_FIELDS, type DocumentData, type PatchDocument } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export interface DocumentRecord extends Entity {
  readonly name: string;
  readonly type: DocumentData['type'];
  readonly url: string | null;
  readonly active: boolean;
  readonly size_bytes: number;
  readonly created_at: string;
  /** Embedding starts (virtual ms). */
  readonly processing_ms: number;
  /** Embedding ends (virtual ms). */
  readonly done_ms: number;
  readonly fails: boolean;
}

export interface NewDocument {
  readonly name: string;
  readonly type: DocumentData['type'];
  readonly size_bytes: number;
  readonly url?: string | null | undefined;
  readonly active?: boolean | undefined;
  /** The embedding job fails (sandbox). */
  readonly fail?: boolean | undefined;
  /** Seeds: embedded already. */
  readonly embedded?: boolean | undefined;
}

/** How long embedding a document of this size takes. */
export function processingTime(sizeBytes: number): number {
  return Math.min(DOCUMENT_BASE_PROCESSING_MS + Math.ceil(sizeBytes / 102_400) * DOCUMENT_MS_PER_100KB, DOCUMENT_MAX_PROCESSING_MS);
}

export const embeddingsOf = (sizeBytes: number): number => Math.max(1, Math.ceil(sizeBytes / DOCUMENT_CHUNK_BYTES));

export function createDocuments(core: CoreServices) {
  const { store, clock } = core;
  const documents = store.define<DocumentRecord>('knowledge_documents', {}, { schema: DocumentRecordSchema, sequence: 'knowledge_document' });

  function get(accountId: number, id: number): DocumentRecord {
    const document = documents.getOwned(accountId, id);
    if (!document) throw notFound('Document');
    return document;
  }

  function status(document: DocumentRecord): DocumentData['embedding_status'] {
    const now = clock.now();
    if (now < document.processing_ms) return 'pending';
    if (now < document.done_ms) return 'processing';
    return document.fails ? 'failed' : 'completed';
  }

  /** Embeddings that exist now. */
  const embeddingCount = (document: DocumentRecord): number => (status(document) === 'completed' ? embeddingsOf(document.size_bytes) : 0);

  return {
    get,
    embeddingCount,
    count: (accountId: number): number => documents.idsOfAccount(accountId).length,

    storageBytes(accountId: number): number {
      let total = 0;
      for (const document of documents.ofAccount(accountId)) total += document.size_bytes;
      return total;
    },

    present(document: DocumentRecord): DocumentData {
      const state = status(document);
      return {
        id: document.id,
        name: document.name,
        type: document.type,
        url: document.url,
        active: document.active,
        size_bytes: document.size_bytes,
        embedding_status: state,
        embedding_count: embeddingCount(document),
        last_embedded_at: state === 'completed' ? clock.iso(document.done_ms) : null,
        created_at: document.created_at,
      };
    },

    list: (accountId: number, page: PageRequest): Page<DocumentRecord> =>
      pageNewestFirst(documents.idsOfAccount(accountId), (id) => documents.get(id), page),

    add(accountId: number, input: NewDocument): DocumentRecord {
      const now = clock.now();
      const processing = input.embedded ? now : now + DOCUMENT_QUEUE_MS;
      return documents.insert({
        id: store.nextId('knowledge_document'),
        account_id: accountId,
        name: input.name,
        type: input.type,
        url: input.url ?? null,
        active: input.active ?? true,
        size_bytes: input.size_bytes,
        created_at: clock.iso(now),
        processing_ms: processing,
        done_ms: input.embedded ? now : processing + processingTime(input.size_bytes),
        fails: input.fail ?? false,
      });
    },

    /** Name and `active` only; neither embeds again. */
    update(accountId: number, id: number, patch: PatchDocument): DocumentRecord {
      const document = get(accountId, id);
      refuseEmptyPatch(patch, UPDATABLE_DOCUMENT_FIELDS);
      return documents.update(document.id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      });
    },

    /** Removes the document and its embeddings; answers how many embeddings went. */
    remove(accountId: number, id: number): { document: DocumentRecord; embeddings: number } {
      const document = get(accountId, id);
      const embeddings = embeddingCount(document);
      documents.remove(document.id);
      return { document, embeddings };
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
