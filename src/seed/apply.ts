/**
 * Loads a validated seed into an empty simulator, inside one transaction: for every account in
 * seed order, every group's section in registry order (a group's section may refer to what the
 * groups it needs loaded just before). A rule only a model knows, broken by the seed, is an
 * error naming its JSON path, like a parse error.
 *
 * Leniently (`onRecordRefused`), a list's record that its model refuses is skipped instead: its own
 * writes are undone (`Store.attempt`), the refusal is reported, and the load goes on, so records
 * that needed it are refused in the same pass (`seed pull --limit` cuts dangling references so).
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

/** A seed list's record its model refused (a lenient load skipped it). */
export type RecordRefused = (error: SeedError) => void;

export function applySeed(store: Store, instances: readonly GroupInstance[], accounts: readonly SeedAccountLike[], onRecordRefused?: RecordRefused): void {
  store.transaction(() => {
    accounts.forEach((account, index) => {
      for (const instance of instances) {
        const spec = instance.group.seed;
        if (!spec) continue;
        const section: Record<string, unknown> = {};
        for (const field of Object.keys(spec.fields)) if (account[field] !== undefined) section[field] = account[field];
        const apply = spec.apply as (ctx: object, section: Record<string, unknown>) => void;
        const at = atPath(['accounts', index], onRecordRefused && { store, onRecordRefused });
        const withId = explicitIds(store);
        const each = <T>(field: string, items: readonly T[] | undefined, load: (item: T) => void, order?: (a: T, b: T) => number): void => {
          const sequence = spec.ids?.[field];
          for (const { item, position } of loadOrder(items ?? [], sequence !== undefined, order)) {
            at([field, position], () => (sequence === undefined ? load(item) : withId(sequence, idOf(item), () => load(item))));
          }
        };
        apply({ ...instance.context, accountId: account.id, at, each, withId }, section);
      }
    });
  });
}

interface Leniency {
  readonly store: Store;
  readonly onRecordRefused: RecordRefused;
}

/**
 * `at` for one account: what `work` throws becomes a SeedError naming the path. With `lenient`,
 * the work for one record of a list (a path `[field, index]`) is a part that can fail alone: its
 * writes are undone and the refusal reported instead of thrown.
 */
function atPath(prefix: readonly (string | number)[], lenient?: Leniency): AtPath {
  const named = (path: readonly (string | number)[], work: () => void): void => {
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
  if (!lenient) return named;
  return (path, work) => {
    const listRecord = path.length === 2 && typeof path[0] === 'string' && typeof path[1] === 'number';
    if (!listRecord) return named(path, work);
    try {
      lenient.store.attempt(() => named(path, work));
    } catch (error) {
      if (!(error instanceof SeedError)) throw error;
      lenient.onRecordRefused(error);
    }
  };
}

function idOf(item: unknown): number | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/**
 * Items with explicit ids load in ascending id order (ids come from ascending sequences); the rest
 * after. Among equals, the section's own `order` (oldest first, say), then file order. Positions
 * stay those of the file, so an error names the item where the file has it.
 */
function loadOrder<T>(items: readonly T[], byId: boolean, order?: (a: T, b: T) => number): { item: T; position: number }[] {
  const rows = items.map((item, position) => ({ item, position, id: byId ? idOf(item) : undefined }));
  if (!order && rows.every((row) => row.id === undefined)) return rows;
  return rows.sort((a, b) => (a.id ?? Infinity) - (b.id ?? Infinity) || (order ? order(a.item, b.item) : 0) || a.position - b.position);
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
