/**
 * Knowledge-base caps by plan (8: "one shared item cap"; the values are "plan-dependent and not
 * shown"). Our table (docs/decisions.md, "Knowledge base"): one cap over FAQs, services and
 * documents together, and document storage from the first paid tier. A sandbox power may set an
 * account's item cap below its plan's, so the 403 can be reached without thousands of items.
 */
import type { Plan } from '../../core/types.js';

export const KNOWLEDGE_ITEM_CAPS: Readonly<Record<Plan, number>> = {
  free: 20,
  creator: 100,
  pro: 500,
  business: 2_000,
};

/** Megabytes of uploaded documents; 0 means the plan has no document storage. */
export const DOCUMENT_STORAGE_MB: Readonly<Record<Plan, number>> = {
  free: 0,
  creator: 50,
  pro: 250,
  business: 1_000,
};
