/**
 * Replaying a state file's log (src/adapters/state-log.ts `replayLog`) rewrites only the
 * collections the log touched, in one pass: replaced records keep their place, removed ones go,
 * new ones come in id order, and a collection saved out of id order comes back sorted by id.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayLog, type StateFileContent } from '../src/adapters/state-log.js';
import type { Entity } from '../src/store/collection.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function state(collections: Record<string, Entity[]>): StateFileContent {
  return {
    format: 'switchboard-snapshot',
    version: 1,
    clock: { mode: 'real', now: '2026-03-01T12:00:00+00:00', now_ms: Date.parse('2026-03-01T12:00:00Z') },
    store: { format: 'switchboard-state', version: 1, sequences: {}, collections },
    log_position: 0,
  };
}

const tag = (id: number, name: string): Entity & { name: string } => ({ id, account_id: 1, name });
const line = (n: number, records: [string, number, Entity | null][]): string => JSON.stringify({ n, r: records, t: { mode: 'real', now_ms: 1_772_366_400_000 + n } });

describe('replayLog', () => {
  it('applies replacements, removals and additions, and leaves untouched collections as they were', () => {
    const untouched = [tag(1, 'kept')];
    const content = state({ tags: [tag(1, 'a'), tag(2, 'b'), tag(3, 'c'), tag(5, 'e')], other: untouched });
    const logFile = join(dir, 'a.log');
    writeFileSync(logFile, [line(1, [['tags', 2, tag(2, 'B')], ['tags', 7, tag(7, 'g')]]), line(2, [['tags', 3, null], ['tags', 4, tag(4, 'd')]]), line(3, [['tags', 7, tag(7, 'G')]])].join('\n') + '\n');
    expect(replayLog(content, logFile)).toBe(3);
    expect(content.store.collections['tags']).toEqual([tag(1, 'a'), tag(2, 'B'), tag(4, 'd'), tag(5, 'e'), tag(7, 'G')]);
    expect(content.store.collections['other']).toBe(untouched);
  });

  it('sorts a collection saved out of id order, and creates one the state did not have', () => {
    const content = state({ tags: [tag(9, 'i'), tag(2, 'b')] });
    const logFile = join(dir, 'b.log');
    writeFileSync(logFile, line(1, [['tags', 2, null], ['tags', 1, tag(1, 'a')], ['labels', 3, tag(3, 'x')]]) + '\n');
    replayLog(content, logFile);
    expect(content.store.collections['tags']).toEqual([tag(1, 'a'), tag(9, 'i')]);
    expect(content.store.collections['labels']).toEqual([tag(3, 'x')]);
  });
});
