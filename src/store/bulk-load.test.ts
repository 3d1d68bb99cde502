/**
 * A bulk load (./bulk-load.ts) builds exactly the indexes that inserting the same records one by
 * one builds, for every kind of index (unique, one-field secondary, multi-valued, keyed, ordered),
 * in id order or not, and they stay equal through later writes. A unique key held twice is
 * refused at the same record as the one-by-one insert refuses it, and a refused load leaves the
 * live collection as it was.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DuplicateKeyError } from './bulk-load.js';
import { Collection } from './collection.js';
import type { Entity, IndexDefinitions } from './index-definitions.js';

interface Row extends Entity {
  readonly channel: string;
  readonly handle: string;
  readonly stage: string | null;
  readonly email: string | null;
  readonly tags: readonly number[];
  readonly updated: number;
  readonly recorded: number;
}

const CHANNELS = ['sms', 'instagram', 'facebook'];
const STAGES = ['new', 'won', null];

/** Handles hold the separator too: only the last value of a nested key may. */
const HANDLES = ['a', 'b', 'c', 'd', 'e', 'f', 'x|y', '|', ''];

const indexes: IndexDefinitions<Row> = {
  // Nested maps (./nested-unique.ts), as contacts' and conversations' identities are kept...
  identity: { unique: true, nested: true, key: (r) => `${r.account_id}|${r.channel}|${r.handle}`, fields: ['channel', 'handle'] },
  // ...and the same key in a plain map of strings: both refuse and answer alike.
  identityPlain: { unique: true, key: (r) => `${r.account_id}|${r.channel}|${r.handle}` },
  channel: { key: (r) => `${r.account_id}|${r.channel}`, fields: ['channel'] },
  // A null value has no key; keys of two values may coincide (case folded), as emails' do.
  stage: { key: (r) => (r.stage === null ? null : `${r.account_id}|${r.stage}`), fields: ['stage'] },
  email: { key: (r) => (r.email === null ? null : `${r.account_id}|${r.email.toLowerCase()}`), fields: ['email'] },
  // Multi-valued, possibly listing one key twice; an array field takes the record-by-record path.
  tag: { key: (r) => r.tags.map(String), fields: ['tags'] },
  // No `fields`: the key is computed per record.
  stageKeyed: { key: (r) => (r.stage === null ? null : `${r.account_id}|${r.stage}`), keyed: true },
  recent: { key: (r) => String(r.account_id), orderBy: (r) => r.recorded, fields: [] },
};

/** `deferSecondariesAbove: 0`: every load builds its secondary indexes later (as a large one does). */
const makeCollection = (deferSecondariesAbove?: number): Collection<Row> =>
  new Collection<Row>('rows', indexes, () => undefined, () => undefined, {
    accountKey: (r) => r.updated,
    ...(deferSecondariesAbove !== undefined ? { deferSecondariesAbove } : {}),
  });

const row = fc.record({
  account_id: fc.integer({ min: 1, max: 3 }),
  channel: fc.constantFrom(...CHANNELS),
  handle: fc.constantFrom(...HANDLES),
  stage: fc.constantFrom(...STAGES),
  email: fc.constantFrom(null, 'x@y.z', 'X@Y.Z', 'q@r.s'),
  tags: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  updated: fc.integer({ min: 0, max: 50 }),
  recorded: fc.integer({ min: 0, max: 20 }),
});

/** Rows with distinct ids: ascending (as saved), or in any order. */
const rows = fc
  .tuple(fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), row), { maxLength: 120 }), fc.boolean(), fc.integer())
  .map(([steps, shuffled, seed]) => {
    let id = 0;
    const list: Row[] = steps.map(([gap, fields]) => ({ ...fields, id: (id += gap) }));
    if (shuffled) list.sort((a, b) => ((a.id * 7919 + seed) % 101) - ((b.id * 7919 + seed) % 101));
    return list;
  });

