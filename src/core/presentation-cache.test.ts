import { describe, expect, it, vi } from 'vitest';
import { PresentationCache } from './presentation-cache.js';
import { isSealed } from './wire-json.js';

interface Row {
  readonly id: number;
  readonly name: string;
}

function cacheOf(capacity: number) {
  const build = vi.fn((row: Row) => ({ id: row.id, label: row.name.toUpperCase(), tags: [row.name] }));
  return { cache: new PresentationCache<Row, ReturnType<typeof build>>(capacity, build), build };
}

describe('PresentationCache', () => {
  it('builds once per record and version, and hands out the same sealed representation', () => {
    const { cache, build } = cacheOf(4);
    const row = { id: 1, name: 'ada' };
    const first = cache.present(row, 0);
    expect(cache.present(row, 0)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ id: 1, label: 'ADA', tags: ['ada'] });
    expect(isSealed(first)).toBe(true);
    expect(Object.isFrozen(first.tags)).toBe(true);
  });

  it('builds again when the version moves (what else the representation reads has changed)', () => {
    const { cache, build } = cacheOf(4);
    const row = { id: 1, name: 'ada' };
    const first = cache.present(row, 0);
    const second = cache.present(row, 1);
    expect(second).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(1);
  });

  it('treats a replaced record as a new one, whatever its id', () => {
    const { cache } = cacheOf(4);
    const before = { id: 1, name: 'ada' };
    const after = { ...before, name: 'grace' };
    cache.present(before, 0);
    expect(cache.present(after, 0).label).toBe('GRACE');
  });

  it('holds at most `capacity` records, dropping the oldest first', () => {
    const { cache, build } = cacheOf(2);
    const rows = [1, 2, 3].map((id) => ({ id, name: `r${id}` }));
    for (const row of rows) cache.present(row, 0);
    expect(cache.size).toBe(2);
    cache.present(rows[2]!, 0);
    cache.present(rows[1]!, 0);
    expect(build).toHaveBeenCalledTimes(3);
    cache.present(rows[0]!, 0); // evicted: built again
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('forgets a record on request', () => {
    const { cache, build } = cacheOf(4);
    const row = { id: 1, name: 'ada' };
    cache.present(row, 0);
    cache.forget(row);
    expect(cache.size).toBe(0);
    cache.present(row, 0);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
