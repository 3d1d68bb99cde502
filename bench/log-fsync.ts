/**
 * One durable log write at a time, three ways, on the disk the state log would use (the temp
 * directory): why `serve --state` grows its log with zeros ahead of its lines
 * (src/adapters/log-file.ts, docs/decisions.md "Write path, second pass").
 * - append + fdatasync: the file grows, so each fdatasync commits the new size through the
 *   filesystem's journal (on ext4, shared with every writer on the filesystem);
 * - over zeros + fdatasync: the blocks are already written, fdatasync writes the page and flushes;
 * - over zeros with O_DSYNC: the write itself waits for the disk (one trip through libuv's pool);
 * - over zeros with O_DSYNC from a worker thread of its own, woken with Atomics.notify and
 *   answering through Atomics.waitAsync: the pool replaced by a dedicated thread.
 * Each write is 3 KB (about a batch of four contacts' lines) and waits for its callback, as an
 * answer does. The ways alternate in blocks of 100 writes, so each sees the same moments of the
 * machine; BENCH_LOG_FSYNC_WRITES sets how many each does (default 1,000).
 */
import { closeSync, fdatasync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { DurableWriteProbe, PROBE_LINE, quantile, ZEROED_BYTES, zeroedFile } from './disk-floor.js';
import { round, type BenchRow } from './types.js';

const WRITES = Number(process.env['BENCH_LOG_FSYNC_WRITES'] ?? 1000);
const BLOCK = 100;
const LINE = PROBE_LINE;

interface Way {
  readonly name: string;
  /** One durable write; calls back once it is on disk. */
  readonly write: (done: (error: Error | null) => void) => void;
  readonly close: () => void;
}

/**
 * The worker: waits on slot 0 (a request number), writes `length` bytes of the shared buffer at
 * `offset` through its O_DSYNC descriptor, publishes the request number in slot 1 and wakes the
 * loop. Slots: 0 request, 1 done, 2 length, 3 offset, 4 error (0 or an errno).
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const control = new Int32Array(workerData.shared, 0, 5);
const data = new Uint8Array(workerData.shared, 20);
const fd = fs.openSync(workerData.file, fs.constants.O_WRONLY | fs.constants.O_DSYNC);
let seen = 0;
for (;;) {
  Atomics.wait(control, 0, seen);
  seen = Atomics.load(control, 0);
  if (seen < 0) break;
  try {
    fs.writeSync(fd, data, 0, Atomics.load(control, 2), Atomics.load(control, 3));
    Atomics.store(control, 4, 0);
  } catch (error) {
    Atomics.store(control, 4, -(error.errno ?? 1));
  }
  Atomics.store(control, 1, seen);
  Atomics.notify(control, 1);
}
fs.closeSync(fd);
`;

/** Atomics.waitAsync (Node 16+; typed from ES2024, past this project's lib). */
type WaitAsync = (array: Int32Array, index: number, value: number) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

function workerWay(file: string): Way {
  zeroedFile(file);
  const shared = new SharedArrayBuffer(20 + LINE.length);
  const control = new Int32Array(shared, 0, 5);
  const data = new Uint8Array(shared, 20);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared, file } });
  let at = 0;
  let request = 0;
  return {
    name: 'over zeros, O_DSYNC write in a worker thread',
    write: (done) => {
      at = at + LINE.length > ZEROED_BYTES ? 0 : at;
      data.set(LINE);
      Atomics.store(control, 2, LINE.length);
      Atomics.store(control, 3, at);
      at += LINE.length;
      const number = ++request;
      Atomics.store(control, 0, number);
      Atomics.notify(control, 0);
      const finished = () => done(Atomics.load(control, 4) === 0 ? null : new Error(`worker write failed: errno ${Atomics.load(control, 4)}`));
      const waiting = waitAsync(control, 1, number - 1);
      if (waiting.async) void waiting.value.then(finished);
      else finished();
    },
    close: () => {
      Atomics.store(control, 0, -1);
      Atomics.notify(control, 0);
      void worker.terminate();
    },
  };
}

function ways(dir: string): Way[] {
  const appendFile = join(dir, 'append.log');
  const appendFd = openSync(appendFile, 'a');
  const overFile = join(dir, 'over-zeros.log');
  zeroedFile(overFile);
  const overFd = openSync(overFile, 'r+');
  const dsync = new DurableWriteProbe(join(dir, 'dsync.log'));
  let overAt = 0;
  const wrap = (at: number): number => (at + LINE.length > ZEROED_BYTES ? 0 : at);
  return [
    {
      name: 'append + fdatasync',
      write: (done) => {
        writeSync(appendFd, LINE);
        fdatasync(appendFd, done);
      },
      close: () => closeSync(appendFd),
    },
    {
      name: 'over zeros + fdatasync',
      write: (done) => {
        overAt = wrap(overAt);
        writeSync(overFd, LINE, 0, LINE.length, overAt);
        overAt += LINE.length;
        fdatasync(overFd, done);
      },
      close: () => closeSync(overFd),
    },
    {
      name: 'over zeros, O_DSYNC write',
      write: (done) => dsync.write(done),
      close: () => dsync.close(),
    },
    workerWay(join(dir, 'worker.log')),
  ];
}

function timed(way: Way): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => way.write((error) => (error ? reject(error) : resolve(performance.now() - started))));
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-log-fsync-'));
  const all = ways(dir);
  const samples = all.map(() => [] as number[]);
  try {
    for (let block = 0; block < WRITES / BLOCK; block++) {
      const order = block % 2 === 0 ? all.map((_, i) => i) : all.map((_, i) => all.length - 1 - i);
      for (const index of order) for (let i = 0; i < BLOCK; i++) samples[index]!.push(await timed(all[index]!));
    }
  } finally {
    for (const way of all) way.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const appendRate = samples[0]!.length / (samples[0]!.reduce((sum, value) => sum + value, 0) / 1000);
  return all.map((way, index) => {
    const sorted = samples[index]!.slice().sort((a, b) => a - b);
    const rate = sorted.length / (sorted.reduce((sum, value) => sum + value, 0) / 1000);
    return {
      name: `state log, one 3 KB durable write at a time: ${way.name}`,
      value: round(rate, 0),
      unit: 'writes/s',
      ...(index === 0 ? {} : { baseline: round(appendRate, 0), ratio: round(rate / appendRate) }),
      note: `${sorted.length} writes in blocks of ${BLOCK} alternating with the other ways; ms p50 ${round(quantile(sorted, 0.5))}, p99 ${round(quantile(sorted, 0.99))}, max ${round(sorted.at(-1)!, 1)}`,
    };
  });
}
