import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX, SortedIds } from './sorted-ids.js';

type Op = { kind: 'insert'; id: number; key: number } | { kind: 'remove'; id: number };

/** The model: a plain ascending array of ids and a map of keys. */
class Model {
  ids: number[] = [];
  keys = new Map<number, number>();
  insert(id: number, key: number): void {
    if (!this.keys.has(id)) {
      this.ids.push(id);
      this.ids.sort((a, b) => a - b);
    }
    this.keys.set(id, key);
  }
  remove(id: number): boolean {
    if (!this.keys.delete(id)) return false;
    this.ids.splice(this.ids.indexOf(id), 1);
    return true;
  }
}

/**
 * Small chunks would never split with a handful of ids, so ops use id ranges well past CHUNK_MAX
 * and long runs; ids drawn from a narrow band make removals hit.
 */
const op = (maxId: number): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), id: fc.integer({ min: 1, max: maxId }), key: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 1, max: maxId }) }),
  );

/** A mostly ascending run (as ids from a sequence arrive), with deletes of old ids mixed in. */
const appendRun = fc.integer({ min: CHUNK_MAX, max: CHUNK_MAX * 5 });

/** Applies each step to the set and to the model; a remove must agree on whether the id was there. */
function applyOps(set: SortedIds, model: Model, ops: readonly Op[]): void {
  for (const step of ops) {
    if (step.kind === 'insert') {
      set.insert(step.id, step.key);
      model.insert(step.id, step.key);
    } else {
      expect(set.remove(step.id)).toBe(model.remove(step.id));
    }
  }
}

function checkAgainst(set: SortedIds, model: Model, probes: readonly number[]): void {
  expect(set.length).toBe(model.ids.length);
  expect([...set]).toEqual(model.ids);
  expect(set.toArray()).toEqual(model.ids);
  expect(set.first()).toBe(model.ids[0]);
  expect(set.last()).toBe(model.ids[model.ids.length - 1]);
  for (const probe of probes) {
    expect(set.has(probe)).toBe(model.keys.has(probe));
    expect(set.keyOf(probe)).toBe(model.keys.get(probe));
    expect([...set.descending(probe)]).toEqual(model.ids.filter((id) => id < probe).reverse());
    expect([...set.ascending(probe)]).toEqual(model.ids.filter((id) => id >= probe));
    expect(set.countBelow(probe)).toBe(model.ids.filter((id) => id < probe).length);
    const minKey = probe % 1000;
    expect([...set.descendingAtLeast(minKey, probe)]).toEqual(
      model.ids.filter((id) => id < probe && model.keys.get(id)! >= minKey).reverse(),
    );
    expect([...set.ascendingAtLeast(minKey, probe)]).toEqual(model.ids.filter((id) => id >= probe && model.keys.get(id)! >= minKey));
    expect([...set.ascendingAtLeast(minKey)]).toEqual(model.ids.filter((id) => model.keys.get(id)! >= minKey));
  }
  expect([...set.descending()]).toEqual([...model.ids].reverse());
}

