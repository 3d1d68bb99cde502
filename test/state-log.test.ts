/**
 * The state log's write path (src/adapters/state-log.ts, log-syncs.ts, state-compaction.ts):
 * overlapping fsyncs that acknowledge only what is on disk, compaction in the background that
 * loses nothing written while it runs, and a log removed under the server failing its writes.
 * In process and over HTTP (node adapter); the kill -9 rounds are in test/state-file.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { close, closeSync, constants, open, openSync, readdirSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GROW_FROM_BYTES, logContentEnd } from '../src/adapters/log-file.js';
import { listen } from '../src/adapters/node-http.js';
import { loadState, persistState, writeFileAtomic } from '../src/adapters/state-file.js';
import { defaultSyncMode } from '../src/adapters/log-syncs.js';
import { logFileOf, StateLog } from '../src/adapters/state-log.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { tempDirs } from './support/temp-dirs.js';

const { fresh: freshDir } = tempDirs('switchboard-state-log-');

interface Tag {
  name?: string;
}
const tagNames = (file: string): string[] => (loadState(file)!.store.collections['tags'] ?? []).map((tag) => String((tag as Tag).name));

async function post(baseUrl: string, key: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

const contactIds = (file: string): Set<string> =>
  new Set((loadState(file)!.store.collections['contacts'] ?? []).map((contact) => String((contact as { platform_user_id?: string }).platform_user_id)));

/** Writes `count` contacts named `<prefix>-<i>`, 25 at a time, each wave made durable. */
async function writeContacts(sim: Simulator, whenDurable: () => Promise<void> | undefined, prefix: string, count: number): Promise<void> {
  const key = sim.accounts[0]!.keys.full!;
  for (let from = 0; from < count; from += 25) {
    const wave = Array.from({ length: Math.min(25, count - from) }, (_, i) =>
      sim.request({ method: 'POST', path: '/contacts', key, body: { channel: 'telegram', platform_user_id: `${prefix}-${from + i}`, name: `Contact ${from + i}` } }),
    );
    for (const answer of await Promise.all(wave)) expect(answer.status).toBe(201);
    await whenDurable();
  }
}

/** The log as bytes: its lines, then nothing but the zeros grown ahead of them. */
function logLayout(file: string): { lines: string[]; zeros: number } {
  const bytes = readFileSync(`${file}.log`);
  const end = logContentEnd(bytes);
  expect(bytes.subarray(end).every((byte) => byte === 0)).toBe(true);
  const text = bytes.toString('utf8', 0, end);
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return { lines: text.split('\n').filter((line) => line !== ''), zeros: bytes.length - end };
}