/** Everything the collection answers, over every key the generated rows can have. */
function observe(collection: Collection<Row>): unknown {
  const accounts = [1, 2, 3];
  const keys = (index: string, values: readonly (string | number)[]): unknown =>
    accounts.flatMap((account) => values.map((value) => collection.idsByIndex(index, `${account}|${value}`).toArray()));
  return {
    size: collection.size,
    byId: [...collection.values()].map((r) => r.id).sort((a, b) => a - b),
    accounts: accounts.map((account) => collection.idsOfAccount(account).toArray()),
    keyedWalk: accounts.flatMap((account) => [0, 10, 25, 49].map((min) => [...collection.descendingOfAccountAtLeast(account, min)])),
    identity: accounts.flatMap((account) =>
      CHANNELS.flatMap((channel) =>
        HANDLES.map((handle) => {
          const key = `${account}|${channel}|${handle}`;
          const byValues = collection.findUniqueByValues('identity', account, [channel, handle])?.id;
          expect(collection.findUnique('identity', key)?.id).toBe(byValues);
          expect(collection.findUnique('identityPlain', key)?.id).toBe(byValues);
          return byValues;
        }),
      ),
    ),
    channel: keys('channel', CHANNELS),
    stage: keys('stage', ['new', 'won', 'null']),
    email: keys('email', ['x@y.z', 'q@r.s']),
    tag: [1, 2, 3, 4].map((tag) => collection.idsByIndex('tag', String(tag)).toArray()),
    stageKeyed: accounts.flatMap((account) =>
      ['new', 'won'].flatMap((stage) => [0, 25].map((min) => [...collection.idsByIndex('stageKeyed', `${account}|${stage}`).descendingAtLeast(min)])),
    ),
    recent: accounts.map((account) => [...collection.orderedByIndex('recent', String(account)).descending()]),
  };
}

/** Inserts one by one; the position of the first record refused for a unique clash, or -1. */
function insertAll(collection: Collection<Row>, list: readonly Row[]): number {
  for (let at = 0; at < list.length; at++) {
    try {
      collection.insert(list[at]!);
    } catch {
      return at;
    }
  }
  return -1;
}

