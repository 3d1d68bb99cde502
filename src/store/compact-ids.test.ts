import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARRAY_MAX, CompactIds } from './compact-ids.js';

type Op =
  | { kind: 'insert'; id: number }
  | { kind: 'remove'; id: number }
  | { kind: 'fill'; from: number; step: number; count: number }
  | { kind: 'drain'; from: number; step: number; count: number }
  /** The oldest `count` ids go and as many new ones come after the largest (deleting old contacts, creating new). */
  | { kind: 'queue'; count: number; step: number }
  /** Ids just below the smallest, largest first (an undo putting deleted old records back). */
  | { kind: 'front'; count: number };

/** The model: a Set, read back sorted. */
function sorted(model: ReadonlySet<number>): number[] {
  return [...model].sort((a, b) => a - b);
}

const BLOCK = 65_536;

/**
 * Ids near block boundaries and a few blocks apart, plus bulk fills and drains of one block so
 * arrays pass ARRAY_MAX (becoming bitmaps) and fall back under half of it (becoming arrays).
 */
const anId = fc.oneof(
  fc.integer({ min: 1, max: 200 }),
  fc.integer({ min: BLOCK - 100, max: BLOCK + 100 }),
  fc.integer({ min: 3 * BLOCK - 40, max: 3 * BLOCK + 40 }),
  fc.integer({ min: 1, max: 5 * BLOCK }),
  fc.constantFrom(2 ** 40, 2 ** 40 + 1, Number.MAX_SAFE_INTEGER),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('insert' as const), id: anId }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('remove' as const), id: anId }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fill' as const), from: fc.integer({ min: 1, max: 2 * BLOCK }), step: fc.integer({ min: 1, max: 7 }), count: fc.integer({ min: ARRAY_MAX - 10, max: ARRAY_MAX + 300 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drain' as const), from: fc.integer({ min: 1, max: 2 * BLOCK }), step: fc.integer({ min: 1, max: 7 }), count: fc.integer({ min: 1000, max: ARRAY_MAX + 300 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('queue' as const), count: fc.integer({ min: 1, max: 3000 }), step: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('front' as const), count: fc.integer({ min: 1, max: 300 }) }) },
);

function apply(set: CompactIds, model: Set<number>, step: Op): void {
  if (step.kind === 'insert') expect(set.insert(step.id)).toBe(!model.has(step.id)), model.add(step.id);
  else if (step.kind === 'remove') expect(set.remove(step.id)).toBe(model.delete(step.id));
  else if (step.kind === 'queue') {
    const ids = sorted(model);
    let next = (ids[ids.length - 1] ?? 0) + step.step;
    for (const id of ids.slice(0, step.count)) {
      // Ids are safe integers: past 2^53 - 1 the next id is not representable, so the queue stops.
      if (next > Number.MAX_SAFE_INTEGER) break;
      expect(set.remove(id)).toBe(model.delete(id));
      expect(set.insert(next)).toBe(true), model.add(next);
      next += step.step;
    }
  } else if (step.kind === 'front') {
    const smallest = sorted(model)[0] ?? 1000;
    for (let id = smallest - 1; id >= Math.max(0, smallest - step.count); id--) expect(set.insert(id)).toBe(true), model.add(id);
  } else {
    for (let i = 0; i < step.count; i++) {
      const id = step.from + i * step.step;
      if (step.kind === 'fill') set.insert(id), model.add(id);
      else set.remove(id), model.delete(id);
    }
  }
}

function checkAgainst(set: CompactIds, model: ReadonlySet<number>, probes: readonly number[]): void {
  const ids = sorted(model);
  expect(set.length).toBe(ids.length);
  expect([...set]).toEqual(ids);
  expect([...set.descending()]).toEqual([...ids].reverse());
  expect(set.first()).toBe(ids[0]);
  expect(set.last()).toBe(ids[ids.length - 1]);
  for (const probe of probes) {
    expect(set.has(probe)).toBe(model.has(probe));
    expect([...set.descending(probe)]).toEqual(ids.filter((id) => id < probe).reverse());
    expect([...set.ascending(probe)]).toEqual(ids.filter((id) => id >= probe));
    expect(set.countBelow(probe)).toBe(ids.filter((id) => id < probe).length);
  }
}

describe('CompactIds (array or bitmap blocks of 65,536 ids) against a Set', () => {
  it('agrees on every read after any run of inserts, removes, fills and drains', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.array(anId, { minLength: 1, maxLength: 12 }), (ops, probes) => {
        const set = new CompactIds();
        const model = new Set<number>();
        for (const step of ops) apply(set, model, step);
        checkAgainst(set, model, [...probes, 0, 1, BLOCK, BLOCK + 1, 2 * BLOCK]);
      }),
      { numRuns: 60 },
    );
  });

  it('deletes from the front of an array block and appends at its back without growing it', () => {
    const set = new CompactIds();
    const model = new Set<number>();
    for (let id = 0; id < 1000; id++) set.insert(id * 4), model.add(id * 4);
    const bytes = set.bytes;
    // A queue through one block: the oldest goes, a new largest comes, 20 times the block's size.
    for (let k = 0; k < 20_000; k++) {
      const oldest = set.first()!;
      expect(set.remove(oldest)).toBe(true), model.delete(oldest);
      const newest = 4000 + (k % 60_000);
      if (!model.has(newest)) set.insert(newest), model.add(newest);
    }
    expect(set.bytes).toBeLessThanOrEqual(bytes);
    checkAgainst(set, model, [0, 4000, 30_000, 63_999, 64_000]);
    // And back: ids below the smallest, one by one, largest first.
    for (let id = set.first()! - 1; id >= set.first()! - 500 && id >= 0; id--) set.insert(id), model.add(id);
    checkAgainst(set, model, [0, 4000, 30_000, 63_999, 64_000]);
  });

  it('turns a block into a bitmap past ARRAY_MAX ids and back into an array under half of it', () => {
    const set = new CompactIds();
    for (let id = 1; id <= ARRAY_MAX; id++) set.insert(id * 3);
    expect(set.bytes).toBe(ARRAY_MAX * 2);
    set.insert(1);
    expect(set.bytes).toBe(8192);
    expect(set.length).toBe(ARRAY_MAX + 1);
    for (let id = 1; id <= ARRAY_MAX; id++) set.remove(id * 3);
    expect(set.length).toBe(1);
    expect(set.bytes).toBeLessThan(100);
    expect([...set]).toEqual([1]);
  });

  it('holds a dense million ids in about 16 bitmaps, and walks from a cursor in the middle', () => {
    const set = new CompactIds();
    for (let id = 1; id <= 1_000_000; id++) set.insert(id);
    expect(set.length).toBe(1_000_000);
    expect(set.bytes).toBeLessThanOrEqual(16 * 8192);
    const page: number[] = [];
    for (const id of set.descending(500_001)) {
      page.push(id);
      if (page.length === 3) break;
    }
    expect(page).toEqual([500_000, 499_999, 499_998]);
    expect(set.countBelow(500_001)).toBe(500_000);
  });

  it('refuses the keyed walk, which only keyed SortedIds give', () => {
    expect(() => new CompactIds().descendingAtLeast()).toThrow(/keyed/);
  });
});
