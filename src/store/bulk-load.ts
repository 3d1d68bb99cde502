/**
 * A collection's indexes built in one go from a whole set of records (restore, `serve --state`),
 * off to the side: the live collection is untouched until it installs the result
 * (`Collection.installLoad`), so a load that fails half-way (a unique key held twice, a later
 * collection's bad reference) leaves the live state as it was.
 *
 * Why not insert record by record (what `Collection.insert` does): at a million records that is a
 * binary search per id per index and, for unique indexes, a second set of every key string (the
 * restore used to check uniqueness with a Set, then build the same keys again into the index).
 * Here:
 * - uniqueness is checked by the map that becomes the index (one key string per record, built
 *   once); a clash throws DuplicateKeyError naming the second record, which the restore turns into
 *   the same SnapshotError as before (./rules.ts);
 * - the ids of each account and of each secondary key are gathered in ascending id order (the
 *   order saved states already have; other input is sorted first) and chunked at once
 *   (`SortedIds.fromAscending`), with no search per id;
 * - a secondary index whose key reads one field (its `fields`) computes each key string once per
 *   (account, value) pair, not once per record: the channel and stage of a million contacts are a
 *   handful of pairs.
 * The result reads exactly like inserting the records one by one (bulk-load.test.ts).
 */
import type { Entity, IndexDefinition, IndexDefinitions, IndexKey } from './index-definitions.js';
import { NestedUniqueKeys, type UniqueKeys } from './nested-unique.js';
import { SortedIds } from './sorted-ids.js';
import { SortedPairs } from './sorted-pairs.js';

/** Two records of a load hold the same key of a unique index; `position` is the second one's. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly indexName: string,
    readonly position: number,
    readonly key: string,
  ) {
    super(`unique index ${indexName} holds ${key} twice (record ${position})`);
  }
}

/** Everything a collection indexes, built for one set of records and not yet live. */
export interface BuiltIndexes<T extends Entity> {
  readonly byId: Map<number, T>;
  readonly byAccount: Map<number, SortedIds>;
  readonly uniques: Map<string, UniqueKeys>;
  /** The secondary indexes built so far: all of them, unless `deferred` holds the rest. */
  readonly secondaries: Map<string, Map<string, SortedIds>>;
  readonly ordered: Map<string, Map<string, SortedPairs>>;
  /** A large load's secondary indexes, still to build (see DeferredSecondaries). */
  readonly deferred: DeferredSecondaries<T> | undefined;
}

/**
 * The secondary indexes of a large load, built after it instead of during it: they are derived
 * data (list filters), unlike the unique indexes, which decide whether the load is accepted. So
 * `serve --state` answers its ready line without them. The collection builds them a slice of records
 * at a time in the background, and all at once as soon as anything reads or writes one
 * (`Collection.secondaries`), so no request ever sees an index that is missing or behind: until
 * they are built nothing can have changed, every write goes through them first, and they are
 * built from the records exactly as loaded.
 */
export class DeferredSecondaries<T extends Entity> {
  private readonly pending: [string, IndexDefinition<T>][];
  private current: { readonly name: string; readonly build: SecondaryBuild<T> } | undefined;

  constructor(
    definitions: readonly [string, IndexDefinition<T>][],
    private readonly records: readonly T[],
    private readonly numbers: readonly number[] | undefined,
  ) {
    this.pending = definitions.slice();
  }

  get done(): boolean {
    return this.current === undefined && this.pending.length === 0;
  }

  /**
   * Goes on building for about `records` records (the records of one index after another), putting
   * each finished index into `into`; returns the records read. Infinity builds everything left.
   */
  buildSome(into: Map<string, Map<string, SortedIds>>, records: number): number {
    let read = 0;
    while (read < records) {
      if (!this.current) {
        const next = this.pending.shift();
        if (!next) break;
        const [name, definition] = next;
        this.current = { name, build: new SecondaryBuild(definition, this.records, definition.keyed === true ? this.numbers : undefined) };
      }
      read += this.current.build.gather(records - read);
      if (this.current.build.gatheredAll) {
        into.set(this.current.name, this.current.build.build());
        this.current = undefined;
      }
    }
    return read;
  }
}

