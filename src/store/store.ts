/**
 * The simulator's state: named collections, global id sequences, and transactions.
 *
 * Ids come from global per-type sequences, so another account's id is a real id that must answer
 * 404 (never a gap that answers 404 by accident). A transaction collects undo actions from every
 * collection write; if the work throws, the writes are undone in reverse and nothing leaks out.
 * Callbacks queued with `afterCommit` (event delivery) run only once the outermost transaction
 * committed.
 */
import type { BuiltIndexes } from './bulk-load.js';
import { Collection, type CollectionOptions, type Entity, type IndexDefinitions } from './collection.js';
import { checkSnapshot, type CollectionRules, type RecordRules } from './rules.js';
import { STATE_FORMAT, STATE_VERSION, type StoreSnapshot } from './snapshot.js';

/** One record a commit wrote: its value after the commit, or null when the commit removed it. */
export interface CommittedRecord {
  readonly collection: string;
  readonly id: number;
  readonly record: Entity | null;
}

/**
 * What one commit changed, as absolute values (never deltas): applying a run of these in order on
 * top of any earlier state gives the state after the last one, and applying one twice is harmless.
 * That is what lets a write-ahead log be replayed over a snapshot that already holds part of it.
 */
export interface CommittedChanges {
  /** The whole state was replaced (restore, reset): a listener must save everything, not a diff. */
  readonly replaced: boolean;
  readonly records: readonly CommittedRecord[];
  /** The sequences the commit moved, at their new values. */
  readonly sequences: Readonly<Record<string, number>>;
}

/** The records and sequences one open transaction touched (kept only while someone listens). */
class TouchedSet {
  readonly records = new Map<string, Set<number>>();
  readonly sequences = new Set<string>();

  get empty(): boolean {
    return this.records.size === 0 && this.sequences.size === 0;
  }

  clear(): void {
    this.records.clear();
    this.sequences.clear();
  }
}

export class Store {
  private readonly collections = new Map<string, Collection<Entity>>();
  private readonly rules: CollectionRules[] = [];
  private sequences: Record<string, number> = {};
  private undoLog: (() => void)[] | null = null;
  private commitQueue: (() => void)[] = [];
  private readonly changeListeners = new Set<() => void>();
  private readonly commitListeners = new Set<(changes: CommittedChanges) => void>();
  private readonly touched = new TouchedSet();
  private changeCount = 0;

  /**
   * Defines a collection. Call once per name, at start-up. `rules` say how a saved state's records
   * are checked before a restore may replace anything (./rules.ts).
   */
  define<T extends Entity>(
    name: string,
    indexes: IndexDefinitions<T> = {},
    rules?: RecordRules<T>,
    options?: CollectionOptions<T>,
  ): Collection<T> {
    if (this.collections.has(name)) throw new Error(`collection ${name} already defined`);
    this.rules.push({
      name,
      indexes: indexes as unknown as IndexDefinitions<Entity>,
      rules: rules as unknown as RecordRules<Entity> | undefined,
    });
    const collection = new Collection<T>(
      name,
      indexes,
      (undo) => this.undoLog?.push(undo),
      (id) => this.recordWritten(name, id),
      options,
    );
    this.collections.set(name, collection as unknown as Collection<Entity>);
    return collection;
  }

  /** Next id of a global sequence. Sequences never go back, so ids are never reused. */
  nextId(sequence: string): number {
    const pinned = this.pinned.get(sequence);
    if (pinned !== undefined) {
      this.pinned.delete(sequence);
      this.ensureSequenceAtLeast(sequence, pinned);
      this.sequenceMoved(sequence);
      return pinned;
    }
    const next = (this.sequences[sequence] ?? 0) + 1;
    this.sequences[sequence] = next;
    this.sequenceMoved(sequence);
    return next;
  }

  /** Moves a sequence forward so explicitly numbered records (seeds) never collide with new ids. */
  ensureSequenceAtLeast(sequence: string, value: number): void {
    if ((this.sequences[sequence] ?? 0) >= value) return;
    this.sequences[sequence] = value;
    if (this.commitListeners.size > 0) this.touched.sequences.add(sequence);
  }

  private readonly pinned = new Map<string, number>();

  /**
   * Seeds that keep their ids (a pulled seed): the next `nextId(sequence)` gives `id`, once, and
   * the sequence never goes below it. A taken id still fails on insert (collections refuse duplicates).
   */
  pinNextId(sequence: string, id: number): void {
    this.pinned.set(sequence, id);
  }

  /** Drops an unused pin; true when the pin was used. */
  unpin(sequence: string): boolean {
    return !this.pinned.delete(sequence);
  }

  /** The last id a sequence gave (0 before the first). */
  sequenceValue(sequence: string): number {
    return this.sequences[sequence] ?? 0;
  }

  /** Runs synchronous work all-or-nothing. Nested calls join the outer transaction. */
  transaction<R>(work: () => R): R {
    if (this.undoLog) return work();
    const undoLog: (() => void)[] = [];
    this.undoLog = undoLog;
    let result: R;
    try {
      result = work();
    } catch (error) {
      this.undoLog = null;
      for (let i = undoLog.length - 1; i >= 0; i--) undoLog[i]!();
      this.commitQueue = [];
      // Undone writes changed nothing; sequences that moved stay moved (ids are never reused), so
      // they are still reported with the next commit.
      this.touched.records.clear();
      throw error;
    }
    this.undoLog = null;
    this.publishCommit();
    this.flushCommitQueue();
    return result;
  }

