/**
 * State at scale (issue 12 items 3 and 6): a state of a million contacts (BENCH_SCALE_CONTACTS)
 * in one account, written and read the way the simulator does it, and `serve --state` started
 * from it. Rows:
 * - snapshot throughput: `sim.snapshotChunks()` written to a file (MB/s);
 * - restore throughput: `sim.restoreFromChunks(file stream)`, parse and check, all or nothing (MB/s);
 * - `serve --state` start-up to the ready line, and the server's peak RSS (VmHWM) by then;
 * - then the first `name=` list (which finishes the name index the server builds in the background
 *   after a large load, resources/contacts/name-index.ts), a second one, and the peak RSS after:
 *   the memory a server at this size really needs, not only what it holds at its ready line;
 * - the default seed's start-up is bench/startup.ts.
 * The state is built by copying one seed contact (new id, identity and name), so every record is
 * one the restore's checks accept.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../src/adapters/state-file.js';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import type { SimulatorSnapshot } from '../src/simulator.js';
import type { Entity } from '../src/store/collection.js';
import { startAndReadLine, stop } from './process.js';
import { collectGarbage, round, type BenchRow } from './types.js';

const CLI = join(import.meta.dirname, '..', 'cli', 'main.js');
const CONTACTS = Number(process.env['BENCH_SCALE_CONTACTS'] ?? 1_000_000);
const READY_TARGET_MS = 5_000;
const RSS_TARGET_MB = 1024;

/** The default state plus `count` contacts in the first account, copied from one of its own. */
export function scaledSnapshot(count: number): SimulatorSnapshot {
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
  const snapshot = sim.snapshot();
  sim.close();
  const contacts = snapshot.store.collections['contacts']!;
  const template = contacts[0]! as Entity & Record<string, unknown>;
  let next = snapshot.store.sequences['contact'] ?? 0;
  const added: Entity[] = [];
  for (let i = 0; i < count; i++) {
    added.push({ ...template, id: ++next, platform_user_id: `scale-${i}`, name: `Scale Contact ${i}`, email: null, phone: null, tag_ids: [] } as Entity);
  }
  snapshot.store.collections['contacts'] = [...contacts, ...added];
  snapshot.store.sequences['contact'] = next;
  return snapshot;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-scale-'));
  const file = join(dir, 'state.json');
  const rows: BenchRow[] = [];
  const note = `${CONTACTS.toLocaleString('en-US')} contacts in one account`;
  try {
    const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
    sim.restore(scaledSnapshot(CONTACTS));
    collectGarbage();

    let began = performance.now();
    writeFileAtomic(file, sim.snapshotChunks());
    const writeMs = performance.now() - began;
    const megabytes = statSync(file).size / 1e6;
    rows.push({ name: 'snapshot out (snapshotChunks to a file)', value: round(megabytes / (writeMs / 1000), 1), unit: 'MB/s', note: `${round(megabytes, 0)} MB in ${round(writeMs, 0)} ms; ${note}` });

    collectGarbage();
    began = performance.now();
    await sim.restoreFromChunks(createReadStream(file, { highWaterMark: 1024 * 1024 }));
    const readMs = performance.now() - began;
    rows.push({ name: 'snapshot in (restoreFromChunks from a file)', value: round(megabytes / (readMs / 1000), 1), unit: 'MB/s', note: `${round(megabytes, 0)} MB in ${round(readMs, 0)} ms, checked all-or-nothing; ${note}` });
    sim.close();
    collectGarbage();

    const started = await startAndReadLine([CLI, 'serve', '--port', '0', '--json', '--state', file], 600_000);
    const rss = peakRssMb(started.child.pid!);
    const baseUrl = (JSON.parse(started.line) as { base_url: string }).base_url;
    const nameQuery = async (name: string): Promise<number> => {
      const began = performance.now();
      const response = await fetch(`${baseUrl}/contacts?name=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${defaultKey(DEFAULT_ACCOUNTS[0]!, 'full')}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /contacts?name=${name}: ${response.status}`);
      return performance.now() - began;
    };
    const firstName = await nameQuery('contact 999');
    const secondName = await nameQuery('contact 998');
    const rssAfter = peakRssMb(started.child.pid!);
    await stop(started.child);
    rows.push(
      { name: 'serve --state start-up to ready line', value: round(started.elapsedMs, 0), unit: 'ms', target: `< ${READY_TARGET_MS} ms`, pass: started.elapsedMs < READY_TARGET_MS, note },
      { name: 'serve --state peak RSS at ready', value: round(rss, 0), unit: 'MB', target: `< ${RSS_TARGET_MB} MB`, pass: rss < RSS_TARGET_MB, note },
      { name: 'first name= list after ready (finishes the name index)', value: round(firstName, 0), unit: 'ms', note },
      { name: 'second name= list', value: round(secondName, 1), unit: 'ms', note },
      { name: 'serve --state peak RSS with the name index built', value: round(rssAfter, 0), unit: 'MB', target: `< ${RSS_TARGET_MB} MB`, pass: rssAfter < RSS_TARGET_MB, note },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