export interface BuildOptions {
  /** A load of more records than this defers its secondary indexes (default: never). */
  readonly deferSecondariesAbove?: number;
}

/** Ids (and their keys, for a keyed set) gathered in ascending order, chunked once all are in. */
class AscendingIds {
  readonly ids: number[] = [];
  readonly keys: number[] | undefined;

  constructor(keyed: boolean) {
    this.keys = keyed ? [] : undefined;
  }

  add(id: number, key: number): void {
    // A record listing one key twice (a tag id repeated) is under that key once, as insert does.
    if (this.ids[this.ids.length - 1] === id) {
      if (this.keys) this.keys[this.keys.length - 1] = key;
      return;
    }
    this.ids.push(id);
    this.keys?.push(key);
  }

  build(): SortedIds {
    return SortedIds.fromAscending(this.ids, this.keys);
  }
}

const NO_KEYS: readonly string[] = Object.freeze([]);

function keysOf(key: IndexKey): readonly string[] {
  if (key === null || key === undefined) return NO_KEYS;
  return typeof key === 'string' ? [key] : key;
}

export function buildIndexes<T extends Entity>(
  records: readonly T[],
  definitions: IndexDefinitions<T>,
  accountKey: ((record: T) => number) | undefined,
  options: BuildOptions = {},
): BuiltIndexes<T> {
  const byId = new Map<number, T>();
  let ascending = true;
  for (let at = 0; at < records.length; at++) {
    const record = records[at]!;
    byId.set(record.id, record);
    if (at > 0 && record.id <= records[at - 1]!.id) ascending = false;
  }
  // Saved states list records by ascending id; anything else (a hand-made restore) is sorted here.
  const inIdOrder = ascending ? records : records.slice().sort((a, b) => a.id - b.id);
  const numbers = accountKey ? inIdOrder.map(accountKey) : undefined;

  const uniques = new Map<string, UniqueKeys>();
  const ordered = new Map<string, Map<string, SortedPairs>>();
  const secondaryDefinitions: [string, IndexDefinition<T>][] = [];
  for (const [indexName, definition] of Object.entries(definitions)) {
    if (definition.unique) uniques.set(indexName, buildUnique(indexName, definition, records));
    else if (definition.orderBy) ordered.set(indexName, buildOrdered(definition, inIdOrder));
    else secondaryDefinitions.push([indexName, definition]);
  }
  const secondaries = new Map<string, Map<string, SortedIds>>();
  let deferred: DeferredSecondaries<T> | undefined = new DeferredSecondaries(secondaryDefinitions, inIdOrder, numbers);
  if (records.length <= (options.deferSecondariesAbove ?? Infinity)) {
    deferred.buildSome(secondaries, Infinity);
    deferred = undefined;
  }
  return { byId, byAccount: buildByAccount(inIdOrder, numbers), uniques, secondaries, ordered, deferred };
}

function buildByAccount<T extends Entity>(records: readonly T[], numbers: readonly number[] | undefined): Map<number, SortedIds> {
  const gathered = new Map<number, AscendingIds>();
  for (let at = 0; at < records.length; at++) {
    const record = records[at]!;
    let ids = gathered.get(record.account_id);
    if (!ids) gathered.set(record.account_id, (ids = new AscendingIds(numbers !== undefined)));
    ids.add(record.id, numbers ? numbers[at]! : 0);
  }
  const byAccount = new Map<number, SortedIds>();
  for (const [accountId, ids] of gathered) byAccount.set(accountId, ids.build());
  return byAccount;
}

