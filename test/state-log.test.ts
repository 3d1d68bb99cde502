/**
 * The state log's write path (src/adapters/state-log.ts, log-syncs.ts, state-compaction.ts):
 * overlapping fsyncs that acknowledge only what is on disk, compaction in the background that
 * loses nothing written while it runs, and a log removed under the server failing its writes.
 * In process and over HTTP (node adapter); the kill -9 rounds are in test/state-file.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../src/adapters/node-http.js';
import { loadState, persistState } from '../src/adapters/state-file.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const root = mkdtempSync(join(tmpdir(), 'switchboard-state-log-'));
let counter = 0;
const freshDir = (): string => {
  const dir = join(root, String(++counter));
  mkdirSync(dir, { recursive: true });
  return dir;
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Tag {
  name?: string;
}
const tagNames = (file: string): string[] => (loadState(file)!.store.collections['tags'] ?? []).map((tag) => String((tag as Tag).name));

async function post(baseUrl: string, key: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('state log write path', () => {
  it('acknowledges concurrent writes only once they are on disk, with several fsyncs in flight', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file);
    const server = await listen(sim, { port: 0, durable: () => persistence.whenDurable() });
    const key = sim.accounts[0]!.keys.full!;
    try {
      const statuses = await Promise.all(
        Array.from({ length: 120 }, (_, i) => post(server.baseUrl, key, '/contacts', { channel: 'telegram', platform_user_id: `c-${i}`, name: `Contact ${i}` }).then((res) => res.status)),
      );
      expect(statuses.every((status) => status === 201)).toBe(true);
      // No close(): what a crash would leave is the start-up save plus the log.
      const ids = new Set((loadState(file)!.store.collections['contacts'] ?? []).map((contact) => (contact as { platform_user_id?: string }).platform_user_id));
      for (let i = 0; i < 120; i++) expect(ids.has(`c-${i}`), `c-${i}`).toBe(true);
    } finally {
      await server.close();
      await persistence.close();
      sim.close();
    }
  });

  it('folds the log into the state file in the background: writes go on meanwhile and none is lost', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    // A small threshold: a background compaction starts every few batches.
    const persistence = persistState(sim, file, { compactBytes: 8_000 });
    const key = sim.accounts[0]!.keys.full!;
    let compactedWhileWriting = 0;
    const before = readFileSync(file, 'utf8');
    for (let wave = 0; wave < 12; wave++) {
      const writes = Array.from({ length: 10 }, (_, i) => sim.request({ method: 'POST', path: '/tags', key, body: { name: `w${wave}-${i}` } }));
      await Promise.all(writes);
      await persistence.whenDurable();
      if (readFileSync(file, 'utf8') !== before) compactedWhileWriting++;
    }
    await persistence.whenCompacted();
    expect(compactedWhileWriting).toBeGreaterThan(0);
    const state = loadState(file)!;
    const names = tagNames(file);
    for (let wave = 0; wave < 12; wave++) for (let i = 0; i < 10; i++) expect(names).toContain(`w${wave}-${i}`);
    // The log holds only lines after the state file's position, and nothing is left half-written.
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { log_position: number };
    const lines = readFileSync(`${file}.log`, 'utf8').split('\n').filter((line) => line !== '');
    for (const line of lines) expect((JSON.parse(line) as { n: number }).n).toBeGreaterThan(raw.log_position);
    expect(lines.length).toBeLessThan(120);
    expect(state.log_position).toBeGreaterThanOrEqual(raw.log_position);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await persistence.close();
    sim.close();
  });

  it('compactions under concurrent HTTP writes: every write answered 201, nothing reported, nothing lost', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const errors: unknown[] = [];
    const WAVES = 10;
    const PER_WAVE = 100;
    // Small enough that the log is swapped many times while syncs of the old log are in flight.
    const persistence = persistState(sim, file, { compactBytes: 6_000, onError: (error) => errors.push(error) });
    const server = await listen(sim, { port: 0, durable: () => persistence.whenDurable() });
    const key = sim.accounts[0]!.keys.full!;
    try {
      for (let wave = 0; wave < WAVES; wave++) {
        const statuses = await Promise.all(
          Array.from({ length: PER_WAVE }, (_, i) => post(server.baseUrl, key, '/contacts', { channel: 'telegram', platform_user_id: `h-${wave}-${i}` }).then((res) => res.status)),
        );
        expect(statuses.filter((status) => status !== 201)).toEqual([]);
      }
      await persistence.whenCompacted();
      expect(errors).toEqual([]);
      const ids = new Set((loadState(file)!.store.collections['contacts'] ?? []).map((contact) => (contact as { platform_user_id?: string }).platform_user_id));
      for (let wave = 0; wave < WAVES; wave++) for (let i = 0; i < PER_WAVE; i++) expect(ids.has(`h-${wave}-${i}`)).toBe(true);
    } finally {
      await server.close();
      await persistence.close();
      sim.close();
    }
  });

  it('a reset during a background compaction is saved whole and the compaction never overwrites it', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file, { compactBytes: 1 });
    const key = sim.accounts[0]!.keys.full!;
    for (let i = 0; i < 5; i++) await sim.request({ method: 'POST', path: '/tags', key, body: { name: `gone-${i}` } });
    await persistence.whenDurable();
    // The next batch starts a compaction of a state that still holds the tags; the reset follows at once.
    await sim.request({ method: 'POST', path: '/tags', key, body: { name: 'gone-last' } });
    sim.reset();
    await persistence.whenDurable();
    await persistence.whenCompacted();
    expect(tagNames(file).filter((name) => name.startsWith('gone'))).toEqual([]);
    await sim.request({ method: 'POST', path: '/tags', key, body: { name: 'after-reset' } });
    await persistence.whenDurable();
    await persistence.whenCompacted();
    expect(tagNames(file)).toContain('after-reset');
    expect(tagNames(file).filter((name) => name.startsWith('gone'))).toEqual([]);
    await persistence.close();
    sim.close();
  });

  it('a log removed under the server fails the writes waiting on it (503) and heals with a full save', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const errors: unknown[] = [];
    // The default threshold: no compaction would ever notice; the per-batch check does.
    const persistence = persistState(sim, file, { onError: (error) => errors.push(error) });
    const server = await listen(sim, { port: 0, durable: () => persistence.whenDurable() });
    const key = sim.accounts[0]!.keys.full!;
    try {
      expect((await post(server.baseUrl, key, '/tags', { name: 'kept' })).status).toBe(201);
      unlinkSync(`${file}.log`);
      const refused = await post(server.baseUrl, key, '/tags', { name: 'into the void' });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error.code).toBe('service_unavailable');
      expect(String(errors[0])).toMatch(/state\.json\.log is gone/);
      // The next write saves the whole state (both tags) and a fresh log, then is acknowledged.
      expect((await post(server.baseUrl, key, '/tags', { name: 'healed' })).status).toBe(201);
      expect(tagNames(file)).toEqual(expect.arrayContaining(['kept', 'into the void', 'healed']));
      expect(errors).toHaveLength(1);
    } finally {
      await server.close();
      await persistence.close();
      sim.close();
    }
  });
});
