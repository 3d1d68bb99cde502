/**
 * Loads a validated seed into an empty simulator, inside one transaction: for every account in
 * seed order, every group's section in registry order (a group's section may refer to what the
 * groups it needs loaded just before). A rule only a model knows, broken by the seed, is an
 * error naming its JSON path, like a parse error.
 */
import { ApiError } from '../core/errors.js';
import type { AtPath } from '../groups/define.js';
import type { GroupInstance } from '../groups/compose.js';
import type { Store } from '../store/store.js';
import { SeedError, toJsonPath } from './parse.js';

export interface SeedAccountLike {
  readonly id: number;
  readonly [field: string]: unknown;
}

export function applySeed(store: Store, instances: readonly GroupInstance[], accounts: readonly SeedAccountLike[]): void {
  store.transaction(() => {
    accounts.forEach((account, index) => {
      for (const instance of instances) {
        const spec = instance.group.seed;
        if (!spec) continue;
        const section: Record<string, unknown> = {};
        for (const field of Object.keys(spec.fields)) if (account[field] !== undefined) section[field] = account[field];
        const apply = spec.apply as (ctx: object, section: Record<string, unknown>) => void;
        const at = atPath(['accounts', index]);
        const withId = explicitIds(store);
        const each = <T>(field: string, items: readonly T[] | undefined, load: (item: T) => void): void => {
          const sequence = spec.ids?.[field];
          for (const { item, position } of inIdOrder(items ?? [], sequence !== undefined)) {
            at([field, position], () => (sequence === undefined ? load(item) : withId(sequence, idOf(item), () => load(item))));
          }
        };
        apply({ ...instance.context, accountId: account.id, at, each, withId }, section);
      }
    });
  });
}

function atPath(prefix: readonly (string | number)[]): AtPath {
  return (path, work) => {
    try {
      work();
    } catch (error) {
      const where = toJsonPath([...prefix, ...path]);
      if (error instanceof ApiError && error.param !== undefined) {
        throw new SeedError(`${where}.${error.param}`, error.message);
      }
      throw new SeedError(where, error instanceof Error ? error.message : String(error));
    }
  };
}

function idOf(item: unknown): number | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/** Items with explicit ids load in ascending id order (ids come from ascending sequences); the rest after, in file order. */
function inIdOrder<T>(items: readonly T[], byId: boolean): { item: T; position: number }[] {
  const rows = items.map((item, position) => ({ item, position, id: idOf(item) }));
  if (!byId || rows.every((row) => row.id === undefined)) return rows;
  return rows.sort((a, b) => (a.id ?? Infinity) - (b.id ?? Infinity) || a.position - b.position);
}

/**
 * Gives the record `work` creates exactly `id` (the store's next id of `sequence` is pinned to it;
 * the sequence ends at least there, so later ids cannot collide). A taken id is refused by the
 * collection (duplicate id), never renumbered.
 */
function explicitIds(store: Store) {
  return <R>(sequence: string, id: number | undefined, work: () => R): R => {
    if (id === undefined) return work();
    store.pinNextId(sequence, id);
    let result: R;
    try {
      result = work();
    } catch (error) {
      store.unpin(sequence);
      throw error;
    }
    if (!store.unpin(sequence)) throw new Error(`id ${id}: the record did not take it`);
    return result;
  };
}
