/**
 * What a collection stores and how it indexes it: the shapes ./collection.ts and the bulk loader
 * (./bulk-load.ts) share, kept apart so neither imports the other.
 */

export interface Entity {
  readonly id: number;
  readonly account_id: number;
}

export type IndexKey = string | readonly string[] | null | undefined;

export interface IndexDefinition<T> {
  readonly key: (record: T) => IndexKey;
  /** A unique index holds at most one record per key; a clash throws (callers check first). */
  readonly unique?: boolean;
  /**
   * The only fields `key` reads (besides `account_id`, which never changes). When given, an update
   * that leaves them all identical skips this index without computing its keys, and a bulk load
   * computes one field's keys once per (account, value) pair (./bulk-load.ts).
   */
  readonly fields?: readonly (keyof T)[];
  /**
   * A unique index whose key is `<account_id>|<value of fields[0]>|...|<value of the last field>`
   * (exactly what `key` returns), where no field but the last can hold `|`: it is then kept as
   * nested maps keyed by the values themselves (./nested-unique.ts), so a bulk load builds no key
   * string per record. Needs `unique` and `fields`.
   */
  readonly nested?: boolean;
  /**
   * Makes an ordered index: under each key, ids sorted by (orderBy(record), id) instead of by id,
   * for lists whose spec order is a field that changes (./sorted-pairs.ts).
   */
  readonly orderBy?: (record: T) => number;
  /**
   * Each id under a key also carries the collection's `accountKey` (e.g. updated time), so a walk
   * of one key's list skips records under a threshold (`since`) as the account's list does: a
   * filter combined with `since` reads about a page, whichever is the more selective. Needs
   * `accountKey`; costs one re-key per key when the account key changes.
   */
  readonly keyed?: boolean;
}

export type IndexDefinitions<T> = Readonly<Record<string, IndexDefinition<T>>>;
