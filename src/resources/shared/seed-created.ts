/**
 * A seed item's creation time, stated either way a seed can: `created_at` (absolute, what a
 * pulled seed copies) or `created_ago` (before the seed time, so the default seed stays recent
 * whenever it loads and its records can be placed before what happened to them). Neither: the
 * caller's default (the load time).
 */
import { formatTimestamp } from '../../core/clock.js';
import { parseDuration } from '../../core/duration.js';
import { Duration, Timestamp } from './schemas.js';

export const SeedCreatedFields = {
  created_at: Timestamp.optional().describe('Keep this creation time (a pulled seed); default the load time.'),
  created_ago: Duration.optional().describe('Or: how long before the seed time it was created (not with created_at).'),
};

export interface SeedCreated {
  readonly created_at?: string | undefined;
  readonly created_ago?: string | undefined;
}

/** A refinement for a seed item schema: one creation time, not two that may disagree. */
export const oneCreationTime: [(item: SeedCreated) => boolean, { path: string[]; message: string }] = [
  (item) => item.created_at === undefined || item.created_ago === undefined,
  { path: ['created_ago'], message: 'give created_at or created_ago, not both' },
];

/** The item's creation time as a timestamp, or undefined when the seed states none. */
export function seededCreatedAt(item: SeedCreated, nowMs: number): string | undefined {
  if (item.created_at !== undefined) return item.created_at;
  return item.created_ago === undefined ? undefined : formatTimestamp(nowMs - parseDuration(item.created_ago));
}
