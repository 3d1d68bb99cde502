/**
 * (uploads) A 1 GB video through `POST /posts/{id}/media`, generated as it is sent (never on disk,
 * never whole in the sender): over HTTP to `serve` (a child process; its memory read from /proc),
 * and in process through `sim.fetch` and MSW (each in a child of its own, ./uploads-child.ts).
 * Reports the server's peak resident memory during the upload over its resident memory before.
 * Before streaming, a 200 MB MP4 through `sim.fetch` peaked at 1,104 MB from 124 MB.
 */
import { join } from 'node:path';
import { peakRssMb, resetPeak, rssMb } from './rss.js';
import { startAndReadLine, stop } from './process.js';
import { round, type BenchRow } from './types.js';
import { expectJudged, UPLOAD_BYTES, uploadInit } from './upload-body.js';

const BIN = join(import.meta.dirname, '..', 'cli', 'main.js');
const CHILD = join(import.meta.dirname, 'uploads-child.js');
/** What the upload may add to resident memory: the 25 MB kept-file window, socket and GC slack. */
const MAX_GROWTH_MB = 160;

interface Measured {
  baseline: number;
  peak: number;
  ms: number;
}

async function overHttp(): Promise<Measured> {
  const started = await startAndReadLine([BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--json', '--quiet']);
  try {
    const ready = JSON.parse(started.line) as { base_url: string; accounts: { keys: { full: string } }[] };
    const key = ready.accounts[0]!.keys.full;
    const draft = await fetch(`${ready.base_url}/posts`, {
      method: 'POST',
      headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ platform: 'facebook', post_type: 'reels', caption: 'Bench' }),
    });
    const id = ((await draft.json()) as { data: { id: number } }).data.id;
    const pid = started.child.pid!;
    const baseline = rssMb(pid);
    resetPeak(pid);
    const began = performance.now();
    await expectJudged(await fetch(`${ready.base_url}/posts/${id}/media`, uploadInit(key)));
    return { baseline, peak: peakRssMb(pid), ms: performance.now() - began };
  } finally {
    await stop(started.child);
  }
}

async function inProcess(mode: 'sim.fetch' | 'msw'): Promise<Measured> {
  const started = await startAndReadLine(['--expose-gc', CHILD, mode], 600_000);
  await stop(started.child);
  return JSON.parse(started.line) as Measured;
}

function row(name: string, measured: Measured): BenchRow {
  const growth = measured.peak - measured.baseline;
  const throughput = UPLOAD_BYTES / (1024 * 1024) / (measured.ms / 1000);
  return {
    name,
    value: round(measured.peak, 0),
    unit: 'MB RSS',
    // The baseline is resident memory just before the upload; the value is the peak during it.
    baseline: round(measured.baseline, 0),
    ratio: round(measured.peak / measured.baseline, 2),
    target: `growth < ${MAX_GROWTH_MB} MB`,
    pass: growth < MAX_GROWTH_MB,
    note: `1 GB MP4 (moov after mdat) streamed: +${round(growth, 0)} MB over ${round(measured.baseline, 0)} MB, ${round(measured.ms / 1000, 1)} s (${round(throughput, 0)} MB/s)`,
  };
}

export async function run(): Promise<BenchRow[]> {
  return [
    row('upload 1 GB video over HTTP to serve: peak', await overHttp()),
    row('upload 1 GB video through sim.fetch: peak', await inProcess('sim.fetch')),
    row('upload 1 GB video through MSW (fetch): peak', await inProcess('msw')),
  ];
}
