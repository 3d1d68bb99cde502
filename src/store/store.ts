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
import { checkSnapshot, type CollectionRules, type RecordRules } from './rules.js';
import { STATE_FORMAT, STATE_VERSION, type StoreSnapshot } from './snapshot.js';

export class Store {
  private readonly collections = new Map<string, Collection<Entity>>();
  private readonly rules: CollectionRules[] = [];
  private sequences: Record<string, number> = {};
  private undoLog: (() => void)[] | null = null;
  private commitQueue: (() => void)[] = [];
  private readonly changeListeners = new Set<() => void>();
  private changeCount = 0;

  /**
   * Defines a collection. Call once per name, at start-up. `rules` say how a saved state's records
   * are checked before a restore may replace anything (./rules.ts).
   */
  define<T extends Entity>(name: string, indexes: IndexDefinitions<T> = {}, rules?: RecordRules<T>): Collection<T> {
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
      () => this.markChanged(),
    );
    this.collections.set(name, collection as unknown as Collection<Entity>);
    return collection;
  }

  /** Next id of a global sequence. Sequences never go back, so ids are never reused. */
  nextId(sequence: string): number {
    const next = (this.sequences[sequence] ?? 0) + 1;
    this.sequences[sequence] = next;
    this.markChanged();
    return next;
  }

  /** Moves a sequence forward so explicitly numbered records (seeds) never collide with new ids. */
  ensureSequenceAtLeast(sequence: string, value: number): void {
    if ((this.sequences[sequence] ?? 0) < value) this.sequences[sequence] = value;
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
      throw error;
    }
    this.undoLog = null;
    this.flushCommitQueue();
    return result;
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
    const records = checkSnapshot(snapshot, this.rules);
    for (const [name, collection] of this.collections) {
      collection.clear();
      collection.load(records.get(name) ?? []);
    }
    this.sequences = { ...snapshot.sequences };
    this.markChanged();
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
