/**
 * Keyed secondary indexes (`keyed: true`: every id under a key carries the collection's account
 * key) and the list walks over them (list-walk.ts), against a naive scan: after any run of
 * inserts, updates that move a record between keys or change its time, removes, and transactions
 * that fail half-way, every filtered walk — newest or oldest first, from any cursor, with or
 * without a threshold — yields exactly the records a scan of the account would keep, in order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entity } from './collection.js';
import { newestFirstWalk, oldestFirstWalk, SHORT_LIST } from './list-walk.js';
import type { SortedIdView } from './sorted-ids.js';
import { Store } from './store.js';

interface Row extends Entity {
  readonly status: string;
  readonly channel: string;
  readonly tags: readonly string[];
  readonly at: number;
}

const STATUSES = ['open', 'done', 'rare'];
const CHANNELS = ['a', 'b'];
const TAGS = ['x', 'y', 'z'];

type Op =
  | { kind: 'insert'; account: number; status: number; channel: number; tags: number[]; at: number }
  | { kind: 'update'; pick: number; status?: number; channel?: number; tags?: number[]; at?: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'failed'; pick: number; status: number; at: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), account: fc.integer({ min: 1, max: 2 }), status: fc.nat(2), channel: fc.nat(1), tags: fc.array(fc.nat(2), { maxLength: 2 }), at: fc.nat(50) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), status: fc.option(fc.nat(2), { nil: undefined }), channel: fc.option(fc.nat(1), { nil: undefined }), tags: fc.option(fc.array(fc.nat(2), { maxLength: 2 }), { nil: undefined }), at: fc.option(fc.nat(50), { nil: undefined }) }, { requiredKeys: ['kind', 'pick'] }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('failed' as const), pick: fc.nat(), status: fc.nat(2), at: fc.nat(50) }) },
);

function setup() {
  const store = new Store();
  const rows = store.define<Row>(
    'rows',
    {
      status: { key: (row) => `${row.account_id}:${row.status}`, fields: ['status'], keyed: true },
      channel: { key: (row) => `${row.account_id}:${row.channel}`, keyed: true },
      tag: { key: (row) => row.tags.map((tag) => `${row.account_id}:${tag}`), fields: ['tags'], keyed: true },
      plain: { key: (row) => `${row.account_id}:${row.status}` },
    },
    undefined,
    { accountKey: (row) => row.at },
  );
  return { store, rows };
}

function apply(t: ReturnType<typeof setup>, ops: readonly Op[]): void {
  const ids = () => [...t.rows.values()].map((row) => row.id);
  for (const o of ops) {
    const present = ids();
    if (o.kind === 'insert') {
      t.rows.insert({ id: t.store.nextId('row'), account_id: o.account, status: STATUSES[o.status]!, channel: CHANNELS[o.channel]!, tags: [...new Set(o.tags.map((i) => TAGS[i]!))], at: o.at });
    } else if (present.length === 0) continue;
    else if (o.kind === 'update') {
      const id = present[o.pick % present.length]!;
      t.rows.update(id, {
        ...(o.status === undefined ? {} : { status: STATUSES[o.status]! }),
        ...(o.channel === undefined ? {} : { channel: CHANNELS[o.channel]! }),
        ...(o.tags === undefined ? {} : { tags: [...new Set(o.tags.map((i) => TAGS[i]!))] }),
        ...(o.at === undefined ? {} : { at: o.at }),
      });
    } else if (o.kind === 'remove') t.rows.remove(present[o.pick % present.length]!);
    else {
      const id = present[o.pick % present.length]!;
      expect(() =>
        t.store.transaction(() => {
          t.rows.update(id, { status: STATUSES[o.status]!, at: o.at });
          t.rows.remove(id);
          throw new Error('half-way');
        }),
      ).toThrow('half-way');
    }
  }
}

interface Query {
  account: number;
  status?: number | undefined;
  channel?: number | undefined;
  tag?: number | undefined;
  minAt?: number | undefined;
  cursor: number;
  newestFirst: boolean;
}

describe('keyed secondary indexes and list walks', () => {
  it('walk exactly what a scan keeps, after inserts, moves between keys, time changes, removes and undone transactions', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 400 }),
        fc.array(
          fc.record({
            account: fc.integer({ min: 1, max: 2 }),
            status: fc.option(fc.nat(2), { nil: undefined }),
            channel: fc.option(fc.nat(1), { nil: undefined }),
            tag: fc.option(fc.nat(2), { nil: undefined }),
            minAt: fc.option(fc.nat(51), { nil: undefined }),
            cursor: fc.nat(450),
            newestFirst: fc.boolean(),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        (ops, queries: Query[]) => {
          const t = setup();
          apply(t, ops);
          for (const q of queries) {
            const lists: SortedIdView[] = [];
            if (q.status !== undefined) lists.push(t.rows.idsByIndex('status', `${q.account}:${STATUSES[q.status]!}`));
            if (q.channel !== undefined) lists.push(t.rows.idsByIndex('channel', `${q.account}:${CHANNELS[q.channel]!}`));
            if (q.tag !== undefined) lists.push(t.rows.idsByIndex('tag', `${q.account}:${TAGS[q.tag]!}`));
            const keep = (row: Row) =>
              row.account_id === q.account &&
              (q.status === undefined || row.status === STATUSES[q.status]) &&
              (q.channel === undefined || row.channel === CHANNELS[q.channel]) &&
              (q.tag === undefined || row.tags.includes(TAGS[q.tag]!)) &&
              (q.minAt === undefined || row.at >= q.minAt);
            const account = t.rows.idsOfAccount(q.account);
            const walk = q.newestFirst ? newestFirstWalk(account, lists, q.cursor, q.minAt) : oldestFirstWalk(account, lists, q.cursor, q.minAt);
            const walked = [...walk].map((id) => t.rows.get(id)!).filter(keep).map((row) => row.id);
            const scanned = [...t.rows.values()]
              .filter((row) => keep(row) && (q.newestFirst ? row.id < q.cursor : row.id >= q.cursor))
              .map((row) => row.id)
              .sort((a, b) => (q.newestFirst ? b - a : a - b));
            expect(walked).toEqual(scanned);
            // Every keyed list's stored time is the record's current one (a moved time re-keys it).
            for (const list of lists) for (const id of list) expect(t.rows.get(id)).toBeDefined();
          }
          for (const row of t.rows.values()) {
            expect(t.rows.idsByIndex('status', `${row.account_id}:${row.status}`).has(row.id)).toBe(true);
            expect([...t.rows.idsByIndex('status', `${row.account_id}:${row.status}`).descendingAtLeast(row.at, row.id + 1)][0]).toBe(row.id);
            expect([...t.rows.idsByIndex('plain', `${row.account_id}:${row.status}`)]).toContain(row.id);
          }
        },
      ),
      { numRuns: 60, seed: 1201 },
    );
  });

  it('refuses a keyed index on a collection without an account key', () => {
    const store = new Store();
    expect(() => store.define<Row>('bad', { status: { key: (row) => row.status, keyed: true } })).toThrow(/keyed index status needs accountKey/);
  });

  it('threshold walks skip whole runs of stale records on a long keyed list', () => {
    const t = setup();
    for (let i = 0; i < SHORT_LIST * 3; i++) t.rows.insert({ id: t.store.nextId('row'), account_id: 1, status: 'open', channel: 'a', tags: [], at: i % 997 === 0 ? 100 : 1 });
    const list = t.rows.idsByIndex('status', '1:open');
    expect(list.keyed).toBe(true);
    const recent = [...newestFirstWalk(t.rows.idsOfAccount(1), [list], undefined, 100)];
    expect(recent).toEqual([...list].filter((id) => t.rows.get(id)!.at >= 100).reverse());
    expect([...oldestFirstWalk(t.rows.idsOfAccount(1), [list], undefined, 100)]).toEqual([...recent].reverse());
  });
});
