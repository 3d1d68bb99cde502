/**
 * The embedded default seed: one account per plan tier with the add-on active, plus one whose
 * add-on is inactive. It is data, not code: each group keeps its part in its own folder
 * (`default-seed.json`, by account id) and declares it in its seed spec; this assembles the
 * accounts from those parts in registry order. Ids and keys are deterministic and documented in
 * the README, so a quick start, a CI suite and a support replay all see the same sandbox.
 */
import type { AnyGroup } from '../groups/define.js';
import { SEED_FORMAT } from './schema.js';

export interface DefaultSeedData {
  readonly format: typeof SEED_FORMAT;
  readonly version: 1;
  readonly accounts: Record<string, unknown>[];
}

export function defaultSeedOf(groups: readonly AnyGroup[]): DefaultSeedData {
  const accounts = new Map<string, Record<string, unknown>>();
  for (const group of groups) {
    for (const [accountId, section] of Object.entries(group.seed?.defaults ?? {})) {
      const account = accounts.get(accountId) ?? {};
      accounts.set(accountId, { ...account, ...(section as Record<string, unknown>) });
    }
  }
  const ordered = [...accounts.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, account]) => account);
  // A deep copy: callers may edit the seed they get without touching the embedded data.
  return { format: SEED_FORMAT, version: 1, accounts: structuredClone(ordered) };
}
