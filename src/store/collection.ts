/**
 * One typed, indexed, in-memory collection (ARCHITECTURE.md decision 2).
 *
 * - `byId`: Map lookup, O(1).
 * - per account: ascending ids (store/sorted-ids.ts: chunked, so a change costs O(log n + chunk),
 *   never a shift of the whole account), so lists walk newest-first from a cursor without sorting;
 *   optionally with a number per record (`accountKey`, e.g. the updated time) that lets a walk skip
 *   runs of records below a threshold (`updated_since`).
 * - unique indexes for natural keys (the key function includes the account).
 * - secondary indexes (possibly multi-valued, e.g. one entry per tag) for list filters.
 *
 * Every write goes through insert/update/remove, which keep the indexes in step and hand an undo
 * action to the store's open transaction, so a request that fails half-way changes nothing.
 * Records are replaced, never mutated in place: callers treat what they read as read-only.
 */
import { buildIndexes, type BuiltIndexes, type DeferredSecondaries } from './bulk-load.js';
import type { Entity, IndexDefinitions, IndexKey } from './index-definitions.js';
import { NestedUniqueKeys, type UniqueKeys } from './nested-unique.js';
import { SortedIds, type SortedIdView } from './sorted-ids.js';
import { SortedPairs, type SortedPairView } from './sorted-pairs.js';

export type { Entity, IndexDefinition, IndexDefinitions, IndexKey } from './index-definitions.js';

export interface CollectionOptions<T extends Entity> {
  /**
   * A number kept with each id in its account's list (e.g. `updated_at` in ms), so
   * `descendingOfAccountAtLeast` walks only the records whose number reaches a threshold.
   */
  readonly accountKey?: (record: T) => number;
  /** Indexes the group keeps itself, told of every record attached and detached (below). */
  readonly attached?: readonly AttachedIndex<T>[];
  /**
   * A bulk load of more records than this builds its secondary indexes after it, in the
   * background or on first use (./bulk-load.ts, DeferredSecondaries). Default
   * DEFER_SECONDARIES_ABOVE.
   */
  readonly deferSecondariesAbove?: number;
  /** Records per background slice of a deferred build (default DEFERRED_SLICE_RECORDS). */
  readonly deferredSliceRecords?: number;
}

/** Loads up to this many records build every index before they return (the seed, small restores). */
export const DEFER_SECONDARIES_ABOVE = 50_000;
/**
 * Records read per turn of the event loop by a deferred build: a few milliseconds, so a request
 * arriving meanwhile waits about that long (plus, once per index, chunking what was gathered).
 */
export const DEFERRED_SLICE_RECORDS = 25_000;

/** What an attached index may read of its collection after a bulk load, to build itself from. */
export interface LoadedRecords<T extends Entity> {
  get(id: number): T | undefined;
  idsOfAccount(accountId: number): SortedIdView;
  accountIds(): IterableIterator<number>;
  readonly size: number;
}

/**
 * An index a group keeps beside the collection's own, with its own structure (contacts' name
 * pieces, ../resources/contacts/name-index.ts). The collection tells it of every record it
 * attaches and detaches, so it follows writes, undo, restore and reset exactly as the built-in
 * indexes do. After a bulk load (restore, `serve --state`) it is told once, with the records,
 * instead of record by record: it may then build itself later, as long as it answers right
 * meanwhile.
 */
export interface AttachedIndex<T extends Entity> {
  /** The only fields it reads (besides id and account): an update leaving them equal skips it. */
  readonly fields: readonly (keyof T)[];
  attach(record: T): void;
  detach(record: T): void;
  /** Forget everything (restore and reset, before the load). */
  clear(): void;
  loaded(records: LoadedRecords<T>): void;
}

export type UndoSink = (undo: () => void) => void;

/** Handed out for a missing account or key; readers cannot change it (SortedIdView has no writers). */
const EMPTY: SortedIdView = new SortedIds();
const EMPTY_KEYED: SortedIdView = new SortedIds(true);
const NO_KEYS: readonly string[] = Object.freeze([]);
const EMPTY_ORDERED: SortedPairView = new SortedPairs();

function keysOf(key: IndexKey): readonly string[] {
  if (key === null || key === undefined) return NO_KEYS;
  return typeof key === 'string' ? [key] : key;
}

