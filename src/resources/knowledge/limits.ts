/**
 * Knowledge-base lengths and timings. Stated (8): FAQ question 1,000 and answer 10,000, service
 * name 200. Chosen where the spec is silent (docs/decisions.md, "Knowledge base"): the rest of
 * the lengths, and how long indexing takes on the virtual clock.
 */
export const QUESTION_MAX = 1_000;
export const ANSWER_MAX = 10_000;
export const SERVICE_NAME_MAX = 200;

export const KEYWORDS_MAX = 1_000;
export const SERVICE_DESCRIPTION_MAX = 2_000;
export const PRICE_MAX = 1_000_000_000;
export const DURATION_MAX_MINUTES = 1_440;
export const DISPLAY_ORDER_MAX = 1_000_000;
export const DOCUMENT_NAME_MAX = 255;
export const DOCUMENT_SIZE_MAX = 50 * 1024 * 1024;

/** An FAQ's embedding is ready this long after its content was written (`embedding_pending`). */
export const FAQ_INDEXING_MS = 3_000;

/** A document waits this long in `pending`, then is `processing` for a time that grows with its size. */
export const DOCUMENT_QUEUE_MS = 2_000;
export const DOCUMENT_BASE_PROCESSING_MS = 5_000;
export const DOCUMENT_MS_PER_100KB = 1_000;
export const DOCUMENT_MAX_PROCESSING_MS = 5 * 60_000;
/** One embedding per this many bytes of document (a chunk of text). */
export const DOCUMENT_CHUNK_BYTES = 4_000;
