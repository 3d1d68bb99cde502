/**
 * A unique index keyed by the account and the values of some fields, held as nested maps (account
 * → first field's value → ... → last field's value → id) instead of one map of key strings.
 *
 * Why: a contact's identity key is `account|channel|platform_user_id`. As one string per record, a
 * million-contact load built a million concatenations, flattened each to hash it, kept them all
 * (so the young-generation collector copied each one twice) and hashed 30 characters apiece (15% of
 * the main thread's start-up, docs/decisions.md "Start-up at scale, third pass"). Nested, the
 * innermost maps are keyed by the record's own `platform_user_id` string: no string is built per
 * record, and its hash is computed once and cached in the string itself.
 *
 * It answers the same string keys as the plain map it replaces (`get`, `set`, `delete`), so the
 * collection's per-write code is the same for both kinds: a key `<account>|<value 1>|...|<value n>`
 * is split at its first n separators. That is exact only when no value but the last can hold the
 * separator, which the index definition promises (`nested`, ./index-definitions.ts): for contacts
 * and conversations the middle value is a channel name.
 */
import type { Entity } from './index-definitions.js';

/** What a collection needs of a unique index: a plain `Map<string, number>` is one. */
export interface UniqueKeys {
  get(key: string): number | undefined;
  set(key: string, id: number): unknown;
  delete(key: string): boolean;
  readonly size: number;
}

const SEPARATOR = '|';

/** A field's value as the key its level holds (the string the key function writes for it). */
function asKey(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** One level of the tree: the last level maps a value to an id, the others to the next level. */
type Level = Map<string, Level | number>;

export class NestedUniqueKeys<T extends Entity> implements UniqueKeys {
  private readonly accounts = new Map<number, Level>();
  private count = 0;
  // The account level the last `claim` or `put` used (levelFor).
  private lastAccount = Number.NaN;
  private lastAccountLevel: Level | undefined;

  constructor(private readonly fields: readonly (keyof T)[]) {
    if (fields.length === 0) throw new Error('a nested unique index needs at least one field');
  }

  get size(): number {
    return this.count;
  }

  /** The id under the account and these field values (one per field, in order), if any. */
  find(accountId: number, values: readonly string[]): number | undefined {
    if (values.length !== this.fields.length) throw new Error(`expected ${this.fields.length} values, got ${values.length}`);
    return this.idAt(this.accounts.get(accountId), values);
  }

  /**
   * Bulk load: puts `record` under its key and returns true, or returns false (changing nothing)
   * when another id already holds that key. Allocates nothing but the index's own entries.
   */
  claim(record: T): boolean {
    const level = this.levelFor(record);
    const key = this.lastValueOf(record);
    if (level.has(key)) return false;
    level.set(key, record.id);
    this.count++;
    return true;
  }

  /**
   * The id under `record`'s own values, if any: the write path's unique check. Reads the record's
   * fields where they are, so no key string is built, split or hashed (a create's
   * `platform_user_id` was hashed once already, by the lookup before it, and the hash is kept in
   * the string).
   */
  holderOf(record: T): number | undefined {
    let level = this.accounts.get(record.account_id);
    const fields = this.fields;
    const last = fields.length - 1;
    for (let depth = 0; depth < last && level !== undefined; depth++) {
      const next = level.get(asKey(record[fields[depth]!]));
      level = typeof next === 'number' ? undefined : next;
    }
    const found = level?.get(asKey(record[fields[last]!]));
    return typeof found === 'number' ? found : undefined;
  }

  /** Puts `record`'s id under its own values (replacing any holder): `set` without the key string. */
  put(record: T): void {
    const level = this.levelFor(record);
    const key = this.lastValueOf(record);
    if (!level.has(key)) this.count++;
    level.set(key, record.id);
  }

  /**
   * The innermost level for `record`'s values, created when missing. The account level is kept
   * from the last call: neighbouring records of a saved state, and consecutive writes, mostly share
   * their account (their channels alternate, so the levels below are looked up each time).
   */
  private levelFor(record: T): Level {
    let level = this.lastAccountLevel;
    if (level === undefined || record.account_id !== this.lastAccount) {
      level = this.accounts.get(record.account_id);
      if (!level) this.accounts.set(record.account_id, (level = new Map()));
      this.lastAccount = record.account_id;
      this.lastAccountLevel = level;
    }
    const fields = this.fields;
    for (let depth = 0; depth < fields.length - 1; depth++) level = this.below(level, asKey(record[fields[depth]!]));
    return level;
  }

  /** The last field's value: the key under which the innermost level holds the record's id. */
  private lastValueOf(record: T): string {
    return asKey(record[this.fields[this.fields.length - 1]!]);
  }

  get(key: string): number | undefined {
    const parts = this.split(key);
    return parts && this.idAt(this.accounts.get(parts.account), parts.values);
  }

  set(key: string, id: number): this {
    const parts = this.split(key);
    if (!parts) throw new Error(`not a key of this nested index: ${key}`);
    let level = this.accounts.get(parts.account);
    if (!level) this.accounts.set(parts.account, (level = new Map()));
    const { values } = parts;
    for (let depth = 0; depth < values.length - 1; depth++) level = this.below(level, values[depth]!);
    const last = values[values.length - 1]!;
    if (!level.has(last)) this.count++;
    level.set(last, id);
    return this;
  }

  delete(key: string): boolean {
    const parts = this.split(key);
    if (!parts) return false;
    const leaf = this.leaf(this.accounts.get(parts.account), parts.values);
    if (!leaf?.delete(parts.values[parts.values.length - 1]!)) return false;
    this.count--;
    // Emptied levels stay: an account has a handful of channels.
    return true;
  }

  /** The level under `key`, created when missing. */
  private below(level: Level, key: string): Level {
    let next = level.get(key);
    if (next === undefined) level.set(key, (next = new Map()));
    if (typeof next === 'number') throw new Error('a nested unique index holds an id where a level belongs');
    return next;
  }

  /** The innermost level for these values (the last value is its key), if it exists. */
  private leaf(level: Level | undefined, values: readonly string[]): Level | undefined {
    for (let depth = 0; depth < values.length - 1 && level !== undefined; depth++) {
      const next = level.get(values[depth]!);
      level = typeof next === 'number' ? undefined : next;
    }
    return level;
  }

  private idAt(level: Level | undefined, values: readonly string[]): number | undefined {
    const found = this.leaf(level, values)?.get(values[values.length - 1]!);
    return typeof found === 'number' ? found : undefined;
  }

  /** `<account>|<v1>|...|<vn>` → its parts; undefined when the key has too few separators. */
  private split(key: string): { account: number; values: string[] } | undefined {
    let start = key.indexOf(SEPARATOR);
    if (start < 0) return undefined;
    const account = Number(key.slice(0, start));
    const values: string[] = [];
    for (let depth = 0; depth < this.fields.length - 1; depth++) {
      const end = key.indexOf(SEPARATOR, start + 1);
      if (end < 0) return undefined;
      values.push(key.slice(start + 1, end));
      start = end;
    }
    values.push(key.slice(start + 1));
    return { account, values };
  }
}
