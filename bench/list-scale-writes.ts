/**
 * Writes on old records at two sizes (issue 12, item 4: index maintenance on update and delete is
 * O(log n); benchmark: within 2x at 1M vs 1k), measured so that the ratio means something:
 *
 * - warm code first: both sizes run `warmupOps` of the write before any timing, so neither pays the
 *   JIT's first tiers (4 rounds of 100 operations, the earlier shape, were mostly that: the first
 *   few thousand deletes of a fresh process cost 5 to 30 times the later ones);
 * - many short rounds, the sizes alternating which goes first, the ratio taken per pair of rounds
 *   (a busy moment of the shared machine bills both sizes) and its median reported, with spreads;
 * - a minor collection before every round at both sizes, so a round does not pay for the scavenge
 *   of what came before it (the other size's round, the untimed refill); what a round allocates
 *   itself it still pays for;
 * - the oldest contacts each time, and both sizes stay at their size: each deleted contact is
 *   created again after its round (untimed, the same body, so it gets the newest id), the way a
 *   queue turns. The 1k account thus always has 1k contacts and its oldest is always as old as it
 *   gets; the 1M account deletes ids no round touched before. Both sizes do the same untimed work
 *   between rounds, so neither collects the other's garbage.
 */
import { CHANNELS } from '../src/core/types.js';
import type { Simulator } from '../src/simulator.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

/** What the write bench needs of a simulator built by list-scale.ts. */
export interface WriteTarget {
  sim: Simulator;
  writeHeaders: Record<string, string>;
  /** Ids of the account's oldest contacts, oldest first: `oldIds[i]` is the seed's contact `i`. */
  readonly oldIds: readonly number[];
  /** The body that creates the seed's contact `i` (the one a delete round creates again). */
  readonly contactBody: (i: number) => Record<string, unknown>;
}

export type WriteKind = 'update' | 'delete';

export interface WriteOptions {
  readonly rounds: number;
  readonly opsPerRound: number;
  readonly warmupOps: number;
  readonly maxRatio: number;
}

interface Old {
  id: number;
  /** The seed index of the contact (its identity is `bench-${index}` on that channel). */
  index: number;
}

/**
 * A size's contacts in the order the bench last touched them, least recent first: a round takes
 * the front and puts what it wrote at the back (a deleted contact under its new id). Shared by
 * both kinds, so the update rounds at 1M meet contacts the delete rounds never touched.
 */
export class OldContacts {
  private readonly queue: Old[];
  private head = 0;

  constructor(readonly target: WriteTarget) {
    this.queue = target.oldIds.map((id, index) => ({ id, index }));
  }

  take(count: number): Old[] {
    if (this.queue.length - this.head < count) throw new Error(`a round of ${count} needs more old contacts than the ${this.queue.length - this.head} queued`);
    const taken = this.queue.slice(this.head, this.head + count);
    this.head += count;
    // Drop the consumed front now and then, so the queue does not keep every contact ever touched.
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    return taken;
  }

  putBack(contacts: readonly Old[]): void {
    this.queue.push(...contacts);
  }
}

function minorGc(): void {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  gc?.({ type: 'minor' });
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

async function send(target: WriteTarget, method: 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<{ id: number }> {
  const response = await target.sim.handle({ method, path: `/api/v1${path}`, query: {}, headers: target.writeHeaders, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}; not a valid measurement`);
  return (response.body as { data: { id: number } }).data;
}

/** One timed round of `kind` on the `count` least recently touched contacts; µs per write. */
async function timedRound(kind: WriteKind, contacts: OldContacts, count: number, label: number): Promise<number> {
  const { target } = contacts;
  const batch = contacts.take(count);
  minorGc();
  const started = performance.now();
  if (kind === 'delete') {
    for (const { id } of batch) await send(target, 'DELETE', `/contacts/${id}`);
  } else {
    // Stage and name both change on every write: the stage index entry moves, and the name's pieces.
    for (const { index } of batch) {
      await send(target, 'POST', '/contacts', { channel: CHANNELS[index % CHANNELS.length], platform_user_id: `bench-${index}`, stage: label % 2 === 0 ? 'customer' : 'contacted', name: `Renamed ${label} ${index}` });
    }
  }
  const micros = ((performance.now() - started) * 1000) / count;
  if (kind === 'delete') {
    // Untimed: the same contacts again, now the newest, so the account keeps its size.
    for (const old of batch) old.id = (await send(target, 'POST', '/contacts', target.contactBody(old.index))).id;
  }
  contacts.putBack(batch);
  return micros;
}

/** Times `kind` on the oldest contacts of `small` and `large` in alternating rounds; returns the row. */
export async function compareWrites(kind: WriteKind, small: OldContacts, large: OldContacts, largeLabel: string, options: WriteOptions): Promise<BenchRow> {
  const started = performance.now();
  collectGarbage();
  let label = 0;
  for (let done = 0; done < options.warmupOps; done += options.opsPerRound, label++) {
    await timedRound(kind, small, options.opsPerRound, label);
    await timedRound(kind, large, options.opsPerRound, label);
  }
  const micros = { small: [] as number[], large: [] as number[] };
  const ratios: number[] = [];
  for (let r = 0; r < options.rounds; r++, label++) {
    const order = r % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const which of order) micros[which].push(await timedRound(kind, which === 'small' ? small : large, options.opsPerRound, label));
    ratios.push(micros.large[r]! / micros.small[r]!);
  }
  const ratio = median(ratios);
  const spread = (values: readonly number[]): string => `${round(quantile(values, 0.1), 1)}-${round(quantile(values, 0.9), 1)}`;
  const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    name: `${kind === 'update' ? 'POST /contacts update (stage, name)' : 'DELETE /contacts/{id}'} of an old contact at ${largeLabel} vs 1k`,
    value: round(median(micros.large), 1),
    unit: 'µs/op',
    baseline: round(median(micros.small), 1),
    ratio: round(ratio),
    target: `<= ${options.maxRatio}x`,
    pass: ratio <= options.maxRatio,
    note:
      `${options.rounds} rounds x ${options.opsPerRound} ops after ${options.warmupOps} warm-up ops per size, the least recently touched contacts; ` +
      `µs/op p10-p90 ${spread(micros.large)} vs ${spread(micros.small)}, mean ${round(mean(micros.large), 1)} vs ${round(mean(micros.small), 1)}; ` +
      `paired ratio p25-p75 ${round(quantile(ratios, 0.25))}-${round(quantile(ratios, 0.75))}x; ${round((performance.now() - started) / 1000, 1)} s`,
  };
}