  /**
   * Inside a transaction, runs `work` as a part that can fail alone: when it throws, only its own
   * writes are undone and its `afterCommit` work is dropped, then the error goes on; the
   * transaction's earlier writes stay. A lenient seed load skips one refused record this way.
   * Outside a transaction it is one (all or nothing, as `transaction`).
   */
  attempt<R>(work: () => R): R {
    const undoLog = this.undoLog;
    if (!undoLog) return this.transaction(work);
    const undoMark = undoLog.length;
    const queueMark = this.commitQueue.length;
    try {
      return work();
    } catch (error) {
      for (let i = undoLog.length - 1; i >= undoMark; i--) undoLog[i]!();
      undoLog.length = undoMark;
      this.commitQueue.length = queueMark;
      throw error;
    }
  }

  /**
   * Tells `listener` what every commit changed, right after it commits and before the work queued
   * with `afterCommit` runs (a write-ahead log, `serve --state`). A write outside any transaction
   * is a commit of its own. Costs nothing while nobody listens.
   */
  onCommit(listener: (changes: CommittedChanges) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Queues work for after the current transaction commits (or runs it now outside one). */
  afterCommit(callback: () => void): void {
    if (this.undoLog) this.commitQueue.push(callback);
    else callback();
  }

  /** Counts committed-or-pending changes; persistence compares it to know when to save. */
  get changes(): number {
    return this.changeCount;
  }

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  collectionNames(): string[] {
    return [...this.collections.keys()];
  }

  /** Every collection (the sandbox's fault injection swaps their ownership lookup). */
  allCollections(): IterableIterator<Collection<Entity>> {
    return this.collections.values();
  }

  snapshot(): StoreSnapshot {
    const collections: Record<string, Entity[]> = {};
    for (const [name, collection] of this.collections) {
      collections[name] = [...collection.values()].sort((a, b) => a.id - b.id);
    }
    return { format: STATE_FORMAT, version: STATE_VERSION, sequences: { ...this.sequences }, collections };
  }

  /** How each collection's records are checked when a state is loaded (./rules.ts), in definition order. */
  collectionRules(): readonly CollectionRules[] {
    return this.rules;
  }

  /** Collections that declared no record rules (a restore cannot check their records). */
  unchecked(): string[] {
    return this.rules.filter((collection) => collection.rules === undefined).map((collection) => collection.name);
  }

  /**
   * Replaces everything with a saved state, all or nothing: the state is checked completely first
   * (./rules.ts; a SnapshotError names the first problem) and nothing changes when it fails.
   */
  restore(snapshot: StoreSnapshot): void {
    if (snapshot.format !== STATE_FORMAT || snapshot.version !== STATE_VERSION) {
      throw new Error(`unsupported state: expected ${STATE_FORMAT} v${STATE_VERSION}`);
    }
    // Each collection's indexes are built while it is checked (its unique keys are checked by
    // building them) and go live only once the whole state passed.
    const built = new Map<string, BuiltIndexes<Entity>>();
    checkSnapshot(snapshot, this.rules, { buildIndexes: (name, records) => built.set(name, this.collections.get(name)!.prepareLoad(records)) });
    for (const [name, collection] of this.collections) collection.installLoad(built.get(name) ?? collection.prepareLoad([]));
    this.sequences = { ...snapshot.sequences };
    this.touched.clear();
    if (this.commitListeners.size > 0) this.emitCommit({ replaced: true, records: [], sequences: { ...this.sequences } });
    this.markChanged();
  }

  private recordWritten(collection: string, id: number): void {
    if (this.commitListeners.size > 0) {
      let ids = this.touched.records.get(collection);
      if (!ids) this.touched.records.set(collection, (ids = new Set()));
      ids.add(id);
    }
    this.markChanged();
    if (this.undoLog === null) this.publishCommit();
  }

  private sequenceMoved(sequence: string): void {
    if (this.commitListeners.size > 0) this.touched.sequences.add(sequence);
    this.markChanged();
  }

  /** Reports what the commit just made touched, read from the collections as they now stand. */
  private publishCommit(): void {
    if (this.commitListeners.size === 0 || this.touched.empty) return;
    const records: CommittedRecord[] = [];
    for (const [name, ids] of this.touched.records) {
      const collection = this.collections.get(name)!;
      for (const id of ids) records.push({ collection: name, id, record: collection.get(id) ?? null });
    }
    const sequences: Record<string, number> = {};
    for (const name of this.touched.sequences) sequences[name] = this.sequences[name] ?? 0;
    this.touched.clear();
    this.emitCommit({ replaced: false, records, sequences });
  }

  private emitCommit(changes: CommittedChanges): void {
    for (const listener of this.commitListeners) listener(changes);
  }

  private markChanged(): void {
    this.changeCount++;
    if (this.undoLog === null) this.notify();
    else if (!this.commitQueue.includes(this.notifyOnce)) this.commitQueue.push(this.notifyOnce);
  }

  private readonly notifyOnce = (): void => this.notify();

  private notify(): void {
    for (const listener of this.changeListeners) listener();
  }

  private flushCommitQueue(): void {
    while (this.commitQueue.length > 0) {
      const queue = this.commitQueue;
      this.commitQueue = [];
      for (const callback of queue) callback();
    }
  }
}
