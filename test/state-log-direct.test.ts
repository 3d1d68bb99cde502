/**
 * The state log's direct writes (src/adapters/log-direct.ts, log-syncs.ts): batches padded to the
 * device's alignment so each starts on it, staged in aligned memory and written with O_DIRECT;
 * a log of unaligned length (an older build's, or one written through the page cache) realigned
 * by its next batch; a refused direct write written again through the page cache; and every
 * padded log read back whole by replay.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignedMemory, directAlignment, padBatch } from '../src/adapters/log-direct.js';
import { logContentEnd } from '../src/adapters/log-file.js';
import { SyncDescriptors, writeBatchDurably, type SyncOutcome } from '../src/adapters/log-syncs.js';
import { loadState, persistState } from '../src/adapters/state-file.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { tempDirs } from './support/temp-dirs.js';

const { root, fresh: freshDir } = tempDirs('switchboard-state-direct-');
// Where the temp directory's filesystem refuses O_DIRECT (tmpfs), the direct cases have nothing to test.
const alignment = directAlignment(root);
const onDirectDisk = alignment === undefined ? it.skip : it;

async function writeTags(sim: Simulator, whenDurable: () => Promise<void> | undefined, prefix: string, count: number, perWave: number): Promise<void> {
  const key = sim.accounts[0]!.keys.full!;
  for (let from = 0; from < count; from += perWave) {
    const wave = Array.from({ length: Math.min(perWave, count - from) }, (_, i) => sim.request({ method: 'POST', path: '/tags', key, body: { name: `${prefix}-${from + i}` } }));
    for (const answer of await Promise.all(wave)) expect(answer.status).toBe(201);
    await whenDurable();
  }
}

const tagNames = (file: string): Set<string> => new Set((loadState(file)!.store.collections['tags'] ?? []).map((tag) => String((tag as { name?: string }).name)));
const names = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
const logText = (file: string): string => {
  const bytes = readFileSync(`${file}.log`);
  return bytes.toString('utf8', 0, logContentEnd(bytes));
};

describe('padBatch', () => {
  it('pads whole lines with spaces before the last newline, so every line still parses and none is blank', () => {
    const buffer = Buffer.alloc(64, 0xff);
    const length = buffer.write('{"n":1}\n{"n":2}\n');
    const padded = padBatch(buffer, length, 32);
    expect(padded.length).toBe(32);
    const lines = padded.toString('utf8').split('\n');
    expect(lines).toEqual(['{"n":1}', `{"n":2}${' '.repeat(16)}`, '']);
    expect(lines.slice(0, 2).map((line) => JSON.parse(line) as unknown)).toEqual([{ n: 1 }, { n: 2 }]);
    // Already on the boundary: unchanged.
    const whole = Buffer.from('{"n":1}\n{"n":2}\n');
    expect(padBatch(whole, 16, 16).toString('utf8')).toBe('{"n":1}\n{"n":2}\n');
  });
});

describe('directAlignment', () => {
  it('is undefined when SWITCHBOARD_STATE_LOG_DIRECT=0, and leaves no scratch file behind either way', () => {
    const dir = freshDir();
    const saved = process.env['SWITCHBOARD_STATE_LOG_DIRECT'];
    try {
      process.env['SWITCHBOARD_STATE_LOG_DIRECT'] = '0';
      expect(directAlignment(dir)).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env['SWITCHBOARD_STATE_LOG_DIRECT'];
      else process.env['SWITCHBOARD_STATE_LOG_DIRECT'] = saved;
    }
    const found = directAlignment(dir);
    if (found !== undefined) expect([512, 4096]).toContain(found);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('aligned memory is zeroed and as long as asked', () => {
    const memory = alignedMemory(5000);
    expect(memory.length).toBe(5000);
    expect(memory.every((byte) => byte === 0)).toBe(true);
  });
});

describe('state log direct writes', () => {
  onDirectDisk('every batch ends on the alignment, every line parses, and replay holds every acknowledged write', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file);
    // Waves of 1 and of 40: small batches (one line padded) and large ones (many lines, one pad).
    await writeTags(sim, () => persistence.whenDurable(), 'one', 12, 1);
    await writeTags(sim, () => persistence.whenDurable(), 'many', 400, 40);
    const text = logText(file);
    expect(Buffer.byteLength(text) % alignment!).toBe(0);
    const lines = text.split('\n').slice(0, -1);
    expect(lines.some((line) => line.endsWith(' '))).toBe(true);
    for (const line of lines) {
      expect(line.trim()).not.toBe('');
      expect(typeof (JSON.parse(line) as { n: number }).n).toBe('number');
    }
    // No close(): a crash leaves the start-up save plus the log.
    const names = tagNames(file);
    for (let i = 0; i < 12; i++) expect(names.has(`one-${i}`)).toBe(true);
    for (let i = 0; i < 400; i++) expect(names.has(`many-${i}`)).toBe(true);
    await persistence.close();
    sim.close();
  });

  onDirectDisk('a log of unaligned length (written through the page cache) is realigned by the next batch and goes on direct', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const first = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const firstLog = persistState(first, file, { direct: false });
    await writeTags(first, () => firstLog.whenDurable(), 'cached', 3, 1);
    const unaligned = Buffer.byteLength(logText(file));
    expect(unaligned % alignment!).not.toBe(0);

    const state = loadState(file)!;
    const second = createSimulator({ logger: silentLogger, rateLimit: 'off', state });
    const secondLog = persistState(second, file, { position: state.log_position ?? 0, resume: true });
    await writeTags(second, () => secondLog.whenDurable(), 'direct', 20, 1);
    const text = logText(file);
    expect(Buffer.byteLength(text) % alignment!).toBe(0);
    // The first batch after the restart ended on the boundary: padded from where the log ended.
    const firstPadded = text.indexOf(' \n', unaligned);
    expect((firstPadded + 2) % alignment!).toBe(0);
    const missing = [...names('cached', 3), ...names('direct', 20)].filter((name) => !tagNames(file).has(name));
    expect(missing).toEqual([]);
    // The first life's log was left as a crash leaves it; its descriptors still need closing.
    await Promise.all([secondLog.close(), firstLog.close()]);
    for (const sim of [first, second]) sim.close();
  });

  onDirectDisk('a direct write the filesystem refuses (EINVAL) is written again through the page cache, and later batches skip O_DIRECT', async () => {
    const dir = freshDir();
    const log = join(dir, 'state.json.log');
    writeFileSync(log, '');
    // An alignment of 1 passes every check in this process, but the device refuses a 6-byte direct write.
    const descriptors = new SyncDescriptors(log, 'dsync', 1);
    try {
      const staging = descriptors.stagingFor(0)!;
      expect(staging).toBeDefined();
      const bytes = staging.subarray(0, staging.write('{"n":1}\n'));
      const outcome = await new Promise<SyncOutcome>((resolve) => writeBatchDurably(descriptors, bytes, 0, 1, resolve));
      expect(outcome).toEqual({ through: 1, error: null });
      expect(readFileSync(log, 'utf8')).toBe('{"n":1}\n');
      expect(descriptors.stagingFor(8)).toBeUndefined();
    } finally {
      descriptors.retire();
    }
  });

  it('SWITCHBOARD_STATE_LOG_DIRECT=0 writes through the page cache: lines unpadded', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const saved = process.env['SWITCHBOARD_STATE_LOG_DIRECT'];
    process.env['SWITCHBOARD_STATE_LOG_DIRECT'] = '0';
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    try {
      const persistence = persistState(sim, file);
      await writeTags(sim, () => persistence.whenDurable(), 'plain', 5, 1);
      expect(logText(file).split('\n').some((line) => line.endsWith(' '))).toBe(false);
      await persistence.close();
    } finally {
      if (saved === undefined) delete process.env['SWITCHBOARD_STATE_LOG_DIRECT'];
      else process.env['SWITCHBOARD_STATE_LOG_DIRECT'] = saved;
      sim.close();
    }
  });
});
