/**
 * `serve --state` against the in-memory server, over real HTTP in the same run (issue 12): every
 * write is logged and fsynced before its answer, so POST pays the disk; reads never wait for it.
 * Both servers are the real CLI (`serve --json --rate-limit off`), one with a state file in a temp
 * directory. Rounds alternate the order; the ratio is the median per-round ratio (bench/http.ts).
 *
 * Measured at each size of BENCH_STATE_CONTACTS (comma-separated existing-contact counts, default
 * `0,100000`; `1000000` works, given minutes to start): the state file is built the way
 * bench/state-scale.ts builds it (copies of a seed contact in the first account), the durable
 * server starts from it (`--state`), and the in-memory server is given the same state through
 * `POST /_sandbox/restore`, so both sides hold the same records. At 0 the durable server starts
 * from nothing (its first full save) and the in-memory one from the default seed.
 *
 * Rows per size: POST (10 and 50 connections) and GET throughput ratios (targets >= 0.5x and
 * >= 0.9x), the POST p99 of the durable server (the worst round's p99, target < 50 ms), the log's
 * size and the restart time.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';
import { logContentEnd } from '../src/adapters/log-file.js';
import { writeFileAtomic } from '../src/adapters/state-file.js';
import { jsonTextChunks } from '../src/core/json-text-stream.js';
import { ROUNDS, SECONDS } from './http.js';
import { startAndReadLine, stop } from './process.js';
import { scaledSnapshot } from './state-scale.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const CLI = join(import.meta.dirname, '..', 'cli', 'main.js');
/**
 * POST is measured at 10 connections (the bench's usual shape) and at 50: a write's answer waits
 * for an fsync, so with 10 requests in flight the durable server's throughput is bounded by 10
 * divided by one fsync's latency (plus the trips through libuv's pool on a loaded machine), while
 * group commit needs requests in flight to amortise each fsync. GETs use 10.
 */
const CONNECTIONS = 10;
const WIDE_CONNECTIONS = 50;
const SIZES = (process.env['BENCH_STATE_CONTACTS'] ?? '0,100000').split(',').map(Number);
/** Start-up from a million contacts takes minutes on the shared machine (the loader work is separate). */
const READY_TIMEOUT_MS = 900_000;
const MIN_POST_RATIO = 0.5;
const MIN_GET_RATIO = 0.9;
const MAX_P99_MS = 50;

interface Ready {
  base_url: string;
  control_token: string;
}

async function startServe(extra: readonly string[], traceFile?: string) {
  // The child takes this process's environment as it is at spawn.
  if (traceFile) process.env['SWITCHBOARD_STATE_LOG_TRACE'] = traceFile;
  const started = await startAndReadLine([CLI, 'serve', '--port', '0', '--json', '--rate-limit', 'off', ...extra], READY_TIMEOUT_MS).finally(() => delete process.env['SWITCHBOARD_STATE_LOG_TRACE']);
  const ready = JSON.parse(started.line) as Ready;
  return { ...started, baseUrl: ready.base_url, controlToken: ready.control_token };
}

interface Measured {
  rps: number;
  p99: number;
}

