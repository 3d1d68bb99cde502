/**
 * The simulator's state: named collections, global id sequences, and transactions.
 *
 * Ids come from global per-type sequences, so another account's id is a real id that must answer
 * 404 (never a gap that answers 404 by accident). A transaction collects undo actions from every
 * collection write; if the work throws, the writes are undone in reverse and nothing leaks out.
 * Callbacks queued with `afterCommit` (event delivery) run only once the outermost transaction
 * committed.
 */
import { Collection, type Entity, type IndexDefinitions } from './collection.js';
import { type StoreSnapshot } from './snapshot.js';
export interface StoreOptions {
    /** Test-only fault (the `leak_cross_account` mutant): ownership checks let every account through. */
    readonly ownershipBypassed?: () => boolean;
}
export declare class Store {
    private readonly options;
    constructor(options?: StoreOptions);
    private readonly collections;
    private sequences;
    private undoLog;
    private commitQueue;
    private readonly changeListeners;
    private changeCount;
    /** Defines a collection. Call once per name, at start-up. */
    define<T extends Entity>(name: string, indexes?: IndexDefinitions<T>): Collection<T>;
    /** Next id of a global sequence. Sequences never go back, so ids are never reused. */
    nextId(sequence: string): number;
    /** Moves a sequence forward so explicitly numbered records (seeds) never collide with new ids. */
    ensureSequenceAtLeast(sequence: string, value: number): void;
    /** Runs synchronous work all-or-nothing. Nested calls join the outer transaction. */
    transaction<R>(work: () => R): R;
    /** Queues work for after the current transaction commits (or runs it now outside one). */
    afterCommit(callback: () => void): void;
    /** Counts committed-or-pending changes; persistence compares it to know when to save. */
    get changes(): number;
    onChange(listener: () => void): () => void;
    snapshot(): StoreSnapshot;
    restore(snapshot: StoreSnapshot): void;
    private markChanged;
    private readonly notifyOnce;
    private notify;
    private flushCommitQueue;
}
