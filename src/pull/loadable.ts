/**
 * A seed file is valid only if `serve --seed` loads it: the schema is not enough, because the
 * references between records (an appointment's conversation, a flow rule's tag) are checked by
 * the models as the store is built. `assertSeedLoads` builds that store in memory exactly as
 * `serve --seed` does (createSimulator) and discards it; `seed check` and `seed pull --limit` use it.
 *
 * `dropUnloadable` is for `seed pull --limit`: cutting every list at N records can leave a kept
 * record pointing at one that was cut. It drops the record that names the JSON path of a load
 * error, and tries again, until the seed loads; every drop is reported so the pull can warn.
 */
import { silentLogger } from '../core/logger.js';
import { SeedError } from '../seed/parse.js';
import { createSimulator } from '../simulator.js';

/** Throws the first problem `serve --seed` would refuse (a SeedError naming its JSON path). */
export function assertSeedLoads(seed: unknown): void {
  createSimulator({ seed, rateLimit: 'off', logger: silentLogger }).close();
}

export interface DroppedRecord {
  /** Where the record was, e.g. `$.accounts[0].appointments[3]`. */
  readonly path: string;
  /** The load error that named it. */
  readonly reason: string;
}

interface SeedShape {
  accounts: Record<string, unknown>[];
}

const RECORD_PATH = /^\$\.accounts\[(\d+)\]\.([A-Za-z_]\w*)\[(\d+)\]/;

/** Drops records until the seed loads; returns what was dropped. Throws what cannot be fixed by dropping a record. */
export function dropUnloadable(seed: SeedShape, maxDrops = 10_000): DroppedRecord[] {
  const dropped: DroppedRecord[] = [];
  for (;;) {
    try {
      assertSeedLoads(seed);
      return dropped;
    } catch (error) {
      const match = error instanceof SeedError ? RECORD_PATH.exec(error.jsonPath) : null;
      const list = match ? seed.accounts[Number(match[1])]?.[match[2]!] : undefined;
      if (!match || !Array.isArray(list) || dropped.length >= maxDrops) throw error;
      const [record] = list.splice(Number(match[3]), 1) as unknown[];
      const id = typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
      dropped.push({ path: typeof id === 'number' ? `${match[0]} (id ${id})` : match[0], reason: (error as Error).message });
    }
  }
}
