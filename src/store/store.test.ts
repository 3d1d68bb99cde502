import { describe, expect, it } from 'vitest';
import type { Entity } from './collection.js';
import { isStoreSnapshot } from './snapshot.js';
import { lowerBound, SortedIds } from './sorted-ids.js';
import { Store, type CommittedChanges } from './store.js';

interface Contact extends Entity {
  readonly handle: string;
  readonly tags: readonly string[];
  readonly name: string;
}

function setup() {
  const store = new Store();
  const contacts = store.define<Contact>('contacts', {
    handle: { unique: true, key: (c) => `${c.account_id}:${c.handle}` },
    tag: { key: (c) => c.tags.map((t) => `${c.account_id}:${t}`) },
  });
  const add = (account_id: number, handle: string, tags: string[] = [], name = handle): Contact =>
    contacts.insert({ id: store.nextId('contact'), account_id, handle, tags, name });
  return { store, contacts, add };
}

/** Everything observable about the collection, for before/after comparisons. */
function observe({ contacts }: ReturnType<typeof setup>) {
  return {
    all: [...contacts.values()].sort((a, b) => a.id - b.id),
    a1: [...contacts.idsOfAccount(1)],
    a2: [...contacts.idsOfAccount(2)],
    alice: contacts.findUnique('handle', '1:alice')?.id,
    bob: contacts.findUnique('handle', '1:bob')?.id,
    carol: contacts.findUnique('handle', '1:carol')?.id,
    vip: [...contacts.idsByIndex('tag', '1:vip')],
    new: [...contacts.idsByIndex('tag', '1:new')],
  };
}

