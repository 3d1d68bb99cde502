/**
 * The name index built in the background after a large load (name-index.ts): whatever writes and
 * undos land while the build is part-way, once it completes (or a query finishes it) every query
 * answers exactly what a scan of the names answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Collection } from '../../store/collection.js';
import { NameGramIndex } from './name-index.js';
import { contactIndexes, updatedKey, type ContactRecord } from './record.js';

const STAMP = '2026-01-01T00:00:00+00:00';
const NAMES = ['Ana', 'anabel', 'Bob', 'ÅSA', 'Zoë Ng', 'o', 'Ng', 'bo', 'a\u0000b', null] as const;

function contact(id: number, accountId: number, name: string | null): ContactRecord {
  return {
    id, account_id: accountId, channel: 'facebook', platform_user_id: `u${id}`, name, email: null, phone: null, ig_username: null,
    profile_pic_url: null, stage: 'new', tag_ids: [], lead_score: 0, lead_temperature: 'cold', notes: null, custom_fields: {},
    first_seen_at: STAMP, first_user_message_at: null, last_seen_at: STAMP, created_at: STAMP, updated_at: STAMP, lead_captured_at: null,
  };
}

/** A collection with the index attached, undo actions kept so a test can roll a write back. */
function setup(options: ConstructorParameters<typeof NameGramIndex>[0]) {
  const undos: (() => void)[] = [];
  const names = new NameGramIndex(options);
  const contacts = new Collection<ContactRecord>('contacts', contactIndexes, (undo) => undos.push(undo), () => undefined, { accountKey: updatedKey, attached: [names] });
  return { names, contacts, undos };
}

/** What the index must answer: ids of the account whose lowercased name contains the query. */
function scan(contacts: Collection<ContactRecord>, accountId: number, query: string): number[] {
  return [...contacts.ofAccount(accountId)].filter((c) => c.name !== null && c.name.toLowerCase().includes(query)).map((c) => c.id);
}

/**
 * The index's answer: the ids in every list, checked by the rule (as list.ts does). A list must
 * never miss a match; that a query of up to three units is answered by its list exactly (no
 * check needed) is asserted separately.
 */
function answer(names: NameGramIndex, contacts: Collection<ContactRecord>, accountId: number, query: string): number[] {
  const [first, ...rest] = names.lists(accountId, query);
  const ids = first!.toArray().filter((id) => rest.every((list) => list.has(id)));
  if (query.length <= 3) expect(ids.every((id) => contacts.get(id)!.name!.toLowerCase().includes(query))).toBe(true);
  return ids.filter((id) => contacts.get(id)!.name!.toLowerCase().includes(query));
}

type Step =
  | { kind: 'build'; records: number }
  | { kind: 'rename'; pick: number; name: string | null }
  | { kind: 'insert'; account: number; name: string | null }
  | { kind: 'remove'; pick: number }
  | { kind: 'undo' };

const aName = fc.constantFrom(...NAMES);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('build' as const), records: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: aName }),
  fc.record({ kind: fc.constant('insert' as const), account: fc.integer({ min: 1, max: 3 }), name: aName }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.constant({ kind: 'undo' as const }),
);

