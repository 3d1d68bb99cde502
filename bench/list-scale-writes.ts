/**
 * Writes on old records at two sizes (issue 12, item 4: index maintenance on update and delete is
 * O(log n); benchmark: within 2x at 1M vs 1k), measured so that the ratio means something:
 *
 * - warm code first: both sizes run WARMUP_OPS of the write before any timing, so neither size
 *   pays the JIT's first tiers (4 rounds of 100 operations, the earlier shape, were mostly that:
 *   the first few thousand deletes of a fresh process cost 5-30 times the later ones);
 * - many short rounds, the sizes alternating which goes first, and the ratio taken per pair of
 *   rounds (so a busy moment of the shared machine bills both sizes), then its median;
 * - a minor collection before every round at both sizes, so a round does not pay for the
 *   scavenge of what the previous round (or the other size) left; what a round allocates itself
 *   it still pays for;
 * - both sizes stay at their size: a size whose next round would take it below 90% of its records
 *   is restored from the snapshot taken when it was built (at 1k: every round of 100 deletes; at
 *   1M the whole run deletes about 2% and never restores). A restore is never timed.
 *
 * The ids written are the oldest of the account, fresh ones each round where the account has
 * enough (an update round at 1M touches records no round touched before), so the large size gets
 * no help from records a previous round left in cache.
 */
import { CHANNELS } from '../src/core/types.js';
import type { Simulator, SimulatorSnapshot } from '../src/simulator.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

/** What the write bench needs of a simulator built by list-scale.ts. */
export interface WriteTarget {
  sim: Simulator;
  writeHeaders: Record<string, string>;
  /** Contacts in the account when built. */
  readonly count: number;
  /** Ids of the account's oldest contacts, oldest first: `oldIds[i]` is the seed's contact `bench-${i}`. */
  readonly oldIds: readonly number[];
  /** The state as built, for a size the deletes would otherwise shrink (list-scale keeps one for 1k). */
  readonly snapshot?: SimulatorSnapshot;
}

export type WriteKind = 'update' | 'delete';

export interface WriteOptions {
  readonly rounds: number;
  readonly opsPerRound: number;
  readonly warmupOps: number;
  readonly maxRatio: number;
}

/** A size may lose at most this share of its records before it is restored. */
const MAX_DELETED_SHARE = 0.1;

