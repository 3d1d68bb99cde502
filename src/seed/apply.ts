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
        const each = <T>(field: string, items: readonly T[] | undefined, load: (item: T) => void): void =>
          (items ?? []).forEach((item, position) => at([field, position], () => load(item)));
        apply({ ...instance.context, accountId: account.id, at, each }, section);
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
