/** The JSON shape of a saved store (used by `serve --state`, snapshots and restore). */
import type { Entity } from './collection.js';

export const STATE_FORMAT = 'switchboard-state';
export const STATE_VERSION = 1;

export interface StoreSnapshot {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  sequences: Record<string, number>;
  collections: Record<string, Entity[]>;
}

export function isStoreSnapshot(value: unknown): value is StoreSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<StoreSnapshot>;
  return (
    candidate.format === STATE_FORMAT &&
    candidate.version === STATE_VERSION &&
    typeof candidate.sequences === 'object' &&
    typeof candidate.collections === 'object'
  );
}