describe('Collection indexes', () => {
  it('keeps by-id, per-account, unique and multi-valued secondary indexes in step', () => {
    const t = setup();
    const alice = t.add(1, 'alice', ['vip', 'new']);
    const bob = t.add(1, 'bob', ['new']);
    const zed = t.add(2, 'alice', ['vip']);
    expect(t.contacts.get(alice.id)).toBe(alice);
    expect([...t.contacts.idsOfAccount(1)]).toEqual([alice.id, bob.id]);
    expect(t.contacts.countOfAccount(2)).toBe(1);
    expect(t.contacts.findUnique('handle', '2:alice')).toBe(zed);
    expect([...t.contacts.idsByIndex('tag', '1:new')]).toEqual([alice.id, bob.id]);
    expect([...t.contacts.idsByIndex('tag', '2:vip')]).toEqual([zed.id]);

    const updated = t.contacts.update(alice.id, { handle: 'alicia', tags: ['new'] });
    expect(t.contacts.findUnique('handle', '1:alice')).toBeUndefined();
    expect(t.contacts.findUnique('handle', '1:alicia')).toBe(updated);
    expect([...t.contacts.idsByIndex('tag', '1:vip')]).toEqual([]);

    t.contacts.remove(bob.id);
    expect(t.contacts.get(bob.id)).toBeUndefined();
    expect([...t.contacts.idsByIndex('tag', '1:new')]).toEqual([alice.id]);
    expect([...t.contacts.ofAccount(1)].map((c) => c.handle)).toEqual(['alicia']);
    expect(t.contacts.remove(bob.id)).toBeUndefined();
  });

  it('throws on a unique index clash, on insert and on update, and changes nothing', () => {
    const t = setup();
    t.add(1, 'alice');
    const bob = t.add(1, 'bob');
    const before = observe(t);
    expect(() => t.add(1, 'alice')).toThrow(/unique index handle/);
    expect(() => t.contacts.update(bob.id, { handle: 'alice' })).toThrow(/unique index handle/);
    expect(observe(t)).toEqual(before);
    // Same handle in another account is fine; updating a record to its own key is fine.
    expect(() => t.add(2, 'alice')).not.toThrow();
    expect(() => t.contacts.update(bob.id, { handle: 'bob', name: 'Bob' })).not.toThrow();
  });

  it('refuses a duplicate id and an update of a missing id', () => {
    const t = setup();
    const alice = t.add(1, 'alice');
    expect(() => t.contacts.insert({ ...alice, handle: 'other' })).toThrow(/duplicate id/);
    expect(() => t.contacts.update(999, { name: 'x' })).toThrow(/missing id/);
  });

  it('refuses a duplicate id below the highest one held, and after a load', () => {
    const t = setup();
    const high = t.contacts.insert({ id: 10, account_id: 1, handle: 'high', tags: [], name: 'high' });
    const low = t.contacts.insert({ id: 3, account_id: 2, handle: 'low', tags: [], name: 'low' });
    expect(() => t.contacts.insert({ ...low, handle: 'other' })).toThrow(/duplicate id 3/);
    expect(() => t.contacts.insert({ ...high, handle: 'other' })).toThrow(/duplicate id 10/);
    t.contacts.load([
      { id: 40, account_id: 1, handle: 'a', tags: [], name: 'a' },
      { id: 7, account_id: 2, handle: 'b', tags: [], name: 'b' },
    ]);
    expect(() => t.contacts.insert({ id: 40, account_id: 3, handle: 'c', tags: [], name: 'c' })).toThrow(/duplicate id 40/);
    expect(() => t.contacts.insert({ id: 7, account_id: 3, handle: 'c', tags: [], name: 'c' })).toThrow(/duplicate id 7/);
    expect(() => t.contacts.insert({ id: 8, account_id: 3, handle: 'c', tags: [], name: 'c' })).not.toThrow();
  });

  it('removeMany is remove of each, and one failed transaction puts all of them back', () => {
    const t = setup();
    const records = ['alice', 'bob', 'carol', 'dave'].map((handle, i) => t.add(1, handle, i % 2 === 0 ? ['vip'] : ['new']));
    const before = observe(t);
    const written: number[] = [];
    const changes = t.store.onCommit((committed) => written.push(...committed.records.map((record) => record.id)));
    expect(() =>
      t.store.transaction(() => {
        t.contacts.removeMany([records[0]!.id, records[1]!.id, 999, records[2]!.id]);
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(observe(t)).toEqual(before);
    t.store.transaction(() => t.contacts.removeMany([records[0]!.id, records[1]!.id, 999, records[2]!.id]));
    changes();
    const one = setup();
    ['alice', 'bob', 'carol', 'dave'].forEach((handle, i) => one.add(1, handle, i % 2 === 0 ? ['vip'] : ['new']));
    for (const record of records.slice(0, 3)) one.contacts.remove(record.id);
    expect(observe(t)).toEqual(observe(one));
    expect(written.sort()).toEqual(records.slice(0, 3).map((record) => record.id).sort());
  });

  it('update cannot change id or account', () => {
    const t = setup();
    const alice = t.add(1, 'alice');
    const patch = { name: 'A', id: 77, account_id: 2 } as unknown as Partial<Contact>;
    const updated = t.contacts.update(alice.id, patch);
    expect(updated).toMatchObject({ id: alice.id, account_id: 1, name: 'A' });
  });

  it("getOwned hides another account's record", () => {
    const t = setup();
    const alice = t.add(1, 'alice');
    expect(t.contacts.getOwned(1, alice.id)).toBe(alice);
    expect(t.contacts.getOwned(2, alice.id)).toBeUndefined();
    expect(t.contacts.getOwned(1, 999)).toBeUndefined();
  });

  it('getOwned can be swapped for one collection and restored (the leak_cross_account mutant)', () => {
    const store = new Store();
    const c = store.define<Contact>('contacts');
    const other = store.define<Contact>('others');
    const record = c.insert({ id: 1, account_id: 1, handle: 'a', tags: [], name: 'a' });
    other.insert({ id: 2, account_id: 1, handle: 'b', tags: [], name: 'b' });
    expect(c.getOwned(2, 1)).toBeUndefined();
    const original = c.getOwned;
    c.getOwned = (_accountId, id) => c.get(id);
    expect(c.getOwned(2, 1)).toBe(record);
    expect(other.getOwned(2, 2)).toBeUndefined();
    c.getOwned = original;
    expect(c.getOwned(2, 1)).toBeUndefined();
  });

  it('refuses an unknown index name', () => {
    const t = setup();
    expect(() => t.contacts.findUnique('nope', 'x')).toThrow();
    expect(() => t.contacts.idsByIndex('nope', 'x')).toThrow();
  });
});

describe('Store transactions', () => {
  it('rolls back insert, update and remove (and their indexes) when the work throws', () => {
    const t = setup();
    const alice = t.add(1, 'alice', ['vip']);
    const bob = t.add(1, 'bob', ['new']);
    const before = observe(t);
    expect(() =>
      t.store.transaction(() => {
        t.add(1, 'carol', ['vip', 'new']);
        t.contacts.update(alice.id, { handle: 'alicia', tags: ['new'] });
        t.contacts.remove(bob.id);
        t.add(2, 'dave');
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(observe(t)).toEqual(before);
    expect(t.contacts.get(alice.id)).toBe(alice);
    expect(t.contacts.get(bob.id)).toBe(bob);
  });

  it('rolls back the whole transaction when a nested one throws and the error escapes', () => {
    const t = setup();
    t.add(1, 'alice');
    const before = observe(t);
    expect(() =>
      t.store.transaction(() => {
        t.add(1, 'bob');
        t.store.transaction(() => {
          t.add(1, 'carol');
          throw new Error('inner');
        });
      }),
    ).toThrow('inner');
    expect(observe(t)).toEqual(before);
  });

  it('rolls back when a unique clash throws half-way', () => {
    const t = setup();
    t.add(1, 'alice');
    const before = observe(t);
    expect(() =>
      t.store.transaction(() => {
        t.add(1, 'bob');
        t.add(1, 'alice');
      }),
    ).toThrow(/unique/);
    expect(observe(t)).toEqual(before);
  });

  it('keeps the writes of a committed transaction and returns its result', () => {
    const t = setup();
    const result = t.store.transaction(() => t.add(1, 'alice').id);
    expect(t.contacts.get(result)?.handle).toBe('alice');
  });

  it('runs afterCommit callbacks only on commit, after the outermost transaction', () => {
    const t = setup();
    const ran: string[] = [];
    t.store.transaction(() => {
      t.store.afterCommit(() => ran.push('outer'));
      t.store.transaction(() => t.store.afterCommit(() => ran.push('inner')));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'inner']);
    expect(() =>
      t.store.transaction(() => {
        t.store.afterCommit(() => ran.push('never'));
        throw new Error('x');
      }),
    ).toThrow();
    expect(ran).toEqual(['outer', 'inner']);
    t.store.afterCommit(() => ran.push('now'));
    expect(ran.at(-1)).toBe('now');
  });

  it('notifies change listeners once per committed transaction, not for rolled-back work', () => {
    const t = setup();
    let notified = 0;
    t.store.onChange(() => notified++);
    t.store.transaction(() => {
      t.add(1, 'a');
      t.add(1, 'b');
    });
    expect(notified).toBe(1);
    try {
      t.store.transaction(() => {
        t.add(1, 'c');
        throw new Error('x');
      });
    } catch {
      // expected
    }
    expect(notified).toBe(1);
  });

  it('attempt undoes only its own part when it throws: earlier writes, indexes and afterCommit work stay', () => {
    const t = setup();
    const ran: string[] = [];
    const written: number[] = [];
    t.store.onCommit((committed) => written.push(...committed.records.filter((record) => record.record !== null).map((record) => record.id)));
    const alice = t.store.transaction(() => {
      const kept = t.add(1, 'alice', ['vip']);
      t.store.afterCommit(() => ran.push('kept'));
      expect(() =>
        t.store.attempt(() => {
          t.add(1, 'bob', ['vip']);
          t.contacts.update(kept.id, { name: 'changed' });
          t.store.afterCommit(() => ran.push('refused'));
          t.add(1, 'alice'); // unique clash: the part fails
        }),
      ).toThrow();
      // The failed part is gone at once, inside the transaction: bob's handle is free again.
      expect(t.contacts.findUnique('handle', '1:bob')).toBeUndefined();
      t.store.attempt(() => t.add(1, 'bob'));
      return kept;
    });
    const seen = observe(t);
    expect(seen.all.map((contact) => [contact.handle, contact.name])).toEqual([
      ['alice', 'alice'],
      ['bob', 'bob'],
    ]);
    expect(seen.vip).toEqual([alice.id]);
    expect(ran).toEqual(['kept']);
    expect(written.sort((a, b) => a - b)).toEqual(seen.all.map((contact) => contact.id));
  });

  it('attempt outside a transaction is one: all or nothing', () => {
    const t = setup();
    expect(() =>
      t.store.attempt(() => {
        t.add(1, 'alice');
        throw new Error('x');
      }),
    ).toThrow('x');
    expect(observe(t).all).toEqual([]);
    expect(t.store.attempt(() => t.add(1, 'alice').handle)).toBe('alice');
  });

  it('a failed attempt inside a transaction that fails later is rolled back with the rest', () => {
    const t = setup();
    expect(() =>
      t.store.transaction(() => {
        t.add(1, 'alice');
        expect(() => t.store.attempt(() => t.add(1, 'alice'))).toThrow();
        t.store.attempt(() => t.add(1, 'bob'));
        throw new Error('later');
      }),
    ).toThrow('later');
    expect(observe(t).all).toEqual([]);
  });
});

describe('global id sequences', () => {
  it('never reuse an id after delete, across accounts', () => {
    const t = setup();
    const a = t.add(1, 'a');
    const b = t.add(2, 'b');
    expect(b.id).toBe(a.id + 1);
    t.contacts.remove(b.id);
    const c = t.add(1, 'c');
    expect(c.id).toBe(b.id + 1);
  });

  it('are per type and never move back', () => {
    const store = new Store();
    expect(store.nextId('x')).toBe(1);
    expect(store.nextId('y')).toBe(1);
    expect(store.nextId('x')).toBe(2);
    store.ensureSequenceAtLeast('x', 10);
    expect(store.nextId('x')).toBe(11);
    store.ensureSequenceAtLeast('x', 3);
    expect(store.nextId('x')).toBe(12);
  });

  it('a rolled-back transaction does not hand out its ids again', () => {
    const t = setup();
    let burnt = 0;
    try {
      t.store.transaction(() => {
        burnt = t.add(1, 'a').id;
        throw new Error('x');
      });
    } catch {
      // expected
    }
    expect(t.add(1, 'a').id).toBeGreaterThan(burnt);
  });
});

describe('snapshot and restore', () => {
  it('round-trips through JSON, with indexes rebuilt and sequences kept', () => {
    const t = setup();
    t.add(1, 'alice', ['vip']);
    const bob = t.add(1, 'bob', ['new']);
    t.add(2, 'carol');
    t.contacts.remove(bob.id);
    const snapshot = t.store.snapshot();
    expect(isStoreSnapshot(snapshot)).toBe(true);
    const before = observe(t);

    t.add(1, 'dave', ['vip']);
    t.store.restore(snapshot as ReturnType<Store['snapshot']>);
    expect(observe(t)).toEqual(before);
    expect(t.contacts.findUnique('handle', '1:dave')).toBeUndefined();
    // The sequence comes back too: the next id follows the snapshot's, not dave's.
    expect(t.add(1, 'erin').id).toBe(4);

    const fresh = setup();
    fresh.store.restore(snapshot as ReturnType<Store['snapshot']>);
    expect(observe(fresh)).toEqual(before);
    expect(fresh.add(1, 'erin').id).toBe(4);
  });

  it('writes after a restore go to the restored indexes (no write reaches the replaced ones)', () => {
    const t = setup();
    t.add(1, 'alice', ['vip']); // writes before the restore: the collection's write paths are warm
    const snapshot = t.store.snapshot();
    t.add(1, 'bob', ['vip']);
    t.store.restore(snapshot);
    expect(t.contacts.findUnique('handle', '1:bob')).toBeUndefined();
    const carol = t.add(1, 'carol', ['vip']);
    expect(t.contacts.findUnique('handle', '1:carol')).toBe(carol);
    expect([...t.contacts.idsByIndex('tag', '1:vip')]).toEqual([t.contacts.findUnique('handle', '1:alice')!.id, carol.id]);
    expect(() => t.add(1, 'alice')).toThrow(/unique index handle/);
    t.contacts.remove(carol.id);
    expect(t.contacts.findUnique('handle', '1:carol')).toBeUndefined();
    expect([...t.contacts.idsByIndex('tag', '1:vip')]).toHaveLength(1);
  });

  it('snapshots collections sorted by id', () => {
    const store = new Store();
    const c = store.define<Contact>('c');
    c.insert({ id: 5, account_id: 2, handle: 'x', tags: [], name: 'x' });
    c.insert({ id: 3, account_id: 1, handle: 'y', tags: [], name: 'y' });
    expect(store.snapshot().collections['c']!.map((r) => r.id)).toEqual([3, 5]);
  });

  it('refuses an unknown format, version or collection', () => {
    const t = setup();
    const good = t.store.snapshot();
    expect(() => t.store.restore({ ...good, version: 2 } as unknown as typeof good)).toThrow(/unsupported/);
    expect(() => t.store.restore({ ...good, format: 'x' } as unknown as typeof good)).toThrow(/unsupported/);
    expect(() => t.store.restore({ ...good, collections: { nope: [] } })).toThrow(/unknown collection/);
    expect(isStoreSnapshot({ format: 'switchboard-state' })).toBe(false);
    expect(isStoreSnapshot(null)).toBe(false);
  });

  it('refuses to define a collection twice', () => {
    const t = setup();
    expect(() => t.store.define('contacts')).toThrow(/already defined/);
  });
});

describe('sorted id sets', () => {
  it('insert and remove keep the set ascending without duplicates', () => {
    const set = new SortedIds();
    for (const id of [5, 1, 9, 3, 5, 7, 1]) set.insert(id);
    expect(set.toArray()).toEqual([1, 3, 5, 7, 9]);
    set.remove(5);
    set.remove(42);
    const ids = set.toArray();
    expect(ids).toEqual([1, 3, 7, 9]);
    expect(lowerBound(ids, 0)).toBe(0);
    expect(lowerBound(ids, 7)).toBe(2);
    expect(lowerBound(ids, 8)).toBe(3);
    expect(lowerBound(ids, 100)).toBe(4);
  });
});

describe('Store.onCommit (the write-ahead log feed)', () => {
  function recording() {
    const store = new Store();
    const notes = store.define<Contact>('notes');
    const seen: CommittedChanges[] = [];
    store.onCommit((changes) => seen.push(changes));
    return { store, notes, seen };
  }

  it('reports each commit once, as the new values of the records it wrote and the sequences it moved', () => {
    const { store, notes, seen } = recording();
    store.transaction(() => {
      const id = store.nextId('notes');
      notes.insert({ id, account_id: 1, name: 'a', handle: 'h', tags: [] });
      notes.update(id, { name: 'b' });
    });
    expect(seen).toEqual([{ replaced: false, records: [{ collection: 'notes', id: 1, record: { id: 1, account_id: 1, name: 'b', handle: 'h', tags: [] } }], sequences: { notes: 1 } }]);
    store.transaction(() => notes.remove(1));
    expect(seen[1]).toEqual({ replaced: false, records: [{ collection: 'notes', id: 1, record: null }], sequences: {} });
  });

  it('reports nothing for a rolled-back transaction except the sequence it moved (ids are never reused)', () => {
    const { store, notes, seen } = recording();
    expect(() =>
      store.transaction(() => {
        notes.insert({ id: store.nextId('notes'), account_id: 1, name: 'x', handle: 'h', tags: [] });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(seen).toEqual([]);
    store.transaction(() => notes.insert({ id: store.nextId('notes'), account_id: 1, name: 'y', handle: 'h', tags: [] }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.sequences).toEqual({ notes: 2 });
    expect(seen[0]!.records.map((entry) => entry.id)).toEqual([2]);
  });

  it('a write outside a transaction is its own commit; a restore is reported as a replacement', () => {
    const { store, notes, seen } = recording();
    notes.insert({ id: 7, account_id: 1, name: 'loose', handle: 'h', tags: [] });
    expect(seen).toEqual([{ replaced: false, records: [{ collection: 'notes', id: 7, record: { id: 7, account_id: 1, name: 'loose', handle: 'h', tags: [] } }], sequences: {} }]);
    store.restore(store.snapshot());
    expect(seen[1]).toMatchObject({ replaced: true, records: [] });
  });

  it('a nested transaction joins the outer one: one report at the outer commit', () => {
    const { store, notes, seen } = recording();
    store.transaction(() => {
      notes.insert({ id: 1, account_id: 1, name: 'outer', handle: 'h', tags: [] });
      store.transaction(() => notes.insert({ id: 2, account_id: 1, name: 'inner', handle: 'h', tags: [] }));
      expect(seen).toEqual([]);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.records.map((entry) => entry.id).sort()).toEqual([1, 2]);
  });
});

describe('Collection keyed and ordered indexes under transactions', () => {
  interface Row extends Entity {
    readonly at: number;
    readonly group: string;
  }
  function rows() {
    const store = new Store();
    const items = store.define<Row>(
      'rows',
      {
        group: { key: (r) => `${r.account_id}:${r.group}`, fields: ['group'] },
        recent: { key: (r) => String(r.account_id), orderBy: (r) => r.at, fields: [] },
      },
      undefined,
      { accountKey: (r) => r.at },
    );
    for (let i = 1; i <= 1500; i++) items.insert({ id: store.nextId('rows'), account_id: 1, at: i, group: i % 2 === 0 ? 'even' : 'odd' });
    const view = () => ({
      recentIds: [...items.descendingOfAccountAtLeast(1, 1400)],
      ordered: [...items.orderedByIndex('recent', '1').descending()].slice(0, 5).map((p) => p.id),
      even: items.idsByIndex('group', '1:even').length,
      odd: items.idsByIndex('group', '1:odd').length,
    });
    return { store, items, view };
  }

  it('an update moves an old record into the recent walk and the ordered index; a failed transaction moves it back', () => {
    const { store, items, view } = rows();
    const before = view();
    expect(before.recentIds).toHaveLength(101);
    expect(() =>
      store.transaction(() => {
        items.update(3, { at: 5000, group: 'even' });
        items.remove(1500);
        throw new Error('fails half-way');
      }),
    ).toThrow('fails half-way');
    expect(view()).toEqual(before);
    items.update(3, { at: 5000, group: 'even' });
    const after = view();
    expect(after.recentIds[after.recentIds.length - 1]).toBe(3);
    expect(after.ordered[0]).toBe(3);
    expect(after.even).toBe(751);
    expect(after.odd).toBe(749);
  });

  it('an update that leaves an index\'s fields alone does not touch that index', () => {
    const { items } = rows();
    const list = items.idsByIndex('group', '1:even');
    items.update(4, { at: 9000 });
    expect(items.idsByIndex('group', '1:even')).toBe(list);
    expect([...items.orderedByIndex('recent', '1').descending()][0]!.id).toBe(4);
  });
});
