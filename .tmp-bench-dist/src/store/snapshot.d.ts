/** The JSON shape of a saved store (used by `serve --state`, snapshots and restore). */
import type { Entity } from './collection.js';
export declare const STATE_FORMAT = "switchboard-state";
export declare const STATE_VERSION = 1;
export interface StoreSnapshot {
    format: typeof STATE_FORMAT;
    version: typeof STATE_VERSION;
    sequences: Record<string, number>;
    collections: Record<string, Entity[]>;
}
export declare function isStoreSnapshot(value: unknown): value is StoreSnapshot;
