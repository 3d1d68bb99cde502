import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX } from './sorted-ids.js';
import { SortedPairs } from './sorted-pairs.js';

type Pair = { order: number; id: number };
const byPairDesc = (a: Pair, b: Pair) => b.order - a.order || b.id - a.id;

describe('SortedPairs (ordered index) against a plain sorted array', () => {
  it('walks newest first from any cursor, stopping under minOrder, after any inserts and removes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ remove: fc.boolean(), order: fc.integer({ min: 0, max: 40 }), id: fc.integer({ min: 1, max: CHUNK_MAX * 3 }) }),
          { minLength: CHUNK_MAX, maxLength: CHUNK_MAX * 4 },
        ),
        fc.record({ order: fc.integer({ min: -1, max: 41 }), id: fc.integer({ min: 0, max: CHUNK_MAX * 3 + 1 }) }),
        fc.integer({ min: -1, max: 41 }),
        (ops, cursor, minOrder) => {
          const pairs = new SortedPairs();
          const model = new Map<string, Pair>();
          for (const op of ops) {
            const key = `${op.order}:${op.id}`;
            if (op.remove) expect(pairs.remove(op.order, op.id)).toBe(model.delete(key));
            else {
              pairs.insert(op.order, op.id);
              model.set(key, { order: op.order, id: op.id });
            }
          }
          const all = [...model.values()].sort(byPairDesc);
          expect(pairs.length).toBe(all.length);
          expect([...pairs.descending()]).toEqual(all);
          const fromCursor = all.filter((p) => p.order < cursor.order || (p.order === cursor.order && p.id < cursor.id));
          expect([...pairs.descending(cursor, minOrder)]).toEqual(fromCursor.filter((p) => p.order >= minOrder));
          expect([...pairs.ascendingBelow(minOrder)]).toEqual(all.filter((p) => p.order < minOrder).reverse());
        },
      ),
      { numRuns: 40 },
    );
  });
});