describe('NameGramIndex built in the background after a load', () => {
  // Any write buffer size: 0 indexes each write at once, the others leave some writes waiting.
  it('answers like a scan after any writes and undos that land while the build is part-way', () => {
    fc.assert(
      fc.property(fc.array(aName, { minLength: 1, maxLength: 120 }), fc.array(step, { maxLength: 60 }), fc.constantFrom('a', 'an', 'ana', 'anab', 'o', 'ng', 'bo', 'å', 'a\u0000', 'zz'), fc.constantFrom(0, 1, 3, 128), (loadNames, steps, query, bufferMax) => {
        const { names, contacts, undos } = setup({ syncBuildMax: 0, background: false, bufferMax });
        contacts.load(loadNames.map((name, i) => contact(i + 1, (i % 2) + 1, name)));
        let nextId = loadNames.length + 1;
        for (const s of steps) {
          const ids = [...contacts.values()].map((c) => c.id);
          if (s.kind === 'build') names.buildSome(s.records);
          else if (s.kind === 'rename' && ids.length > 0) contacts.update(ids[s.pick % ids.length]!, { name: s.name });
          else if (s.kind === 'insert') contacts.insert(contact(nextId++, s.account, s.name));
          else if (s.kind === 'remove' && ids.length > 0) contacts.remove(ids[s.pick % ids.length]!);
          else if (s.kind === 'undo') undos.pop()?.();
        }
        for (const accountId of [1, 2, 3]) expect(answer(names, contacts, accountId, query)).toEqual(scan(contacts, accountId, query));
        expect(names.complete).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('indexes a small load at once and a large one only when built or queried', () => {
    const small = setup({ syncBuildMax: 10, background: false });
    small.contacts.load([contact(1, 1, 'Ana'), contact(2, 1, 'Bob')]);
    expect(small.names.complete).toBe(true);

    const large = setup({ syncBuildMax: 10, background: false });
    large.contacts.load(Array.from({ length: 50 }, (_, i) => contact(i + 1, 1, `Name ${i}`)));
    expect(large.names.complete).toBe(false);
    expect(large.names.buildSome(20)).toBe(20);
    expect(large.names.complete).toBe(false);
    // A query finishes the account's build before answering.
    expect(answer(large.names, large.contacts, 1, 'name 4')).toEqual([5, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(large.names.complete).toBe(true);
  });

  it('builds on timers by itself, and a clear (restore, reset) drops a build under way', async () => {
    const { names, contacts } = setup({ syncBuildMax: 10 });
    contacts.load(Array.from({ length: 5_000 }, (_, i) => contact(i + 1, 1 + (i % 3), `Person ${i}`)));
    expect(names.complete).toBe(false);
    for (let waited = 0; !names.complete && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(names.complete).toBe(true);
    expect(answer(names, contacts, 2, 'son 499')).toEqual(scan(contacts, 2, 'son 499'));

    contacts.load(Array.from({ length: 5_000 }, (_, i) => contact(i + 10_001, 1, `Other ${i}`)));
    contacts.clear();
    expect(names.complete).toBe(true);
    expect(answer(names, contacts, 1, 'other')).toEqual([]);
  });
});

describe('NameGramIndex write buffer', () => {
  it('answers like a scan whenever asked, however writes, renames, removals and undos interleave with queries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(step, fc.record({ kind: fc.constant('query' as const), query: fc.constantFrom('a', 'an', 'ana', 'o', 'ng', 'bo', 'zoë n') })), { maxLength: 80 }),
        fc.constantFrom(1, 2, 5),
        (steps, bufferMax) => {
          const { names, contacts, undos } = setup({ bufferMax });
          let nextId = 1;
          for (const s of steps) {
            const ids = [...contacts.values()].map((c) => c.id);
            if (s.kind === 'query') for (const accountId of [1, 2, 3]) expect(answer(names, contacts, accountId, s.query)).toEqual(scan(contacts, accountId, s.query));
            else if (s.kind === 'rename' && ids.length > 0) contacts.update(ids[s.pick % ids.length]!, { name: s.name });
            else if (s.kind === 'insert') contacts.insert(contact(nextId++, s.account, s.name));
            else if (s.kind === 'remove' && ids.length > 0) contacts.remove(ids[s.pick % ids.length]!);
            else if (s.kind === 'undo') undos.pop()?.();
          }
          for (const accountId of [1, 2, 3]) expect(answer(names, contacts, accountId, 'a')).toEqual(scan(contacts, accountId, 'a'));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('indexes a full buffer in one go, and a query indexes what still waits first', () => {
    const { names, contacts } = setup({ bufferMax: 3 });
    for (let id = 1; id <= 3; id++) contacts.insert(contact(id, 1, `Ana ${id}`));
    // Nothing indexed yet: the three wait in the buffer.
    expect(names.waiting(1)).toBe(3);
    contacts.insert(contact(4, 1, 'Ana 4'));
    expect(names.waiting(1)).toBe(0);
    contacts.insert(contact(5, 1, 'Ana 5'));
    expect(answer(names, contacts, 1, 'ana')).toEqual([1, 2, 3, 4, 5]);
    expect(names.waiting(1)).toBe(0);
  });
});
