import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { EventJournal, eventIndexes, eventPublicId, presentEvent, type EventRecord } from './events.js';
import { Store } from '../store/store.js';

function setup() {
  const store = new Store();
  const clock = new VirtualClock(() => 0);
  clock.freeze(Date.parse('2026-01-01T00:00:00Z'));
  const journal = new EventJournal(store, store.define<EventRecord>('events', eventIndexes), clock, new Set(['contact.updated', 'lead.captured', 'odd.event', 'even.event', 'a.b', 'c.d', 'x.y']));
  const heard: EventRecord[] = [];
  journal.subscribe((event) => heard.push(event));
  return { store, clock, journal, heard };
}

describe('EventJournal', () => {
  it('appends per account, oldest first, stamped with the virtual clock', () => {
    const { store, clock, journal } = setup();
    store.transaction(() => journal.emit(1, 'contact.updated', { n: 1 }));
    clock.advance(1000);
    store.transaction(() => journal.emit(2, 'contact.updated', { n: 2 }));
    store.transaction(() => journal.emit(1, 'lead.captured', { n: 3 }));
    const mine = journal.list(1);
    expect(mine.map((e) => e.data['n'])).toEqual([1, 3]);
    expect(mine[1]!.created_at).toBe('2026-01-01T00:00:01+00:00');
    expect(journal.list(2).map((e) => e.data['n'])).toEqual([2]);
  });

  it('stamps created_at with when it happened (never later than now) and keeps it listed for a day from when it was recorded', () => {
    const { store, clock, journal } = setup();
    const start = clock.now();
    clock.advance(2 * 24 * 3600_000);
    // Work a 2-day jump ran at its due instant, +10 min; and a claim from the future, held to now.
    const late = store.transaction(() => journal.emit(1, 'contact.updated', { n: 1 }, start + 600_000));
    const future = store.transaction(() => journal.emit(1, 'contact.updated', { n: 2 }, clock.now() + 60_000));
    expect(late.created_at).toBe('2026-01-01T00:10:00+00:00');
    expect(future.created_at).toBe('2026-01-03T00:00:00+00:00');
    expect(late.created_ms).toBe(clock.now());
    expect(journal.list(1).map((e) => e.data['n'])).toEqual([1, 2]);
    clock.advance(24 * 3600_000 - 1);
    expect(journal.list(1).map((e) => e.data['n'])).toEqual([1, 2]);
    clock.advance(2);
    expect(journal.list(1)).toEqual([]);
  });

  it('filters by type, reads after an id, and limits', () => {
    const { store, journal } = setup();
    const ids = store.transaction(() => [1, 2, 3, 4, 5].map((n) => journal.emit(1, n % 2 ? 'odd.event' : 'even.event', { n }).id));
    expect(journal.list(1, { type: 'odd.event' }).map((e) => e.data['n'])).toEqual([1, 3, 5]);
    expect(journal.list(1, { after: ids[1] }).map((e) => e.data['n'])).toEqual([3, 4, 5]);
    expect(journal.list(1, { after: ids[1], limit: 2 }).map((e) => e.data['n'])).toEqual([3, 4]);
    expect(journal.get(1, ids[0]!)?.data['n']).toBe(1);
    expect(journal.get(2, ids[0]!)).toBeUndefined();
  });

  it('tells subscribers only after the transaction commits, and nothing when it rolls back', () => {
    const { store, journal, heard } = setup();
    store.transaction(() => {
      journal.emit(1, 'a.b', {});
      expect(heard).toHaveLength(0);
    });
    expect(heard).toHaveLength(1);
    expect(() =>
      store.transaction(() => {
        journal.emit(1, 'c.d', {});
        throw new Error('rolled back');
      }),
    ).toThrow();
    expect(heard).toHaveLength(1);
    expect(journal.list(1).map((e) => e.type)).toEqual(['a.b']);
  });

  it('presents events with a public id', () => {
    const { store, journal } = setup();
    const event = store.transaction(() => journal.emit(3, 'x.y', { k: true }));
    expect(presentEvent(event)).toEqual({
      id: eventPublicId(event.id),
      type: 'x.y',
      created_at: '2026-01-01T00:00:00+00:00',
      account_id: 3,
      data: { k: true },
    });
    expect(eventPublicId(42)).toBe('evt_00000042');
  });
});

describe('the catalogue', () => {
  it('refuses an event no group declared: a bug in the emitter, caught where it happens', () => {
    const store = new Store();
    const clock = new VirtualClock(() => 0);
    const journal = new EventJournal(store, store.define<EventRecord>('events', eventIndexes), clock, new Set(['known.event']));
    expect(journal.isCatalogued('known.event')).toBe(true);
    expect(journal.isCatalogued('made.up')).toBe(false);
    expect(() => store.transaction(() => journal.emit(1, 'made.up', {}))).toThrow(/not in the catalogue/);
    expect(journal.list(1)).toEqual([]);
  });
});
