/**
 * What a saved state must satisfy before it may replace the live one: every record valid against
 * its collection's schema, ids unique and under their sequence (so the next id cannot collide),
 * unique keys unique, and every reference pointing at a record of the same account. A restore
 * (and `serve --state`) checks all of it first and replaces nothing when anything fails: a state
 * that loads is a state the API can go on serving.
 */
import type { z } from 'zod';
import { DuplicateKeyError } from './bulk-load.js';
import type { Entity, IndexDefinitions } from './collection.js';
import { prototypePolluted, recordCheckOf } from './record-check.js';
import type { StoreSnapshot } from './snapshot.js';

/** How a collection's records are checked when a state is loaded. */
export interface RecordRules<T extends Entity> {
  /** Every record must parse (strictly: a field the code does not know is refused). */
  readonly schema: z.ZodType<T>;
  /** The id sequence the collection draws from (`store.nextId(sequence)`). */
  readonly sequence: string;
  /**
   * Fields that hold the id of a record of another collection (an array field: each element),
   * of the same account. A null value refers to nothing.
   */
  readonly refs?: Readonly<Record<string, string>>;
  /**
   * The records belong to the whole sandbox, not to an account (the market group's social
   * world): each has `account_id` 0, which no account has.
   */
  readonly sandboxWide?: boolean;
}

