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

/** One level of the tree: the last level maps a value to an id, the others to the next level. */
type Level = Map<string, Level | number>;

export class NestedUniqueKeys<T extends Entity> implements UniqueKeys {
  private readonly accounts = new Map<number, Level>();
  private count = 0;
  // The innermost map the last bulk `claim` used, and the path to it: neighbouring records of a
  // saved state mostly share account and channel, so most claims skip the outer lookups.
  private lastAccount = Number.NaN;
  private lastPrefix: readonly unknown[] = [];
  private lastLeaf: Level | undefined;

  constructor(private readonly fields: readonly (keyof T)[]) {
    if (fields.length === 0) throw new Error('a nested unique index needs at least one field');
  }

  get size(): number {
    return this.count;
  }

  /** The id under the account and these field values (one per field, in order), if any. */
  find(accountId: number, values: readonly string[]): number | undefined {
    if (values.length !== this.fields.length) throw new Error(`expected ${this.fields.length} values, got ${values.length}`);
    const leaf = this.leafFor(accountId, (depth) => values[depth], false);
    const found = leaf?.get(values[values.length - 1]!);
    return typeof found === 'number' ? found : undefined;
  }

  /**
   * Bulk load: puts `record` under its key and returns true, or returns false (changing nothing)
   * when another id already holds that key.
   */
  claim(record: T): boolean {
    const fields = this.fields;
    const last = fields.length - 1;
    let leaf = this.lastLeaf;
    if (leaf === undefined || record.account_id !== this.lastAccount || !this.samePrefix(record)) {
      leaf = this.leafFor(record.account_id, (depth) => record[fields[depth]!], true)!;
      this.lastAccount = record.account_id;
      this.lastPrefix = fields.slice(0, last).map((field) => record[field]);
      this.lastLeaf = leaf;
    }
    const value = record[fields[last]!];
    const key = typeof value === 'string' ? value : String(value);
    if (leaf.has(key)) return false;
    leaf.set(key, record.id);
    this.count++;
    return true;
  }

  get(key: string): number | undefined {
    const parts = this.split(key);
    if (!parts) return undefined;
    const leaf = this.leafFor(parts.account, (depth) => parts.values[depth], false);
    const found = leaf?.get(parts.values[parts.values.length - 1]!);
    return typeof found === 'number' ? found : undefined;
  }

  set(key: string, id: number): this {
    const parts = this.split(key);
    if (!parts) throw new Error(`not a key of this nested index: ${key}`);
    const leaf = this.leafFor(parts.account, (depth) => parts.values[depth], true)!;
    const last = parts.values[parts.values.length - 1]!;
    if (!leaf.has(last)) this.count++;
    leaf.set(last, id);
    return this;
  }

  delete(key: string): boolean {
    const parts = this.split(key);
    if (!parts) return false;
    const leaf = this.leafFor(parts.account, (depth) => parts.values[depth], false);
    if (!leaf?.delete(parts.values[parts.values.length - 1]!)) return false;
    this.count--;
    // Emptied maps stay: an account's channels are few, and a claim may still hold the leaf.
    return true;
  }

  private samePrefix(record: T): boolean {
    const prefix = this.lastPrefix;
    for (let depth = 0; depth < prefix.length; depth++) if (record[this.fields[depth]!] !== prefix[depth]) return false;
    return true;
  }

  /** The innermost map for an account and the values above the last field's (created when asked). */
  private leafFor(accountId: number, valueAt: (depth: number) => unknown, create: boolean): Level | undefined {
    let level: Level | undefined = this.accounts.get(accountId);
    if (!level) {
      if (!create) return undefined;
      level = new Map();
      this.accounts.set(accountId, level);
    }
    for (let depth = 0; depth < this.fields.length - 1; depth++) {
      const raw = valueAt(depth);
      const value = typeof raw === 'string' ? raw : String(raw);
      let next: Level | number | undefined = level.get(value);
      if (next === undefined) {
        if (!create) return undefined;
        level.set(value, (next = new Map()));
      }
      if (typeof next === 'number') throw new Error('a nested unique index holds an id where a level belongs');
      level = next;
    }
    return level;
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