describe('bulk load against one-by-one inserts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // Deferred: the secondary indexes are built when something first reads or writes one; the first
  // writes below come before any read, so they are what builds them.
  for (const deferred of [false, true]) {
    it(`builds the same indexes, and they stay the same through later writes; clashes refused at the same record${deferred ? ' (secondary indexes deferred)' : ''}`, () => {
      fc.assert(
        fc.property(rows, fc.array(fc.tuple(fc.nat(), row, fc.boolean()), { maxLength: 30 }), (list, writes) => {
          const bulk = makeCollection(deferred ? 0 : undefined);
          const oneByOne = makeCollection();
          const refusedAt = insertAll(oneByOne, list);
          if (refusedAt >= 0) {
            let error: unknown;
            try {
              bulk.load(list);
            } catch (thrown) {
              error = thrown;
            }
            expect(error).toBeInstanceOf(DuplicateKeyError);
            expect((error as DuplicateKeyError).position).toBe(refusedAt);
            expect((error as DuplicateKeyError).indexName).toBe('identity');
            return;
          }
          bulk.load(list);
          if (!deferred) expect(observe(bulk)).toEqual(observe(oneByOne));
          // An empty load has nothing to defer.
          else expect(bulk.indexesBuilt).toBe(list.length === 0);
          // Later writes (updates move keys and the account key, removes, inserts) keep them equal.
          let nextId = Math.max(0, ...list.map((r) => r.id)) + 1;
          for (const [pick, fields, remove] of writes) {
            const ids = bulk.idsOfAccount(1 + (pick % 3)).toArray();
            const { account_id: _account, ...patch } = fields;
            for (const collection of [bulk, oneByOne]) {
              try {
                if (ids.length === 0) collection.insert({ ...fields, id: nextId });
                else if (remove) collection.remove(ids[pick % ids.length]!);
                else collection.update(ids[pick % ids.length]!, patch);
              } catch {
                // A unique clash is refused by both alike; the observation below says so.
              }
            }
            if (ids.length === 0) nextId++;
            if (!deferred) expect(observe(bulk)).toEqual(observe(oneByOne));
          }
          expect(observe(bulk)).toEqual(observe(oneByOne));
          expect(bulk.indexesBuilt).toBe(true);
        }),
        { numRuns: deferred ? 100 : 200 },
      );
    });
  }

  it('builds deferred secondary indexes in the background, a slice of records per turn, and a new load drops the old build', () => {
    vi.useFakeTimers();
    const list: Row[] = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      account_id: 1 + (i % 3),
      channel: CHANNELS[i % 3]!,
      handle: HANDLES[i % HANDLES.length]! + String(i),
      stage: STAGES[i % 3]!,
      email: i % 5 === 0 ? `p${i}@x.y` : null,
      tags: i % 4 === 0 ? [1, 1, 2] : [3],
      updated: i % 50,
      recorded: i % 7,
    }));
    const sliced = (): Collection<Row> =>
      new Collection<Row>('rows', indexes, () => undefined, () => undefined, { accountKey: (r) => r.updated, deferSecondariesAbove: 100, deferredSliceRecords: 70 });
    const bulk = sliced();
    bulk.load(list.slice(0, 100));
    expect(bulk.indexesBuilt).toBe(true);
    bulk.load(list);
    expect(bulk.indexesBuilt).toBe(false);
    // The unique and ordered indexes and the account lists are there at once.
    expect(bulk.findUniqueByValues('identity', 2, [list[1]!.channel, list[1]!.handle])).toBe(list[1]);
    expect(bulk.idsOfAccount(1).length).toBe(100);
    // 300 records per secondary index, 70 records per turn.
    const secondaryCount = Object.values(indexes).filter((d) => !d.unique && !d.orderBy).length;
    const turns = Math.ceil((secondaryCount * list.length) / 70);
    for (let turn = 1; turn < turns; turn++) {
      vi.advanceTimersToNextTimer();
      expect(bulk.indexesBuilt).toBe(false);
    }
    vi.advanceTimersToNextTimer();
    expect(bulk.indexesBuilt).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    const oneByOne = makeCollection();
    expect(insertAll(oneByOne, list)).toBe(-1);
    expect(observe(bulk)).toEqual(observe(oneByOne));
    // A second large load replaces the first one's pending build; a read half-way finishes it at once.
    bulk.load(list.slice(0, 200));
    bulk.load(list);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(bulk.indexesBuilt).toBe(false);
    expect(observe(bulk)).toEqual(observe(oneByOne));
    expect(bulk.indexesBuilt).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves the live collection as it was when a load is refused', () => {
    const collection = makeCollection();
    const first: Row = { id: 1, account_id: 1, channel: 'sms', handle: 'a', stage: 'new', email: null, tags: [1], updated: 1, recorded: 1 };
    collection.load([first]);
    const before = observe(collection);
    const clash = [{ ...first, id: 5 }, { ...first, id: 6, stage: 'won' }, { ...first, id: 7 }];
    expect(() => collection.load(clash)).toThrow(DuplicateKeyError);
    expect(() => collection.prepareLoad(clash)).toThrow(new DuplicateKeyError('identity', 1, '1|sms|a'));
    expect(observe(collection)).toEqual(before);
    expect(collection.get(1)).toBe(first);
  });

  it('gathers a large ascending load into chunks without a search per id (same reads as inserts)', () => {
    const list: Row[] = Array.from({ length: 5_000 }, (_, i) => ({
      id: i * 2 + 1,
      account_id: 1 + (i % 2),
      channel: CHANNELS[i % 3]!,
      handle: `h${i}`,
      stage: STAGES[i % 3]!,
      email: i % 5 === 0 ? `p${i}@x.y` : null,
      tags: i % 4 === 0 ? [1, 1, 2] : [],
      updated: i % 50,
      recorded: i % 7,
    }));
    const bulk = makeCollection();
    bulk.load(list);
    const oneByOne = makeCollection();
    expect(insertAll(oneByOne, list)).toBe(-1);
    expect(observe(bulk)).toEqual(observe(oneByOne));
  });
});
