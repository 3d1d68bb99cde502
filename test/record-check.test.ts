/**
 * The copy-free record check (src/store/record-check.ts) against zod, for every collection that
 * declares record rules: on generated records (valid ones, read from each schema, and the default
 * seed's own) and on mutated ones (a member replaced by anything, removed, added; an own
 * `__proto__`), the check says yes exactly when zod accepts the record and gives back a value
 * equal to it. Then a whole restore check (store/rules.ts) with and without it: same records,
 * or the same first error, on the default seed with one record mutated.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idempotencyIndexes, idempotencyRules, type IdempotencyRecord } from '../src/core/idempotency.js';
import { silentLogger } from '../src/core/logger.js';
import { eventCatalogueOf, instantiateGroups } from '../src/groups/compose.js';
import { registry } from '../src/resources/index.js';
import { createSimulator } from '../src/simulator.js';
import { recordCheckOf } from '../src/store/record-check.js';
import { checkSnapshot, SnapshotError } from '../src/store/rules.js';
import type { StoreSnapshot } from '../src/store/snapshot.js';
import { testCoreServices } from './support/core.js';
import { arbitraryOf, mutate, mutationArbitrary } from './support/zod-arbitrary.js';

const core = testCoreServices(eventCatalogueOf(registry).map((event) => event.name));
instantiateGroups(registry, core);
core.store.define<IdempotencyRecord>('idempotency_keys', idempotencyIndexes, idempotencyRules);
const collections = core.store.collectionRules();

const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
const seed = JSON.parse(JSON.stringify(sim.snapshot().store)) as StoreSnapshot;
sim.close();

/** What the copy-free check must answer: zod accepts the record and gives back an equal value. */
function zodKeeps(schema: (typeof collections)[number]['rules'] & object, value: unknown): boolean {
  const result = schema.schema.safeParse(value);
  return result.success && isDeepStrictEqual(result.data, value);
}

/** The collections whose records a restore checks without zod's copy (the rest are zod's alone). */
const copyFree = collections.filter((collection) => collection.rules && recordCheckOf(collection.rules.schema)).map((collection) => collection.name);

describe('the copy-free record check', () => {
  it('covers the collections that hold the most records', () => {
    expect(collections.length).toBeGreaterThan(40);
    for (const name of ['contacts', 'conversations', 'messages', 'tags', 'accounts', 'opt_outs', 'flow_events']) expect(copyFree, name).toContain(name);
  });

  for (const collection of collections) {
    const rules = collection.rules!;
    const check = recordCheckOf(rules.schema);
    // A collection whose schema holds a transform, a pipe, a default... is zod's alone: nothing to compare.
    if (!check) continue;
    it(`${collection.name}: yes exactly when zod accepts and gives back an equal record`, () => {
      const seeded = seed.collections[collection.name] ?? [];
      const record = seeded.length > 0 ? fc.oneof(arbitraryOf(rules.schema as never), fc.constantFrom(...seeded)) : arbitraryOf(rules.schema as never);
      let kept = 0;
      fc.assert(
        fc.property(record, fc.option(mutationArbitrary, { freq: 2 }), (generated, mutation) => {
          const value = mutation === null ? generated : mutate(generated, mutation);
          const keeps = zodKeeps(rules, value);
          if (keeps) kept++;
          expect(check(value)).toBe(keeps);
        }),
        { numRuns: 100, seed: 12_006 },
      );
      // The generated records reach the accepting side, so the property is not only about refusals.
      expect(kept, collection.name).toBeGreaterThan(0);
    });
  }

  it('a whole restore check gives the same records or the same first error with and without it', () => {
    const names = Object.keys(seed.collections).filter((name) => (seed.collections[name] ?? []).length > 0);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.option(mutationArbitrary, { freq: 4 }), (name, pick, mutation) => {
        const snapshot = JSON.parse(JSON.stringify(seed)) as StoreSnapshot;
        const records = snapshot.collections[name]!;
        if (mutation) records[pick % records.length] = mutate(records[pick % records.length], mutation) as (typeof records)[number];
        const outcome = (zodOnly: boolean): unknown => {
          try {
            return Object.fromEntries(checkSnapshot(snapshot, collections, { zodOnly }));
          } catch (error) {
            if (error instanceof SnapshotError) return error.message;
            throw error;
          }
        };
        expect(outcome(false)).toStrictEqual(outcome(true));
      }),
      { numRuns: 150, seed: 12_006 },
    );
  });

  it('keeps the records it accepts as they are (no copy)', () => {
    const snapshot = JSON.parse(JSON.stringify(seed)) as StoreSnapshot;
    const checked = checkSnapshot(snapshot, collections);
    expect(checked.get('contacts')).toBe(snapshot.collections['contacts']);
    expect(checked.get('contacts')![0]).toBe(snapshot.collections['contacts']![0]);
  });

  it('checks ids that do not ascend with a map: a repeated id is still found where it repeats', () => {
    const snapshot = JSON.parse(JSON.stringify(seed)) as StoreSnapshot;
    const tags = snapshot.collections['tags']!;
    tags.reverse();
    expect(() => checkSnapshot(snapshot, collections)).not.toThrow();
    tags.push({ ...tags[3]! });
    expect(() => checkSnapshot(snapshot, collections)).toThrow(`store.collections.tags[${tags.length - 1}].id: id ${tags[3]!.id} appears twice`);
  });
});
