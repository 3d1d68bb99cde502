/**
 * A seed file is valid only if `serve --seed` loads it: the schema is not enough, because the
 * references between records (an appointment's conversation, a flow rule's tag) are checked by
 * the models as the store is built. `assertSeedLoads` builds that store in memory exactly as
 * `serve --seed` does (createSimulator) and discards it; `seed check` and `seed pull --limit` use it.
 *
 * `dropUnloadable` is for `seed pull --limit`: cutting every list at N records can leave a kept
 * record pointing at one that was cut. It loads the seed leniently: every record a model refuses
 * is skipped and reported, and the records that needed a skipped one are refused in the same
 * pass (groups load what they need first). Those records are dropped, and the seed is loaded
 * again until a pass refuses nothing, which is then exactly the strict load `serve --seed` does.
 * Usually two passes, whatever the number of drops (it was one whole load per drop).
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
  /** The seed list it was in, e.g. `appointments`. */
  readonly field: string;
  /** The load error that named it. */
  readonly reason: string;
}

interface SeedShape {
  accounts: Record<string, unknown>[];
}

/**
 * Loads `seed` leniently (`createSimulator`'s `onSeedRecordRefused`): returns the records its
 * models refused, or throws what the seed's shape or a whole section gets wrong.
 */
export type LenientLoad = (seed: unknown) => SeedError[];

export const loadLeniently: LenientLoad = (seed) => {
  const refused: SeedError[] = [];
  createSimulator({ seed, rateLimit: 'off', logger: silentLogger, onSeedRecordRefused: (error) => refused.push(error) }).close();
  return refused;
};

const RECORD_PATH = /^\$\.accounts\[(\d+)\]\.([A-Za-z_]\w*)\[(\d+)\]/;

interface RecordAt {
  readonly account: number;
  readonly field: string;
  readonly index: number;
  /** The record's path, e.g. `$.accounts[0].appointments[3]`. */
  readonly path: string;
}

/** The list record a load error names, when it names one that `seed` holds. */
function recordNamedBy(error: unknown, seed: SeedShape): RecordAt | undefined {
  const match = error instanceof SeedError ? RECORD_PATH.exec(error.jsonPath) : null;
  if (!match) return undefined;
  const [path, account, field, index] = match as unknown as [string, string, string, string];
  const list = seed.accounts[Number(account)]?.[field];
  if (!Array.isArray(list) || Number(index) >= list.length) return undefined;
  return { account: Number(account), field, index: Number(index), path };
}

/**
 * Drops records until the seed loads; returns what was dropped, in the order the passes found it.
 * Throws what cannot be fixed by dropping a record (the seed's shape, a whole section) and when more
 * than `maxDrops` records would go.
 */
export function dropUnloadable(seed: SeedShape, maxDrops = 10_000, load: LenientLoad = loadLeniently): DroppedRecord[] {
  const dropped: DroppedRecord[] = [];
  for (;;) {
    let refused: readonly SeedError[];
    try {
      refused = load(seed);
    } catch (error) {
      // The shape is checked whole before any model runs: a record it refuses (a list item of a
      // wrong type) goes alone, as the models' refusals go by the pass.
      const record = recordNamedBy(error, seed);
      if (!record) throw error;
      refused = [error as SeedError];
    }
    if (refused.length === 0) return dropped;
    const named = refused.map((error) => ({ error, record: recordNamedBy(error, seed) }));
    const unfixable = named.find((entry) => entry.record === undefined);
    if (unfixable) throw unfixable.error;
    // One entry per record (a record is refused once per pass; this keeps the removal exact anyway).
    const records = [...new Map(named.map((entry) => [entry.record!.path, entry])).values()];
    if (dropped.length + records.length > maxDrops) throw records[0]!.error;
    for (const { error, record } of records) dropped.push({ path: described(seed, record!), field: record!.field, reason: error.message });
    // Highest index first per list, so the positions the errors name stay right while removing.
    const byPosition = records.map((entry) => entry.record!).sort((a, b) => a.account - b.account || a.field.localeCompare(b.field) || b.index - a.index);
    for (const record of byPosition) (seed.accounts[record.account]![record.field] as unknown[]).splice(record.index, 1);
  }
}

/** `path (id N)` when the record carries an id, else the path. */
function described(seed: SeedShape, record: RecordAt): string {
  const item: unknown = (seed.accounts[record.account]![record.field] as unknown[])[record.index];
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? `${record.path} (id ${id})` : record.path;
}