export class Collection<T extends Entity> implements LoadedRecords<T> {
  // Not readonly: a bulk load swaps in maps built off to the side (installLoad).
  private byId = new Map<number, T>();
  private byAccount = new Map<number, SortedIds>();
  private uniques = new Map<string, UniqueKeys>();
  private secondaryMaps = new Map<string, Map<string, SortedIds>>();
  /** A large load's secondary indexes not built yet, and the timer building them. */
  private deferred: DeferredSecondaries<T> | undefined;
  private deferredTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly deferSecondariesAbove: number;
  private readonly deferredSliceRecords: number;
  private ordered = new Map<string, Map<string, SortedPairs>>();
  private readonly accountKey: ((record: T) => number) | undefined;
  private readonly attached: readonly AttachedIndex<T>[];
  /** Bumped by every change, undo, clear and load: a cheap "has anything here changed?" for caches. */
  private mutations = 0;
  /**
   * Every id held is below this. Ids come from sequences that only grow, so a new record's id is
   * nearly always above it and cannot be a duplicate: `insert` then skips a lookup in `byId`,
   * which at a few hundred thousand records is a cache miss on every create.
   */
  private idCeiling = 0;

  constructor(
    readonly name: string,
    private readonly indexes: IndexDefinitions<T>,
    private readonly recordUndo: UndoSink,
    /** Told the id of every written record, so the store can say what a commit changed. */
    private readonly changed: (id: number) => void,
    options: CollectionOptions<T> = {},
  ) {
    this.accountKey = options.accountKey;
    this.attached = options.attached ?? [];
    this.deferSecondariesAbove = options.deferSecondariesAbove ?? DEFER_SECONDARIES_ABOVE;
    this.deferredSliceRecords = options.deferredSliceRecords ?? DEFERRED_SLICE_RECORDS;
    for (const [indexName, definition] of Object.entries(indexes)) {
      if (definition.keyed && (!this.accountKey || definition.unique || definition.orderBy)) {
        throw new Error(`${name}: keyed index ${indexName} needs accountKey and a plain secondary index`);
      }
      if (definition.nested && (!definition.unique || !definition.fields?.length)) {
        throw new Error(`${name}: nested index ${indexName} needs unique and fields`);
      }
      if (definition.unique) this.uniques.set(indexName, definition.nested ? new NestedUniqueKeys(definition.fields!) : new Map());
      else if (definition.orderBy) this.ordered.set(indexName, new Map());
      else this.secondaries.set(indexName, new Map());
    }
  }

  get size(): number {
    return this.byId.size;
  }

  /**
   * Every secondary index. After a large load the deferred ones are built first, so whatever reads
   * or writes an index (a list filter, a write, an undo) sees it complete and as loaded.
   */
  private get secondaries(): Map<string, Map<string, SortedIds>> {
    if (this.deferred) this.finishSecondaries();
    return this.secondaryMaps;
  }

  /** Whether every index is built (false only for a while after a large load). */
  get indexesBuilt(): boolean {
    return this.deferred === undefined;
  }

  /** Builds whatever a large load deferred, now. */
  finishSecondaries(): void {
    const deferred = this.deferred;
    if (!deferred) return;
    this.stopDeferredBuild();
    this.deferred = undefined;
    deferred.buildSome(this.secondaryMaps, Infinity);
  }

  /** A slice of the deferred build per turn of the event loop, so requests in between wait a slice at most. */
  private scheduleDeferredBuild(): void {
    this.deferredTimer = setTimeout(() => {
      this.deferredTimer = undefined;
      const deferred = this.deferred;
      if (!deferred) return;
      deferred.buildSome(this.secondaryMaps, this.deferredSliceRecords);
      if (deferred.done) this.deferred = undefined;
      else this.scheduleDeferredBuild();
    }, 0);
    // A pending build must not keep a process alive that has nothing else to do (Node only).
    (this.deferredTimer as { unref?: () => void }).unref?.();
  }