export interface CollectionRules {
  readonly name: string;
  readonly indexes: IndexDefinitions<Entity>;
  readonly rules: RecordRules<Entity> | undefined;
}

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
  constructor(
    /** Where, e.g. `store.collections.contacts[3].tag_ids`. */
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

const at = (collection: string, index: number, field?: string): string =>
  `store.collections.${collection}[${index}]${field === undefined ? '' : `.${field}`}`;

/** Finds a record of a collection by id: a binary search when its ids ascend (as saved), else a map. */
interface RecordsById {
  get(id: number): Entity | undefined;
}

class AscendingRecords implements RecordsById {
  constructor(private readonly records: readonly Entity[]) {}

  get(id: number): Entity | undefined {
    let low = 0;
    let high = this.records.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const record = this.records[middle]!;
      if (record.id === id) return record;
      if (record.id < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

export interface CheckOptions {
  /**
   * Check every record with zod's `safeParse` and keep its output, as before the copy-free check
   * (./record-check.ts) existed. Only the equivalence tests turn this on.
   */
  readonly zodOnly?: boolean;
  /**
   * Builds a collection's indexes from its checked records (the store's bulk load,
   * ./bulk-load.ts), throwing DuplicateKeyError when a unique key is held twice. Given, it takes
   * the place of the separate unique-key check, at the same step and with the same error: each
   * key is built once, by the index that keeps it.
   */
  readonly buildIndexes?: (collection: string, records: readonly Entity[]) => void;
}

/**
 * Throws the first problem as a SnapshotError naming where it is; returns the records to load.
 * A record the copy-free check accepts is returned as it is (zod would give back an equal
 * value); the others are zod's output, or zod's error. A collection whose records all pass keeps
 * its array. Ids are looked up by binary search where they ascend (every saved state), so no map
 * of ids is built beside the one the store builds.
 */
export function checkSnapshot(snapshot: StoreSnapshot, collections: readonly CollectionRules[], options: CheckOptions = {}): Map<string, Entity[]> {
  const known = new Map(collections.map((collection) => [collection.name, collection]));
  for (const name of Object.keys(snapshot.collections)) {
    if (!known.has(name)) throw new SnapshotError(`store.collections.${name}`, `an unknown collection: ${name}`);
  }
  for (const [name, value] of Object.entries(snapshot.sequences)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new SnapshotError(`store.sequences.${name}`, 'a sequence is a whole number of 0 or more');
  }
  // The copy-free check reads members by value; a polluted Object.prototype would make that lie.
  const checkOptions = prototypePolluted() ? { ...options, zodOnly: true } : options;
  const parsed = new Map<string, Entity[]>();
  const ids = new Map<string, RecordsById>();
  for (const collection of collections) {
    const { records, byId } = checkRecords(collection, snapshot.collections[collection.name] ?? [], checkOptions);
    if (options.buildIndexes) buildCheckingKeys(collection.name, records, options.buildIndexes);
    else checkUniqueKeys(collection, records);
    if (collection.rules) checkSequence(collection.name, collection.rules.sequence, records, snapshot.sequences);
    parsed.set(collection.name, records);
    ids.set(collection.name, byId);
  }
  const accounts = ids.get('accounts');
  for (const collection of collections) {
    const refs = Object.entries(collection.rules?.refs ?? {});
    const sandboxWide = collection.rules?.sandboxWide === true;
    const checkAccount = !sandboxWide && accounts !== undefined && collection.name !== 'accounts';
    const records = parsed.get(collection.name)!;
    for (let index = 0; index < records.length; index++) {
      const record = records[index]!;
      if (sandboxWide) {
        if (record.account_id !== 0) throw new SnapshotError(at(collection.name, index, 'account_id'), 'a record of the whole sandbox has account_id 0');
      } else if (checkAccount && accounts.get(record.account_id) === undefined) {
        throw new SnapshotError(at(collection.name, index, 'account_id'), `no account has id ${record.account_id}`);
      }
      for (const [field, target] of refs) checkReference(collection.name, index, field, record, ids.get(target), target);
    }
  }
  return parsed;
}

/** One collection's records checked in order (the first problem is the one reported). */
function checkRecords(collection: CollectionRules, raw: readonly unknown[], options: CheckOptions): { records: Entity[]; byId: RecordsById } {
  const fastCheck = collection.rules && !options.zodOnly ? recordCheckOf(collection.rules.schema) : undefined;
  // The raw array itself, until a record has to be replaced by zod's output.
  let records = raw as Entity[];
  let copied = false;
  // While ids ascend no map is needed: a repeat would break the ascent.
  let previousId = 0;
  let seen: Map<number, Entity> | undefined;
  for (let index = 0; index < raw.length; index++) {
    const value = raw[index];
    let record: Entity;
    if (!collection.rules || (fastCheck !== undefined && fastCheck(value))) record = value as Entity;
    else {
      record = parseRecord(collection, value, index);
      if (record !== value && !copied) {
        records = raw.slice() as Entity[];
        copied = true;
      }
      if (copied) records[index] = record;
    }
    if (!Number.isSafeInteger(record.id) || record.id < 1) throw new SnapshotError(at(collection.name, index, 'id'), 'an id is a whole number of 1 or more');
    if (!Number.isSafeInteger(record.account_id)) throw new SnapshotError(at(collection.name, index, 'account_id'), 'account_id is a whole number');
    if (seen === undefined && record.id <= previousId) {
      seen = new Map();
      for (let before = 0; before < index; before++) seen.set(records[before]!.id, records[before]!);
    }
    if (seen !== undefined) {
      if (seen.has(record.id)) throw new SnapshotError(at(collection.name, index, 'id'), `id ${record.id} appears twice`);
      seen.set(record.id, record);
    }
    previousId = record.id;
  }
  return { records, byId: seen ?? new AscendingRecords(records) };
}

function parseRecord(collection: CollectionRules, raw: unknown, index: number): Entity {
  const result = collection.rules!.schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const field = path.map(String).join('.');
  throw new SnapshotError(at(collection.name, index, field === '' ? undefined : field), issue.code === 'unrecognized_keys' ? 'an unknown field' : issue.message);
}

function buildCheckingKeys(collection: string, records: readonly Entity[], build: NonNullable<CheckOptions['buildIndexes']>): void {
  try {
    build(collection, records);
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw duplicateKey(collection, error.position, error.indexName, error.key);
    throw error;
  }
}

function duplicateKey(collection: string, index: number, indexName: string, key: string): SnapshotError {
  return new SnapshotError(at(collection, index), `a second record with the same ${indexName} (${key})`);
}

function checkUniqueKeys(collection: CollectionRules, records: readonly Entity[]): void {
  for (const [indexName, definition] of Object.entries(collection.indexes)) {
    if (!definition.unique) continue;
    const seen = new Set<string>();
    records.forEach((record, index) => {
      const key = definition.key(record);
      if (key === null || key === undefined) return;
      for (const value of typeof key === 'string' ? [key] : key) {
        if (seen.has(value)) throw duplicateKey(collection.name, index, indexName, value);
        seen.add(value);
      }
    });
  }
}

function checkSequence(collection: string, sequence: string, records: readonly Entity[], sequences: Readonly<Record<string, number>>): void {
  if (records.length === 0) return;
  const highest = records.reduce((max, record) => Math.max(max, record.id), 0);
  const value = sequences[sequence];
  if (value === undefined || value < highest) {
    throw new SnapshotError(`store.sequences.${sequence}`, `must be at least ${highest}, the highest id in ${collection} (the next id would collide)`);
  }
}

function checkReference(collection: string, index: number, field: string, record: Entity, targets: RecordsById | undefined, target: string): void {
  const value = (record as unknown as Record<string, unknown>)[field];
  const values = value === null || value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];
  for (const id of values) {
    const referenced = typeof id === 'number' ? targets?.get(id) : undefined;
    if (!referenced || referenced.account_id !== record.account_id) {
      throw new SnapshotError(at(collection, index, field), `refers to ${target} ${String(id)}, which the account does not have`);
    }
  }
}