async function measure(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: () => string, connections = CONNECTIONS): Promise<Measured> {
  collectGarbage();
  const requests = body ? [{ setupRequest: (request: object) => ({ ...request, body: body() }) }] : undefined;
  const result = await autocannon({ url, method, headers, connections, duration: SECONDS, requests } as Parameters<typeof autocannon>[0]);
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${method} ${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Streams a state file into a running server's `POST /_sandbox/restore` (operator token). */
async function restoreOver(baseUrl: string, token: string, file: string): Promise<void> {
  const url = new URL(baseUrl.replace(/\/api\/v1$/, '/_sandbox/restore'));
  const answer = new Promise<number>((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': token } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), outgoing).catch(reject);
  });
  const status = await answer;
  if (status !== 200) throw new Error(`restore of ${file} answered ${status}`);
}

async function runSize(contacts: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-state-'));
  const file = join(dir, 'state.json');
  const label = `${contacts.toLocaleString('en-US')} existing contacts`;
  const account = DEFAULT_ACCOUNTS[0]!;
  const readKey = { 'X-Service-Api-Key': defaultKey(account, 'read') };
  const writeHeaders = { 'Content-Type': 'application/json', 'X-Service-Api-Key': defaultKey(account, 'write') };
  let serial = 0;
  const post = () => JSON.stringify({ channel: 'telegram', platform_user_id: `bench-state-${++serial}`, name: 'Bench Person', tags: ['vip'] });
  const rows: BenchRow[] = [];
  // The durable server's own account of where its writes waited (src/adapters/log-trace.ts).
  const traceFile = join(dir, 'trace.txt');
  const loadAtStart = loadavg()[0]!;
  if (contacts > 0) writeFileAtomic(file, jsonTextChunks(scaledSnapshot(contacts), { chunkChars: 1024 * 1024 }));
  collectGarbage();
  // The in-memory server takes its copy before the durable one starts appending to the state's log.
  const memory = await startServe([]);
  let durable: Awaited<ReturnType<typeof startServe>> | undefined;
  try {
    if (contacts > 0) await restoreOver(memory.baseUrl, memory.controlToken, file);
    durable = await startServe(['--state', file], traceFile);
    const servers = { memory, durable };
    type Name = keyof typeof servers;
    const posts: Record<Name, Measured[]> = { memory: [], durable: [] };
    const widePosts: Record<Name, Measured[]> = { memory: [], durable: [] };
    const gets: Record<Name, Measured[]> = { memory: [], durable: [] };
    for (const name of ['memory', 'durable'] as Name[]) await measure(`${servers[name].baseUrl}/contacts`, 'POST', writeHeaders, post); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      const order: Name[] = i % 2 === 0 ? ['memory', 'durable'] : ['durable', 'memory'];
      for (const name of order) posts[name].push(await measure(`${servers[name].baseUrl}/contacts`, 'POST', writeHeaders, post));
      for (const name of order) widePosts[name].push(await measure(`${servers[name].baseUrl}/contacts`, 'POST', writeHeaders, post, WIDE_CONNECTIONS));
      for (const name of order) gets[name].push(await measure(`${servers[name].baseUrl}/contacts/1`, 'GET', readKey));
    }
    const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end`;
    const note = `${label}; ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections; ratio = median per-round ratio; ${load}`;
    const ratio = (values: Record<Name, Measured[]>) => median(values.durable.map((value, index) => value.rps / values.memory[index]!.rps));
    const rps = (values: Measured[]) => round(median(values.map((value) => value.rps)), 0);
    const postRatio = ratio(posts);
    const widePostRatio = ratio(widePosts);
    const getRatio = ratio(gets);
    const worstP99 = Math.max(...posts.durable.map((value) => value.p99));
    const wideWorstP99 = Math.max(...widePosts.durable.map((value) => value.p99));
    const p99s = (values: Measured[]) => values.map((value) => value.p99).join(', ');
    const perRound = (pair: { durable: Measured[]; memory: Measured[] }) =>
      `per round: durable ${pair.durable.map((value) => Math.round(value.rps)).join(', ')}; memory ${pair.memory.map((value) => Math.round(value.rps)).join(', ')}`;
    rows.push(
      {
        name: `serve --state, ${label}: POST /contacts (logged + fsynced before the answer)`,
        value: rps(posts.durable),
        unit: 'req/s',
        baseline: rps(posts.memory),
        ratio: round(postRatio),
        target: `>= ${MIN_POST_RATIO}x`,
        pass: postRatio >= MIN_POST_RATIO,
        note: `${note}; ${perRound(posts)}`,
      },
      {
        name: `serve --state, ${label}: POST /contacts p99 latency (worst round)`,
        value: worstP99,
        unit: 'ms',
        target: `< ${MAX_P99_MS} ms`,
        pass: worstP99 < MAX_P99_MS,
        note: `p99 per round: durable ${p99s(posts.durable)}; in memory ${p99s(posts.memory)}`,
      },
      {
        name: `serve --state, ${label}: POST /contacts, ${WIDE_CONNECTIONS} connections`,
        value: rps(widePosts.durable),
        unit: 'req/s',
        baseline: rps(widePosts.memory),
        ratio: round(widePostRatio),
        target: `>= ${MIN_POST_RATIO}x`,
        pass: widePostRatio >= MIN_POST_RATIO,
        note: `${label}; ${perRound(widePosts)}`,
      },
      {
        name: `serve --state, ${label}: POST /contacts p99 latency, ${WIDE_CONNECTIONS} connections (worst round)`,
        value: wideWorstP99,
        unit: 'ms',
        target: `< ${MAX_P99_MS} ms`,
        pass: wideWorstP99 < MAX_P99_MS,
        note: `p99 per round: durable ${p99s(widePosts.durable)}; in memory ${p99s(widePosts.memory)}`,
      },
      {
        name: `serve --state, ${label}: GET /contacts/{id}`,
        value: rps(gets.durable),
        unit: 'req/s',
        baseline: rps(gets.memory),
        ratio: round(getRatio),
        target: `>= ${MIN_GET_RATIO}x`,
        pass: getRatio >= MIN_GET_RATIO,
        note: `${note}; p99 per round: durable ${p99s(gets.durable)}; in memory ${p99s(gets.memory)}`,
      },
    );
    // Its lines, not the zeros grown ahead of them (src/adapters/log-file.ts).
    const logBytes = logContentEnd(readFileSync(`${file}.log`));
    rows.push({ name: `serve --state, ${label}: log size after the run`, value: round(logBytes / 1024 / 1024, 1), unit: 'MB', note: `${serial} contacts written over both servers; file ${round(statSync(`${file}.log`).size / 1024 / 1024, 1)} MB with the zeros grown ahead; the log is folded into the state file once it is as large as the state file (at least 64 MiB)` });
    if (existsSync(traceFile)) console.error(`bench state, ${label}: where the durable server's writes waited (SWITCHBOARD_STATE_LOG_TRACE)\n${readFileSync(traceFile, 'utf8')}`);
  } finally {
    await Promise.all([stop(memory.child), durable ? stop(durable.child) : Promise.resolve()]);
  }
  // A restart replays the log on top of the state file (the kill above left no shutdown save).
  const restarted = await startServe(['--state', file]);
  rows.push({ name: `serve --state, ${label}: restart after the run (file + log replay)`, value: round(restarted.elapsedMs, 0), unit: 'ms', note: `state file ${round(statSync(file).size / 1e6, 0)} MB` });
  await stop(restarted.child);
  rmSync(dir, { recursive: true, force: true });
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const contacts of SIZES) rows.push(...(await runSize(contacts)));
  return rows;
}