// Every way of making a batch durable (src/adapters/log-syncs.ts): the O_DSYNC write in the pool,
// direct where the filesystem takes O_DIRECT (the default on Linux) or through the page cache, and
// the fallback, a write then an fdatasync.
describe.each([
  { syncMode: 'dsync', direct: true },
  { syncMode: 'dsync', direct: false },
  { syncMode: 'fdatasync', direct: false },
] as const)('state log write path ($syncMode, direct $direct)', ({ syncMode, direct }) => {
  // The others run the tests where the ways differ (acknowledging, the compaction's copy of the
  // log, a lost log); replay, zeros and resets are the same code either way (and the file stays
  // under 10 s).
  const itBoth = it;
  const itDefault = syncMode === 'dsync' && direct ? it : (() => undefined) as unknown as typeof it;
  itBoth('acknowledges concurrent writes only once they are on disk, with several fsyncs in flight', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file, { syncMode, direct });
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

  itDefault('folds the log into the state file in the background: writes go on meanwhile and none is lost', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    // A small threshold: a background compaction starts every few batches.
    const persistence = persistState(sim, file, { syncMode, direct, compactBytes: 8_000 });
    const key = sim.accounts[0]!.keys.full!;
    let compactedWhileWriting = 0;
    const before = readFileSync(file, 'utf8');
    // Waves go on until a background compaction has replaced the state file, and for two waves
    // after that: how many waves a compaction spans depends on the machine's load (a fixed 12 once
    // all ran before the first compaction finished), so the count is bounded, not fixed.
    let waves = 0;
    while (waves < 12 || compactedWhileWriting < 2) {
      if (waves === 2_000) throw new Error('no background compaction finished within 2,000 waves of writes');
      const wave = waves++;
      const writes = Array.from({ length: 10 }, (_, i) => sim.request({ method: 'POST', path: '/tags', key, body: { name: `w${wave}-${i}` } }));
      for (const answer of await Promise.all(writes)) expect(answer.status).toBe(201);
      await persistence.whenDurable();
      if (readFileSync(file, 'utf8') !== before) compactedWhileWriting++;
    }
    await persistence.whenCompacted();
    const state = loadState(file)!;
    const names = tagNames(file);
    for (let wave = 0; wave < waves; wave++) for (let i = 0; i < 10; i++) expect(names).toContain(`w${wave}-${i}`);
    // The log holds only lines after the state file's position, and nothing is left half-written.
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { log_position: number };
    const lines = readFileSync(`${file}.log`, 'utf8').split('\n').filter((line) => line !== '');
    for (const line of lines) expect((JSON.parse(line) as { n: number }).n).toBeGreaterThan(raw.log_position);
    expect(lines.length).toBeLessThan(waves * 10);
    expect(state.log_position).toBeGreaterThanOrEqual(raw.log_position);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await persistence.close();
    sim.close();
  });

  itBoth('compactions under concurrent HTTP writes: every write answered 201, nothing reported, nothing lost', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const errors: unknown[] = [];
    const WAVES = 10;
    const PER_WAVE = 100;
    // Small enough that the log is swapped many times while syncs of the old log are in flight.
    const persistence = persistState(sim, file, { syncMode, direct, compactBytes: 6_000, onError: (error) => errors.push(error) });
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

  itDefault('a reset during a background compaction is saved whole and the compaction never overwrites it', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file, { syncMode, direct, compactBytes: 1 });
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

  itDefault('grows zeros ahead of the lines once the log passes 64 KiB: lines land before them, replay reads only the lines', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file, { syncMode, direct });
    await writeContacts(sim, () => persistence.whenDurable(), 'small', 20);
    // A short log is exactly its lines.
    expect(logLayout(file).zeros).toBe(0);
    await writeContacts(sim, () => persistence.whenDurable(), 'grown', 300);
    expect(statSync(`${file}.log`).size).toBeGreaterThan(GROW_FROM_BYTES);
    // The extent is zeroed in libuv's pool: wait for it to land, then write over it.
    await vi.waitFor(() => expect(logLayout(file).zeros).toBeGreaterThan(0), { interval: 5 });
    await writeContacts(sim, () => persistence.whenDurable(), 'over', 100);
    const { lines, zeros } = logLayout(file);
    expect(zeros).toBeGreaterThan(0);
    for (const line of lines) expect(typeof (JSON.parse(line) as { n: number }).n).toBe('number');
    // No close(): what a crash leaves is the start-up save plus the log with its zeros.
    const ids = contactIds(file);
    for (const [prefix, count] of [['small', 20], ['grown', 300], ['over', 100]] as const) for (let i = 0; i < count; i++) expect(ids.has(`${prefix}-${i}`), `${prefix}-${i}`).toBe(true);
    await persistence.close();
    expect(readFileSync(`${file}.log`)).toHaveLength(0);
    sim.close();
  });

  itDefault('a line torn into the zeros by a crash is ignored, and a restart cuts it and the zeros and goes on', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const first = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const firstLog = persistState(first, file, { syncMode, direct });
    await writeContacts(first, () => firstLog.whenDurable(), 'kept', 300);
    await vi.waitFor(() => expect(logLayout(file).zeros).toBeGreaterThan(0), { interval: 5 });
    // A crash mid-write: half a line over the zeros, never acknowledged.
    const end = logContentEnd(readFileSync(`${file}.log`));
    const fd = openSync(`${file}.log`, 'r+');
    writeSync(fd, '{"n":99999,"r":[["contacts",', end);
    closeSync(fd);

    const state = loadState(file)!;
    expect(contactIds(file).has('kept-299')).toBe(true);
    const second = createSimulator({ logger: silentLogger, rateLimit: 'off', state });
    const secondLog = persistState(second, file, { syncMode, direct, position: state.log_position ?? 0, resume: true });
    // The torn line and the zeros are gone: the log is its complete lines again.
    expect(statSync(`${file}.log`).size).toBe(end);
    expect(readFileSync(`${file}.log`, 'utf8').endsWith('\n')).toBe(true);
    await writeContacts(second, () => secondLog.whenDurable(), 'after', 200);
    const ids = contactIds(file);
    for (let i = 0; i < 300; i++) expect(ids.has(`kept-${i}`)).toBe(true);
    for (let i = 0; i < 200; i++) expect(ids.has(`after-${i}`)).toBe(true);
    await secondLog.close();
    await firstLog.close();
    first.close();
    second.close();
  });

  itBoth('background compactions of logs grown with zeros: the new log takes its lines at the right offsets, nothing lost', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const errors: unknown[] = [];
    // Past GROW_FROM_BYTES, so both the old logs and the ones that replace them are grown.
    const persistence = persistState(sim, file, { syncMode, direct, compactBytes: 150_000, onError: (error) => errors.push(error) });
    const before = readFileSync(file, 'utf8');
    await writeContacts(sim, () => persistence.whenDurable(), 'c', 900);
    await persistence.whenCompacted();
    expect(readFileSync(file, 'utf8')).not.toBe(before);
    await writeContacts(sim, () => persistence.whenDurable(), 'd', 200);
    expect(errors).toEqual([]);
    logLayout(file);
    const ids = contactIds(file);
    for (let i = 0; i < 900; i++) expect(ids.has(`c-${i}`), `c-${i}`).toBe(true);
    for (let i = 0; i < 200; i++) expect(ids.has(`d-${i}`), `d-${i}`).toBe(true);
    await persistence.close();
    sim.close();
  });

  itBoth('a log removed under the server fails the writes waiting on it (503) and heals with a full save', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const errors: unknown[] = [];
    // The default threshold: no compaction would ever notice; the per-batch check does.
    const persistence = persistState(sim, file, { syncMode, direct, onError: (error) => errors.push(error) });
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

describe('state log O_DSYNC writes in flight', () => {
  it('a compaction copies only the bytes whose write completed, and holding writes waits for the ones on their way', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const log = new StateLog(sim, logFileOf(file), 0, {
      stateFile: file,
      saveSnapshot: (content) => writeFileAtomic(file, JSON.stringify(content)),
      snapshotChunks: (content) => [JSON.stringify(content)],
      syncMode: 'dsync',
    });
    const key = sim.accounts[0]!.keys.full!;
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    // libuv's pool threads, each held in open() of a FIFO until a writer opens it: the batch's
    // write then waits in the pool's queue for as long as the test wants.
    const fifo = join(dir, 'hold-the-pool');
    execFileSync('mkfifo', [fifo]);
    const poolSize = Number(process.env['UV_THREADPOOL_SIZE']) || 4;
    let waiting = poolSize;
    const blockers = Array.from({ length: poolSize }, () => new Promise<void>((resolve) => open(fifo, 'r', (error, fd) => (error ? resolve() : close(fd, () => resolve())))).then(() => void waiting--));
    let released = false;
    const releasePool = async (): Promise<void> => {
      if (released) return;
      released = true;
      // A writer's open lets every reader then waiting in open() through. A blocker whose open
      // had not reached a pool thread yet (one was busy with an earlier test's work) would wait
      // for a writer forever, so open again until every blocker is through; non-blocking, as no
      // reader may be waiting at that moment (ENXIO).
      while (waiting > 0) {
        try {
          closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(blockers);
    };
    try {
      await sim.request({ method: 'POST', path: '/tags', key, body: { name: 'on-disk' } });
      // Not awaited before the pool is held: its write may be on its way too, which is the point.
      const firstDurable = log.whenDurable();
      await turn();
      const written = log.writtenBytes();
      await sim.request({ method: 'POST', path: '/tags', key, body: { name: 'in-flight' } });
      const secondDurable = log.whenDurable();
      await turn();
      await turn();
      // The second batch has its range taken but is not written: the compaction must not copy it.
      expect(log.writtenBytes()).toBeLessThanOrEqual(written);
      let held = false;
      const holding = log.holdWrites().then(() => (held = true));
      await turn();
      expect(held).toBe(false);
      // Release the pool: the writes complete, then the hold resolves with everything written.
      await releasePool();
      await Promise.all([firstDurable, secondDurable, holding]);
      expect(log.writtenBytes()).toBe(statSync(logFileOf(file)).size);
      log.releaseWrites();
      expect(tagNames(file)).toEqual(expect.arrayContaining(['on-disk', 'in-flight']));
    } finally {
      await releasePool();
      await log.close();
      sim.close();
    }
  });
});

describe('SWITCHBOARD_STATE_LOG_SYNC', () => {
  it('O_DSYNC writes by default on Linux, fdatasync when asked, and an unknown value refused at start naming it', () => {
    const saved = process.env['SWITCHBOARD_STATE_LOG_SYNC'];
    try {
      delete process.env['SWITCHBOARD_STATE_LOG_SYNC'];
      expect(defaultSyncMode()).toBe(process.platform === 'win32' ? 'fdatasync' : 'dsync');
      process.env['SWITCHBOARD_STATE_LOG_SYNC'] = 'fdatasync';
      expect(defaultSyncMode()).toBe('fdatasync');
      process.env['SWITCHBOARD_STATE_LOG_SYNC'] = 'fsync';
      const file = join(freshDir(), 'state.json');
      const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
      expect(() => persistState(sim, file)).toThrow(/SWITCHBOARD_STATE_LOG_SYNC must be dsync or fdatasync, got "fsync"/);
      sim.close();
    } finally {
      if (saved === undefined) delete process.env['SWITCHBOARD_STATE_LOG_SYNC'];
      else process.env['SWITCHBOARD_STATE_LOG_SYNC'] = saved;
    }
  });
});
