/**
 * What a saved state must satisfy before it may replace the live one: every record valid against
 * its collection's schema, ids unique and under their sequence (so the next id cannot collide),
 * unique keys unique, and every reference pointing at a record of the same account. A restore
 * (and `serve --state`) checks all of it first and replaces nothing when anything fails: a state
 * that loads is a state the API can go on serving.
 */
import type { z } from 'zod';
import type { Entity, IndexDefinitions } from './collection.js';
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

/** Throws the first problem as a SnapshotError naming where it is; returns the parsed records. */
export function checkSnapshot(snapshot: StoreSnapshot, collections: readonly CollectionRules[]): Map<string, Entity[]> {
  const known = new Map(collections.map((collection) => [collection.name, collection]));
  for (const name of Object.keys(snapshot.collections)) {
    if (!known.has(name)) throw new SnapshotError(`store.collections.${name}`, `an unknown collection: ${name}`);
  }
  for (const [name, value] of Object.entries(snapshot.sequences)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new SnapshotError(`store.sequences.${name}`, 'a sequence is a whole number of 0 or more');
  }
  const parsed = new Map<string, Entity[]>();
  const ids = new Map<string, Map<number, Entity>>();
  for (const collection of collections) {
    const records = snapshot.collections[collection.name] ?? [];
    const out: Entity[] = [];
    const byId = new Map<number, Entity>();
    records.forEach((raw, index) => {
      const record = collection.rules ? parseRecord(collection, raw, index) : (raw as Entity);
      if (!Number.isSafeInteger(record.id) || record.id < 1) throw new SnapshotError(at(collection.name, index, 'id'), 'an id is a whole number of 1 or more');
      if (!Number.isSafeInteger(record.account_id)) throw new SnapshotError(at(collection.name, index, 'account_id'), 'account_id is a whole number');
      if (byId.has(record.id)) throw new SnapshotError(at(collection.name, index, 'id'), `id ${record.id} appears twice`);
      byId.set(record.id, record);
      out.push(record);
    });
    checkUniqueKeys(collection, out);
    if (collection.rules) checkSequence(collection.name, collection.rules.sequence, out, snapshot.sequences);
    parsed.set(collection.name, out);
    ids.set(collection.name, byId);
  }
  const accounts = ids.get('accounts');
  for (const collection of collections) {
    parsed.get(collection.name)!.forEach((record, index) => {
      if (accounts && collection.name !== 'accounts' && !accounts.has(record.account_id)) {
        throw new SnapshotError(at(collection.name, index, 'account_id'), `no account has id ${record.account_id}`);
      }
      for (const [field, target] of Object.entries(collection.rules?.refs ?? {})) {
        checkReference(collection.name, index, field, record, ids.get(target), target);
      }
    });
  }
  return parsed;
}

function parseRecord(collection: CollectionRules, raw: unknown, index: number): Entity {
  const result = collection.rules!.schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const field = path.map(String).join('.');
  throw new SnapshotError(at(collection.name, index, field === '' ? undefined : field), issue.code === 'unrecognized_keys' ? 'an unknown field' : issue.message);
}

function checkUniqueKeys(collection: CollectionRules, records: readonly Entity[]): void {
  for (const [indexName, definition] of Object.entries(collection.indexes)) {
    if (!definition.unique) continue;
    const seen = new Set<string>();
    records.forEach((record, index) => {
      const key = definition.key(record);
      const keys = key === null || key === undefined ? [] : typeof key === 'string' ? [key] : key;
      for (const value of keys) {
        if (seen.has(value)) throw new SnapshotError(at(collection.name, index), `a second record with the same ${indexName} (${value})`);
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

function checkReference(collection: string, index: number, field: string, record: Entity, targets: ReadonlyMap<number, Entity> | undefined, target: string): void {
  const value = (record as unknown as Record<string, unknown>)[field];
  const values = value === null || value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];
  for (const id of values) {
    const referenced = typeof id === 'number' ? targets?.get(id) : undefined;
    if (!referenced || referenced.account_id !== record.account_id) {
      throw new SnapshotError(at(collection, index, field), `refers to ${target} ${String(id)}, which the account does not have`);
    }
  }
}