/** In the records' own order, so the clash reported is the one a scan from the start meets first. */
function buildUnique<T extends Entity>(indexName: string, definition: IndexDefinition<T>, records: readonly T[]): UniqueKeys {
  if (definition.nested) return buildNestedUnique(indexName, definition, records);
  const index = new Map<string, number>();
  for (let at = 0; at < records.length; at++) {
    const record = records[at]!;
    for (const key of keysOf(definition.key(record))) {
      const size = index.size;
      index.set(key, record.id);
      if (index.size === size) throw new DuplicateKeyError(indexName, at, key);
    }
  }
  return index;
}

/** A `nested` unique index: the records' own field values are the keys, no string is built per record. */
function buildNestedUnique<T extends Entity>(indexName: string, definition: IndexDefinition<T>, records: readonly T[]): UniqueKeys {
  const index = new NestedUniqueKeys<T>(definition.fields!);
  for (let at = 0; at < records.length; at++) {
    const record = records[at]!;
    // The clash's key string is built only to name it, as the plain index names it.
    if (!index.claim(record)) throw new DuplicateKeyError(indexName, at, String(definition.key(record)));
  }
  return index;
}

/**
 * One secondary index gathered from the records in id order, resumable: `gather(count)` reads the
 * next records, `build()` chunks what was gathered. A deferred build goes a slice at a time.
 */
class SecondaryBuild<T extends Entity> {
  private readonly gathered = new Map<string, AscendingIds>();
  /** The key reads only account_id and `field`: one key computation per (account, value) pair. */
  private readonly field: keyof T | undefined;
  private readonly byPair = new Map<number, Map<unknown, readonly AscendingIds[]>>();
  private at = 0;

  constructor(
    private readonly definition: IndexDefinition<T>,
    private readonly records: readonly T[],
    private readonly numbers: readonly number[] | undefined,
  ) {
    this.field = definition.fields?.length === 1 ? definition.fields[0]! : undefined;
  }

  get gatheredAll(): boolean {
    return this.at >= this.records.length;
  }

  /** Reads up to `count` more records; returns how many it read. */
  gather(count: number): number {
    const { records, numbers, definition, field } = this;
    const from = this.at;
    const until = Math.min(records.length, from + count);
    for (let at = from; at < until; at++) {
      const record = records[at]!;
      const number = numbers ? numbers[at]! : 0;
      const value = field === undefined ? undefined : record[field];
      if (field === undefined || (typeof value === 'object' && value !== null)) {
        for (const key of keysOf(definition.key(record))) this.idsUnder(key).add(record.id, number);
        continue;
      }
      let ofAccount = this.byPair.get(record.account_id);
      if (!ofAccount) this.byPair.set(record.account_id, (ofAccount = new Map()));
      let targets = ofAccount.get(value);
      if (!targets) ofAccount.set(value, (targets = keysOf(definition.key(record)).map((key) => this.idsUnder(key))));
      for (const ids of targets) ids.add(record.id, number);
    }
    this.at = until;
    return until - from;
  }

  build(): Map<string, SortedIds> {
    const index = new Map<string, SortedIds>();
    for (const [key, ids] of this.gathered) index.set(key, ids.build());
    return index;
  }

  private idsUnder(key: string): AscendingIds {
    let ids = this.gathered.get(key);
    if (!ids) this.gathered.set(key, (ids = new AscendingIds(this.numbers !== undefined)));
    return ids;
  }
}

/** Ordered indexes (by a changing field, e.g. opt-outs' recorded time) are few and small: inserted. */
function buildOrdered<T extends Entity>(definition: IndexDefinition<T>, records: readonly T[]): Map<string, SortedPairs> {
  const index = new Map<string, SortedPairs>();
  for (const record of records) {
    const order = definition.orderBy!(record);
    for (const key of keysOf(definition.key(record))) {
      let pairs = index.get(key);
      if (!pairs) index.set(key, (pairs = new SortedPairs()));
      pairs.insert(order, record.id);
    }
  }
  return index;
}
