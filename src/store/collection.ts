/**
 * One typed, indexed, in-memory collection (ARCHITECTURE.md decision 2).
 *
 * - `byId`: Map lookup, O(1).
 * - per account: ascending ids, so lists walk newest-first without sorting.
 * - unique indexes for natural keys (the key function includes the account).
 * - secondary indexes (possibly multi-valued, e.g. one entry per tag) for list filters.
 *
 * Every write goes through insert/update/remove, which keep the indexes in step and hand an undo
 * action to the store's open transaction, so a request that fails half-way changes nothing.
 * Records are replaced, never mutated in place: callers treat what they read as read-only.
 */
import { insertSorted, removeSorted } from './sorted-ids.js';

export interface Entity {
  readonly id: number;
  readonly account_id: number;
}

export type IndexKey = string | readonly string[] | null | undefined;

export interface IndexDefinition<T> {
  readonly key: (record: T) => IndexKey;
  /** A unique index holds at most one record per key; a clash throws (callers check first). */
  readonly unique?: boolean;
}

export type IndexDefinitions<T> = Readonly<Record<string, IndexDefinition<T>>>;

export type UndoSink = (undo: () => void) => void;

const EMPTY: readonly number[] = Object.freeze([]);

function keysOf(key: IndexKey): readonly string[] {
  if (key === null || key === undefined) return EMPTY as unknown as readonly string[];
  return typeof key === 'string' ? [key] : key;
}

export class Collection<T extends Entity> {
  private readonly byId = new Map<number, T>();
  private readonly byAccount = new Map<number, number[]>();
  private readonly uniques = new Map<string, Map<string, number>>();
  private readonly secondaries = new Map<string, Map<string, number[]>>();
  /** Bumped by every change, undo, clear and load: a cheap "has anything here changed?" for caches. */
  private mutations = 0;

  constructor(
    readonly name: string,
    private readonly indexes: IndexDefinitions<T>,
    private readonly recordUndo: UndoSink,
    /** Told the id of every written record, so the store can say what a commit changed. */
    private readonly changed: (id: number) => void,
  ) {
    for (const [indexName, definition] of Object.entries(indexes)) {
      if (definition.unique) this.uniques.set(indexName, new Map());
      else this.secondaries.set(indexName, new Map());
    }
  }

  get size(): number {
    return this.byId.size;
  }

  /** Changes whenever the collection's contents change (including undo and restore); never repeats. */
  get version(): number {
    return this.mutations;
  }

  get(id: number): T | undefined {
    return this.byId.get(id);
  }

  /**
   * The record, only if it belongs to `accountId`: another account's id reads as missing. A
   * field rather than a method so that the sandbox's `leak_cross_account` mutant can swap it for
   * one collection without a branch here (control/mutants.ts).
   */
  getOwned = (accountId: number, id: number): T | undefined => {
    const record = this.byId.get(id);
    return record && record.account_id === accountId ? record : undefined;
  };

  findUnique(indexName: string, key: string): T | undefined {
    const index = this.uniques.get(indexName);
    if (!index) throw new Error(`${this.name}: no unique index ${indexName}`);
    const id = index.get(key);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Ascending ids of one account's records. Do not modify the array. */
  idsOfAccount(accountId: number): readonly number[] {
    return this.byAccount.get(accountId) ?? EMPTY;
  }

  /** Ascending ids under one key of a secondary index. Do not modify the array. */
  idsByIndex(indexName: string, key: string): readonly number[] {
    const index = this.secondaries.get(indexName);
    if (!index) throw new Error(`${this.name}: no secondary index ${indexName}`);
    return index.get(key) ?? EMPTY;
  }

  countOfAccount(accountId: number): number {
    return this.idsOfAccount(accountId).length;
  }

  *ofAccount(accountId: number): IterableIterator<T> {
    for (const id of this.idsOfAccount(accountId)) {
      const record = this.byId.get(id);
      if (record) yield record;
    }
  }

  values(): IterableIterator<T> {
    return this.byId.values();
  }

  insert(record: T): T {
    if (this.byId.has(record.id)) throw new Error(`${this.name}: duplicate id ${record.id}`);
    this.checkUniques(record, undefined);
    this.attach(record);
    this.recordUndo(() => this.detach(record));
    this.changed(record.id);
    return record;
  }

  /** Replaces a record with `{...old, ...patch}` (id and account are fixed). */
  update(id: number, patch: Partial<Omit<T, 'id' | 'account_id'>>): T {
    const previous = this.byId.get(id);
    if (!previous) throw new Error(`${this.name}: update of missing id ${id}`);
    const next = { ...previous, ...patch, id: previous.id, account_id: previous.account_id } as T;
    this.checkUniques(next, previous);
    this.detach(previous);
    this.attach(next);
    this.recordUndo(() => {
      this.detach(next);
      this.attach(previous);
    });
    this.changed(id);
    return next;
  }

  remove(id: number): T | undefined {
    const previous = this.byId.get(id);
    if (!previous) return undefined;
    this.detach(previous);
    this.recordUndo(() => this.attach(previous));
    this.changed(id);
    return previous;
  }

  /** Drops everything without undo (used by restore and reset only). */
  clear(): void {
    this.mutations++;
    this.byId.clear();
    this.byAccount.clear();
    for (const index of this.uniques.values()) index.clear();
    for (const index of this.secondaries.values()) index.clear();
  }

  /** Loads records without undo or change notification (used by restore only). */
  load(records: readonly T[]): void {
    for (const record of records) this.attach(record);
  }

  private checkUniques(record: T, previous: T | undefined): void {
    for (const [indexName, index] of this.uniques) {
      for (const key of keysOf(this.indexes[indexName]!.key(record))) {
        const holder = index.get(key);
        if (holder !== undefined && holder !== previous?.id) {
          throw new Error(`${this.name}: unique index ${indexName} already holds ${key}`);
        }
      }
    }
  }

  private attach(record: T): void {
    this.mutations++;
    this.byId.set(record.id, record);
    let accountIds = this.byAccount.get(record.account_id);
    if (!accountIds) this.byAccount.set(record.account_id, (accountIds = []));
    insertSorted(accountIds, record.id);
    for (const [indexName, index] of this.uniques) {
      for (const key of keysOf(this.indexes[indexName]!.key(record))) index.set(key, record.id);
    }
    for (const [indexName, index] of this.secondaries) {
      for (const key of keysOf(this.indexes[indexName]!.key(record))) {
        let ids = index.get(key);
        if (!ids) index.set(key, (ids = []));
        insertSorted(ids, record.id);
      }
    }
  }

  private detach(record: T): void {
    this.mutations++;
    this.byId.delete(record.id);
    const accountIds = this.byAccount.get(record.account_id);
    if (accountIds) removeSorted(accountIds, record.id);
    for (const [indexName, index] of this.uniques) {
      for (const key of keysOf(this.indexes[indexName]!.key(record))) {
        if (index.get(key) === record.id) index.delete(key);
      }
    }
    for (const [indexName, index] of this.secondaries) {
      for (const key of keysOf(this.indexes[indexName]!.key(record))) {
        const ids = index.get(key);
        if (!ids) continue;
        removeSorted(ids, record.id);
        if (ids.length === 0) index.delete(key);
      }
    }
  }
}