  private stopDeferredBuild(): void {
    if (this.deferredTimer !== undefined) clearTimeout(this.deferredTimer);
    this.deferredTimer = undefined;
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

  /**
   * The record of a `nested` unique index under the account and its fields' values (one per
   * field, in order): `findUnique` without building the key string.
   */
  findUniqueByValues(indexName: string, accountId: number, values: readonly string[]): T | undefined {
    const index = this.uniques.get(indexName);
    if (!(index instanceof NestedUniqueKeys)) throw new Error(`${this.name}: no nested unique index ${indexName}`);
    const id = index.find(accountId, values);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Every account that has a record here. */
  accountIds(): IterableIterator<number> {
    return this.byAccount.keys();
  }

  /** Ascending ids of one account's records. */
  idsOfAccount(accountId: number): SortedIdView {
    return this.byAccount.get(accountId) ?? (this.accountKey ? EMPTY_KEYED : EMPTY);
  }

  /**
   * An account's ids below `below`, largest first, whose `accountKey` is at least `minKey`: runs
   * of records under the threshold are skipped a chunk at a time (sorted-ids.ts).
   */
  descendingOfAccountAtLeast(accountId: number, minKey: number, below?: number): IterableIterator<number> {
    if (!this.accountKey) throw new Error(`${this.name}: no accountKey`);
    return this.idsOfAccount(accountId).descendingAtLeast(minKey, below);
  }

  /** Ascending ids under one key of a secondary index (keyed, with `keyed: true`). */
  idsByIndex(indexName: string, key: string): SortedIdView {
    const index = this.secondaries.get(indexName);
    if (!index) throw new Error(`${this.name}: no secondary index ${indexName}`);
    return index.get(key) ?? (this.indexes[indexName]!.keyed ? EMPTY_KEYED : EMPTY);
  }

  /** Ids under one key of an ordered index, by (orderBy, id). */
  orderedByIndex(indexName: string, key: string): SortedPairView {
    const index = this.ordered.get(indexName);
    if (!index) throw new Error(`${this.name}: no ordered index ${indexName}`);
    return index.get(key) ?? EMPTY_ORDERED;
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
    if (record.id < this.idCeiling && this.byId.has(record.id)) throw new Error(`${this.name}: duplicate id ${record.id}`);
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
    this.replace(previous, next);
    this.recordUndo(() => this.replace(next, previous));
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

  /**
   * Removes several records as one write: the same as `remove` of each, in order, but with one
   * undo entry for all of them. The event journal drops a thousand events at a time
   * (../core/events.ts), and a closure per event was most of what pruning allocated.
   */
  removeMany(ids: readonly number[]): void {
    const removed: T[] = [];
    for (const id of ids) {
      const previous = this.byId.get(id);
      if (!previous) continue;
      this.detach(previous);
      removed.push(previous);
      this.changed(id);
    }
    if (removed.length === 0) return;
    this.recordUndo(() => {
      for (let i = removed.length - 1; i >= 0; i--) this.attach(removed[i]!);
    });
  }

  /** Drops everything without undo (as loading no records). */
  clear(): void {
    this.load([]);
  }

  /**
   * Replaces everything with `records`, without undo or change notification:
   * `installLoad(prepareLoad(records))`. Throws DuplicateKeyError, changing nothing, when two
   * records hold one unique key.
   */
  load(records: readonly T[]): void {
    this.installLoad(this.prepareLoad(records));
  }

  /**
   * Builds the indexes of `records` without touching the live ones (./bulk-load.ts): a restore
   * prepares every collection first and installs them only once all of it passed.
   */
  prepareLoad(records: readonly T[]): BuiltIndexes<T> {
    return buildIndexes(records, this.indexes, this.accountKey, { deferSecondariesAbove: this.deferSecondariesAbove });
  }

  /** Makes prepared records and indexes the live ones (restore only: no undo, no change notification). */
  installLoad(built: BuiltIndexes<T>): void {
    this.mutations++;
    this.byId = built.byId;
    this.byAccount = built.byAccount;
    this.uniques = built.uniques;
    this.stopDeferredBuild();
    this.secondaryMaps = built.secondaries;
    this.deferred = built.deferred;
    if (this.deferred) this.scheduleDeferredBuild();
    this.ordered = built.ordered;
    // The write plans hold the index maps themselves: the ones just replaced.
    this.indexPlans = undefined;
    // Every record is in its account's list, so the largest id is among the lists' last ids.
    this.idCeiling = 0;
    for (const ids of built.byAccount.values()) this.idCeiling = Math.max(this.idCeiling, (ids.last() ?? -1) + 1);
    for (const index of this.attached) {
      index.clear();
      index.loaded(this);
    }
  }

  /**
   * Swaps a record for its new version (same id and account), touching only the index entries
   * whose keys differ: an update that changes one field costs that field's indexes, O(log n) each.
   */
  private replace(previous: T, next: T): void {
    this.mutations++;
    this.byId.set(next.id, next);
    const numberAfter = this.accountKey ? this.accountKey(next) : 0;
    const numberMoved = this.accountKey !== undefined && numberAfter !== this.accountKey(previous);
    if (numberMoved) this.byAccount.get(next.account_id)!.insert(next.id, numberAfter);
    for (const [indexName, index] of this.uniques) {
      if (this.unchangedFor(indexName, previous, next)) continue;
      const keyOf = this.indexes[indexName]!.key;
      const before = keysOf(keyOf(previous));
      const after = keysOf(keyOf(next));
      if (sameKeys(before, after)) continue;
      for (const key of before) if (index.get(key) === previous.id && !after.includes(key)) index.delete(key);
      for (const key of after) index.set(key, next.id);
    }
    for (const [indexName, index] of this.secondaries) {
      const definition = this.indexes[indexName]!;
      // A keyed index re-keys every entry of the record when its account key moved.
      const rekey = numberMoved && definition.keyed === true;
      if (!rekey && this.unchangedFor(indexName, previous, next)) continue;
      const before = keysOf(definition.key(previous));
      const after = keysOf(definition.key(next));
      if (!rekey && sameKeys(before, after)) continue;
      const number = definition.keyed ? numberAfter : 0;
      for (const key of before) if (!after.includes(key)) this.removeFromSecondary(index, key, previous.id);
      for (const key of after) if (rekey || !before.includes(key)) this.addToSecondary(index, key, next.id, number, definition.keyed === true);
    }
    for (const [indexName, index] of this.ordered) {
      const definition = this.indexes[indexName]!;
      const orderBefore = definition.orderBy!(previous);
      const orderAfter = definition.orderBy!(next);
      if (orderBefore === orderAfter && this.unchangedFor(indexName, previous, next)) continue;
      for (const key of keysOf(definition.key(previous))) this.removeFromOrdered(index, key, orderBefore, previous.id);
      for (const key of keysOf(definition.key(next))) this.addToOrdered(index, key, orderAfter, next.id);
    }
    for (const index of this.attached) {
      if (index.fields.every((field) => previous[field] === next[field])) continue;
      index.detach(previous);
      index.attach(next);
    }
  }

  private addToOrdered(index: Map<string, SortedPairs>, key: string, order: number, id: number): void {
    let pairs = index.get(key);
    if (!pairs) index.set(key, (pairs = new SortedPairs()));
    pairs.insert(order, id);
  }

  private removeFromOrdered(index: Map<string, SortedPairs>, key: string, order: number, id: number): void {
    const pairs = index.get(key);
    if (!pairs) return;
    pairs.remove(order, id);
    if (pairs.length === 0) index.delete(key);
  }

  private unchangedFor(indexName: string, previous: T, next: T): boolean {
    const fields = this.indexes[indexName]!.fields;
    return fields !== undefined && fields.every((field) => previous[field] === next[field]);
  }

  /** Adds `id` under `key` (an id already there only has its number replaced, for re-keying). */
  private addToSecondary(index: Map<string, SortedIds>, key: string, id: number, number: number, keyed: boolean): void {
    let ids = index.get(key);
    if (!ids) index.set(key, (ids = new SortedIds(keyed)));
    ids.insert(id, number);
  }

  private removeFromSecondary(index: Map<string, SortedIds>, key: string, id: number): void {
    const ids = index.get(key);
    if (!ids) return;
    ids.remove(id);
    if (ids.length === 0) index.delete(key);
  }

  /**
   * Each index once, with its own structure, for the per-write walks (attach, detach, the unique
   * check): reading the Maps of indexes as [name, index] entries allocated an array per index per
   * write, and each single key became a one-element array. Built on first use; a load swaps in
   * new structures, so `installLoad` drops the plans and the next write builds them again.
   */
  private indexPlans: readonly IndexPlan<T>[] | undefined;

  private plans(): readonly IndexPlan<T>[] {
    if (this.indexPlans) return this.indexPlans;
    const plans: IndexPlan<T>[] = [];
    for (const [name, map] of this.uniques) {
      plans.push({ kind: 'unique', name, key: this.indexes[name]!.key, map, nested: map instanceof NestedUniqueKeys ? (map as NestedUniqueKeys<T>) : undefined });
    }
    for (const [name, map] of this.secondaries) {
      plans.push({ kind: 'secondary', name, key: this.indexes[name]!.key, map, keyed: this.indexes[name]!.keyed === true });
    }
    for (const [name, map] of this.ordered) {
      plans.push({ kind: 'ordered', name, key: this.indexes[name]!.key, map, orderBy: this.indexes[name]!.orderBy! });
    }
    return (this.indexPlans = plans);
  }

  private checkUniques(record: T, previous: T | undefined): void {
    for (const plan of this.plans()) {
      if (plan.kind !== 'unique') continue;
      if (plan.nested) {
        // The record's own values, no key string (the key is built only to name a clash).
        const holder = plan.nested.holderOf(record);
        if (holder !== undefined && holder !== previous?.id) this.checkUnique(plan, plan.key(record) as string, previous);
        continue;
      }
      const key = plan.key(record);
      if (typeof key === 'string') this.checkUnique(plan, key, previous);
      else if (key) for (const each of key) this.checkUnique(plan, each, previous);
    }
  }

  private checkUnique(plan: UniquePlan<T>, key: string, previous: T | undefined): void {
    const holder = plan.map.get(key);
    if (holder !== undefined && holder !== previous?.id) {
      throw new Error(`${this.name}: unique index ${plan.name} already holds ${key}`);
    }
  }

  private attach(record: T): void {
    this.mutations++;
    const id = record.id;
    this.byId.set(id, record);
    if (id >= this.idCeiling) this.idCeiling = id + 1;
    let accountIds = this.byAccount.get(record.account_id);
    if (!accountIds) this.byAccount.set(record.account_id, (accountIds = new SortedIds(this.accountKey !== undefined)));
    const number = this.accountKey ? this.accountKey(record) : 0;
    accountIds.insert(id, number);
    for (const plan of this.plans()) {
      if (plan.kind === 'unique' && plan.nested) {
        plan.nested.put(record);
        continue;
      }
      const key = plan.key(record);
      if (key === null || key === undefined) continue;
      switch (plan.kind) {
        case 'unique':
          if (typeof key === 'string') plan.map.set(key, id);
          else for (const each of key) plan.map.set(each, id);
          break;
        case 'secondary': {
          const value = plan.keyed ? number : 0;
          if (typeof key === 'string') this.addToSecondary(plan.map, key, id, value, plan.keyed);
          else for (const each of key) this.addToSecondary(plan.map, each, id, value, plan.keyed);
          break;
        }
        case 'ordered': {
          const order = plan.orderBy(record);
          if (typeof key === 'string') this.addToOrdered(plan.map, key, order, id);
          else for (const each of key) this.addToOrdered(plan.map, each, order, id);
          break;
        }
      }
    }
    for (const index of this.attached) index.attach(record);
  }

  private detach(record: T): void {
    this.mutations++;
    const id = record.id;
    this.byId.delete(id);
    const accountIds = this.byAccount.get(record.account_id);
    accountIds?.remove(id);
    for (const plan of this.plans()) {
      const key = plan.key(record);
      if (key === null || key === undefined) continue;
      switch (plan.kind) {
        case 'unique':
          if (typeof key === 'string') {
            if (plan.map.get(key) === id) plan.map.delete(key);
          } else for (const each of key) if (plan.map.get(each) === id) plan.map.delete(each);
          break;
        case 'secondary':
          if (typeof key === 'string') this.removeFromSecondary(plan.map, key, id);
          else for (const each of key) this.removeFromSecondary(plan.map, each, id);
          break;
        case 'ordered': {
          const order = plan.orderBy(record);
          if (typeof key === 'string') this.removeFromOrdered(plan.map, key, order, id);
          else for (const each of key) this.removeFromOrdered(plan.map, each, order, id);
          break;
        }
      }
    }
    for (const index of this.attached) index.detach(record);
  }
}

interface UniquePlan<T extends Entity> {
  readonly kind: 'unique';
  readonly name: string;
  readonly key: (record: T) => IndexKey;
  readonly map: UniqueKeys;
  /** The same index when it is nested: writes then go by the record's values, not a key string. */
  readonly nested: NestedUniqueKeys<T> | undefined;
}

/** One index as the per-write walks see it (Collection.plans). */
type IndexPlan<T extends Entity> =
  | UniquePlan<T>
  | { readonly kind: 'secondary'; readonly name: string; readonly key: (record: T) => IndexKey; readonly map: Map<string, SortedIds>; readonly keyed: boolean }
  | {
      readonly kind: 'ordered';
      readonly name: string;
      readonly key: (record: T) => IndexKey;
      readonly map: Map<string, SortedPairs>;
      readonly orderBy: (record: T) => number;
    };

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