describe('SortedIds (chunked ascending id set) against a plain sorted array', () => {
  it('agrees on every read after any run of inserts, removes and key changes', () => {
    fc.assert(
      fc.property(
        appendRun,
        fc.array(op(CHUNK_MAX * 6), { maxLength: 400 }),
        fc.array(fc.integer({ min: 0, max: CHUNK_MAX * 6 + 2 }), { minLength: 1, maxLength: 8 }),
        (prefix, ops, probes) => {
          const set = new SortedIds(true);
          const model = new Model();
          // A long ascending prefix builds several chunks the way a sequence does.
          for (let id = 1; id <= prefix; id += 2) {
            set.insert(id, id % 997);
            model.insert(id, id % 997);
          }
          applyOps(set, model, ops);
          checkAgainst(set, model, probes);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('removing the oldest ids first (the event journal prunes this way) agrees with the model, keyed or not', () => {
    for (const keyed of [true, false]) {
      const set = new SortedIds(keyed);
      const model = new Model();
      for (let id = 1; id <= CHUNK_MAX * 3; id++) {
        set.insert(id, keyed ? id % 101 : 0);
        model.insert(id, keyed ? id % 101 : 0);
      }
      // Front removals across chunk boundaries, with appends between them, as a journal at its bound sees.
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < CHUNK_MAX / 2 + 7; i++) {
          const first = set.first()!;
          expect(set.remove(first)).toBe(true);
          model.remove(first);
        }
        const next = set.last()! + 1;
        set.insert(next, keyed ? next % 101 : 0);
        model.insert(next, keyed ? next % 101 : 0);
        if (keyed) checkAgainst(set, model, [0, set.first()!, set.last()!, set.last()! + 1]);
        else {
          expect([...set]).toEqual(model.ids);
          expect(set.length).toBe(model.ids.length);
        }
      }
    }
  });

  it('keeps each chunk\'s key bounds when the first chunk drains and folds into the next', () => {
    // A few ids carry large keys (recently updated old records), larger the older the id; the
    // rest carry 0. A chunk's bound comes from those few, so a fold that lost the first chunk's
    // bound would skip its ids.
    const set = new SortedIds(true);
    const model = new Model();
    const keyOf = (id: number): number => (id % 97 === 0 ? CHUNK_MAX * 4 - id : 0);
    for (let id = 1; id <= CHUNK_MAX * 3; id++) {
      set.insert(id, keyOf(id));
      model.insert(id, keyOf(id));
    }
    // Every key in use as a threshold: each one sits between two chunks' bounds somewhere.
    const thresholds = [...new Set(model.ids.map(keyOf))].filter((key) => key > 0);
    while (model.ids.length > 0) {
      const first = set.first()!;
      expect(set.remove(first)).toBe(true);
      model.remove(first);
      for (const minKey of thresholds) {
        expect([...set.descendingAtLeast(minKey)]).toEqual(model.ids.filter((id) => keyOf(id) >= minKey).reverse());
      }
    }
    expect(set.length).toBe(0);
  });

  it('a keyed set built from ascending ids and keys agrees with the model, before and after later changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 1000 })), { maxLength: CHUNK_MAX * 3 }),
        fc.array(op(CHUNK_MAX * 10), { maxLength: 300 }),
        fc.array(fc.integer({ min: 0, max: CHUNK_MAX * 10 + 2 }), { minLength: 1, maxLength: 6 }),
        (steps, ops, probes) => {
          // Ascending distinct ids (gaps of 1 to 3), each with a random key: what a bulk load hands over.
          const ids: number[] = [];
          const keys: number[] = [];
          let id = 0;
          for (const [gap, key] of steps) {
            id += gap;
            ids.push(id);
            keys.push(key);
          }
          const set = SortedIds.fromAscending(ids, keys);
          const model = new Model();
          ids.forEach((each, at) => model.insert(each, keys[at]!));
          expect(set.keyed).toBe(true);
          checkAgainst(set, model, probes);
          applyOps(set, model, ops);
          checkAgainst(set, model, probes);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('empties and refills through splits and merges', () => {
    const set = new SortedIds(true);
    const model = new Model();
    const n = CHUNK_MAX * 8;
    for (let id = 1; id <= n; id++) {
      set.insert(id, id);
      model.insert(id, id);
    }
    // Remove from the middle outwards, then every other, so chunks shrink, merge and vanish.
    for (let id = n / 4; id <= (3 * n) / 4; id++) {
      set.remove(id);
      model.remove(id);
    }
    checkAgainst(set, model, [1, n / 4, n / 2, (3 * n) / 4 + 1, n + 1]);
    for (let id = 1; id <= n; id += 2) {
      set.remove(id);
      model.remove(id);
    }
    checkAgainst(set, model, [2, n / 2, n]);
    for (const id of [...model.ids]) {
      set.remove(id);
      model.remove(id);
    }
    expect(set.length).toBe(0);
    expect([...set.descending()]).toEqual([]);
    expect(set.first()).toBeUndefined();
    set.insert(7, 3);
    expect([...set.descendingAtLeast(3)]).toEqual([7]);
    expect([...set.descendingAtLeast(4)]).toEqual([]);
  });

  it('skips chunks whose largest key is below the threshold, and lowers that bound when the max goes', () => {
    const set = new SortedIds(true);
    for (let id = 1; id <= CHUNK_MAX * 4; id++) set.insert(id, 0);
    set.insert(3, 50); // an old id updated recently
    expect([...set.descendingAtLeast(10)]).toEqual([3]);
    set.insert(3, 0); // its key goes back down (an undo)
    expect([...set.descendingAtLeast(10)]).toEqual([]);
    set.insert(5, 20);
    set.remove(5);
    expect([...set.descendingAtLeast(10)]).toEqual([]);
  });

  it('a set built from an ascending array reads the same as the array', () => {
    const ids = Array.from({ length: CHUNK_MAX * 3 + 7 }, (_, i) => i * 3 + 1);
    const set = SortedIds.fromAscending(ids);
    expect(set.toArray()).toEqual(ids);
    expect([...set.descending(100)]).toEqual(ids.filter((id) => id < 100).reverse());
    set.insert(2);
    expect(set.has(2)).toBe(true);
    expect(set.length).toBe(ids.length + 1);
  });
});