function minorGc(): void {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  gc?.({ type: 'minor' });
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

/** One size's state through the rounds: where its next old id is, and how to go back to its start. */
class Side {
  /** Position in `oldIds` of the first id this side writes, and how many from there it may use. */
  private readonly base: number;
  private readonly span: number;
  private cursor = 0;
  private deletedSinceRestore = 0;
  readonly micros: number[] = [];

  constructor(
    readonly target: WriteTarget,
    private readonly kind: WriteKind,
    plannedOps: number,
  ) {
    const pool = target.oldIds.length;
    if (kind === 'update' || target.snapshot) {
      // Updates never shrink the account; a size with a snapshot is restored before it shrinks.
      this.base = 0;
      this.span = kind === 'delete' ? Math.min(pool, Math.floor(target.count * MAX_DELETED_SHARE)) : pool;
    } else {
      // No snapshot (the 1M size): the whole run's deletes must fit in 10% of the account, taken
      // from the end of the pool, so they meet contacts the update rounds did not touch.
      if (plannedOps > Math.min(pool, target.count * MAX_DELETED_SHARE)) throw new Error(`${plannedOps} deletes would take the account below 90% or past its ${pool} old ids`);
      this.base = pool - plannedOps;
      this.span = plannedOps;
    }
  }

  /** Runs `ops` writes of the next old ids; returns microseconds per write. */
  async round(ops: number, label: number): Promise<number> {
    if (ops > this.span) throw new Error(`a round of ${ops} needs more than the ${this.span} old ids this size may use`);
    if (this.kind === 'delete' && this.deletedSinceRestore + ops > this.span) this.restore();
    if (this.cursor + ops > this.span) this.cursor = 0;
    const first = this.base + this.cursor;
    this.cursor += ops;
    minorGc();
    const started = performance.now();
    for (let k = 0; k < ops; k++) await this.write(first + k, label);
    const micros = ((performance.now() - started) * 1000) / ops;
    if (this.kind === 'delete') this.deletedSinceRestore += ops;
    return micros;
  }

  /** Puts the account back as built (not timed): the same records, ids and indexes. */
  restore(): void {
    if (!this.target.snapshot) throw new Error('this size keeps no snapshot to restore');
    this.target.sim.restore(this.target.snapshot);
    this.cursor = 0;
    this.deletedSinceRestore = 0;
    // Only a minor collection: a full one in the process holding 1M contacts takes over a second,
    // and its concurrent sweeping then slows the next rounds of both sizes. What the restore left
    // in the old generation waits for the next major collection, as any garbage does.
    minorGc();
  }

  get restorable(): boolean {
    return this.target.snapshot !== undefined;
  }

  private async write(at: number, label: number): Promise<void> {
    const { target } = this;
    const id = target.oldIds[at]!;
    let response;
    if (this.kind === 'delete') {
      response = await target.sim.handle({ method: 'DELETE', path: `/api/v1/contacts/${id}`, query: {}, headers: target.writeHeaders });
    } else {
      // Stage and name both change on every write (the stage, channel-free index moves; the name's pieces move).
      const body = { channel: CHANNELS[at % CHANNELS.length], platform_user_id: `bench-${at}`, stage: label % 2 === 0 ? 'customer' : 'contacted', name: `Renamed ${label} ${at}` };
      response = await target.sim.handle({ method: 'POST', path: '/api/v1/contacts', query: {}, headers: target.writeHeaders, body });
    }
    if (response.status >= 300) throw new Error(`${this.kind} of contact ${id} answered ${response.status}; not a valid measurement`);
  }
}

/**
 * Times `kind` on old contacts of `small` and `large` in alternating rounds and returns the row.
 * A size that keeps a snapshot starts and ends as built (later cases read it).
 */
export async function compareWrites(kind: WriteKind, small: WriteTarget, large: WriteTarget, largeLabel: string, options: WriteOptions): Promise<BenchRow> {
  const planned = options.warmupOps + options.rounds * options.opsPerRound;
  const sides = { small: new Side(small, kind, planned), large: new Side(large, kind, planned) };
  const started = performance.now();
  // Each kind starts from the state as built where a size keeps it (the update rounds renamed 1k's contacts).
  for (const side of [sides.small, sides.large]) if (side.restorable) side.restore();
  collectGarbage();
  let label = 0;
  for (let done = 0; done < options.warmupOps; done += options.opsPerRound, label++) {
    await sides.small.round(options.opsPerRound, label);
    await sides.large.round(options.opsPerRound, label);
  }
  const ratios: number[] = [];
  for (let r = 0; r < options.rounds; r++, label++) {
    const order = r % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const which of order) sides[which].micros.push(await sides[which].round(options.opsPerRound, label));
    ratios.push(sides.large.micros[r]! / sides.small.micros[r]!);
  }
  for (const side of [sides.small, sides.large]) if (side.restorable) side.restore();
  const ratio = median(ratios);
  const spread = (values: readonly number[]): string => `${round(quantile(values, 0.1), 1)}-${round(quantile(values, 0.9), 1)}`;
  const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const seconds = round((performance.now() - started) / 1000, 1);
  return {
    name: `${kind === 'update' ? 'POST /contacts update (stage, name)' : 'DELETE /contacts/{id}'} of an old contact at ${largeLabel} vs 1k`,
    value: round(median(sides.large.micros), 1),
    unit: 'µs/op',
    baseline: round(median(sides.small.micros), 1),
    ratio: round(ratio),
    target: `<= ${options.maxRatio}x`,
    pass: ratio <= options.maxRatio,
    note:
      `${options.rounds} rounds x ${options.opsPerRound} ops after ${options.warmupOps} warm-up ops per size, the oldest ids; ` +
      `µs/op p10-p90 ${spread(sides.large.micros)} vs ${spread(sides.small.micros)}, mean ${round(mean(sides.large.micros), 1)} vs ${round(mean(sides.small.micros), 1)}; ` +
      `paired ratio p25-p75 ${round(quantile(ratios, 0.25))}-${round(quantile(ratios, 0.75))}x; ${seconds} s`,
  };
}
