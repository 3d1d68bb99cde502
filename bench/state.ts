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
 * size and the restart time. And the ceiling this disk puts on the 10-connection POST ratio:
 * one durable write's time, probed between the rounds, against the in-memory answer's (see
 * `diskCeilingRow`), with how much of it the durable server reached.
 *
 * GET is measured twice. In the steady state a reader sees: after the POST rounds, and after any
 * background compaction those rounds started has finished (the bench waits for the durable
 * servers' directories to hold no temp file, and says how long it waited). And, at sizes above 0,
 * with a compaction running: a third durable server started with SWITCHBOARD_STATE_COMPACT_BYTES=1
 * is sent one POST before each of its GET rounds, which starts a compaction of the whole state;
 * the row says in how many rounds the compaction was still running when the round ended.
 *
 * BENCH_STATE_BASELINE=<path to another build's dist/cli/main.js> (e.g. /tmp/base2/dist/cli/main.js)
 * adds that build's `serve --state` to every POST and steady GET round, in the same alternation,
 * with its own copy of the state file: paired rounds of the old and the new write path.
 */
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';
import { logContentEnd } from '../src/adapters/log-file.js';
import { writeFileAtomic } from '../src/adapters/state-file.js';
import { jsonTextChunks } from '../src/core/json-text-stream.js';
import { DurableWriteProbe, mean, quantile } from './disk-floor.js';
import { cpuCount, CpuPerRequest, sampleCpu, threadCpuAvailable } from './thread-cpu.js';
import { ROUNDS, SECONDS } from './http.js';
import { startAndReadLine, stop } from './process.js';
import { scaledSnapshot } from './state-scale.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const CLI = join(import.meta.dirname, '..', 'cli', 'main.js');
const BASELINE_CLI = process.env['BENCH_STATE_BASELINE'];
/** How long the steady GET rounds wait for a compaction started by the POST rounds to finish. */
const SETTLE_TIMEOUT_MS = 600_000;
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
/** Durable writes timed on the state's filesystem after each round of POSTs (bench/disk-floor.ts). */
const DISK_PROBE_WRITES = 200;
/** The write path's own share: its POST ratio over the disk's ceiling (diskCeilingRows). */
const MIN_SHARE_OF_CEILING = 0.9;

interface Ready {
  base_url: string;
  control_token: string;
}

async function startServe(extra: readonly string[], env: Record<string, string> = {}, cli = CLI) {
  // The child takes this process's environment as it is at spawn.
  Object.assign(process.env, env);
  const started = await startAndReadLine([cli, 'serve', '--port', '0', '--json', '--rate-limit', 'off', ...extra], READY_TIMEOUT_MS).finally(() => {
    for (const name of Object.keys(env)) delete process.env[name];
  });
  const ready = JSON.parse(started.line) as Ready;
  return { ...started, baseUrl: ready.base_url, controlToken: ready.control_token };
}

interface Measured {
  rps: number;
  p99: number;
  /** Requests answered in the round. */
  total: number;
}

async function measure(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: () => string, connections = CONNECTIONS): Promise<Measured> {
  collectGarbage();
  const requests = body ? [{ setupRequest: (request: object) => ({ ...request, body: body() }) }] : undefined;
  const result = await autocannon({ url, method, headers, connections, duration: SECONDS, requests } as Parameters<typeof autocannon>[0]);
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${method} ${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total };
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

/** Temp files in a state directory: a background compaction (or a save) is writing. */
const writing = (dir: string): boolean => readdirSync(dir).some((name) => name.endsWith('.tmp'));

/**
 * Waits until no compaction runs in any of `dirs`: no temp file seen in 3 polls 100 ms apart (a
 * compaction renames its state file before it opens the new log's temp file). Returns the wait.
 */
async function settled(dirs: readonly string[]): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  while (quiet < 3) {
    if (performance.now() - started > SETTLE_TIMEOUT_MS) throw new Error(`a compaction in ${dirs.join(', ')} ran for more than ${SETTLE_TIMEOUT_MS / 1000} s`);
    quiet = dirs.some(writing) ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

/** A state directory of its own per durable server, holding a copy of the built state file. */
function stateDirFor(root: string, name: string, source: string | undefined): { dir: string; file: string } {
  const dir = join(root, name);
  mkdirSync(dir);
  const file = join(dir, 'state.json');
  if (source) copyFileSync(source, file);
  return { dir, file };
}

type Name = 'memory' | 'durable' | 'baseline' | 'compacting';
type Server = Awaited<ReturnType<typeof startServe>>;
type PerServer = Partial<Record<Name, Measured[]>>;

async function runSize(contacts: number): Promise<BenchRow[]> {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-bench-state-'));
  const built = contacts > 0 ? join(root, 'built.json') : undefined;
  const label = `${contacts.toLocaleString('en-US')} existing contacts`;
  const account = DEFAULT_ACCOUNTS[0]!;
  const readKey = { 'X-Service-Api-Key': defaultKey(account, 'read') };
  const writeHeaders = { 'Content-Type': 'application/json', 'X-Service-Api-Key': defaultKey(account, 'write') };
  let serial = 0;
  const post = () => JSON.stringify({ channel: 'telegram', platform_user_id: `bench-state-${++serial}`, name: 'Bench Person', tags: ['vip'] });
  const rows: BenchRow[] = [];
  // The durable server's own account of where its writes waited (src/adapters/log-trace.ts).
  const traceFile = join(root, 'trace.txt');
  const loadAtStart = loadavg()[0]!;
  if (built) writeFileAtomic(built, jsonTextChunks(scaledSnapshot(contacts), { chunkChars: 1024 * 1024 }));
  const durableState = stateDirFor(root, 'durable', built);
  const baselineState = BASELINE_CLI ? stateDirFor(root, 'baseline', built) : undefined;
  collectGarbage();
  const running = new Set<Server>();
  const start = async (...args: Parameters<typeof startServe>): Promise<Server> => {
    const server = await startServe(...args);
    running.add(server);
    return server;
  };
  const stopServer = async (server: Server): Promise<void> => {
    running.delete(server);
    await stop(server.child);
  };
  try {
    // The in-memory server takes its copy before the durable ones start appending to their logs.
    const memory = await start([]);
    if (built) await restoreOver(memory.baseUrl, memory.controlToken, built);
    const durable = await start(['--state', durableState.file], { SWITCHBOARD_STATE_LOG_TRACE: traceFile });
    const baseline = baselineState && BASELINE_CLI ? await start(['--state', baselineState.file], {}, BASELINE_CLI) : undefined;
    const servers: Partial<Record<Name, Server>> = { memory, durable, ...(baseline ? { baseline } : {}) };
    const names = Object.keys(servers) as Name[];
    const posts: PerServer = {};
    const widePosts: PerServer = {};
    const gets: PerServer = {};
    const push = (into: PerServer, name: Name, value: Measured) => (into[name] ??= []).push(value);
    const url = (name: Name, path: string) => `${servers[name]!.baseUrl}${path}`;
    for (const name of names) await measure(url(name, '/contacts'), 'POST', writeHeaders, post); // warm-up
    // The disk's own time for one durable write, taken between the rounds on the same filesystem.
    const probe = new DurableWriteProbe(join(root, 'disk-floor.probe'));
    const diskWrites: number[][] = [];
    // CPU per answer of the 10-connection POST rounds, by thread (Linux): see cpuCeilingRow.
    const cpu: Partial<Record<Name, CpuPerRequest>> = {};
    const measuredPost = async (name: Name): Promise<Measured> => {
      const pid = servers[name]!.child.pid;
      if (!threadCpuAvailable() || pid === undefined) return measure(url(name, '/contacts'), 'POST', writeHeaders, post);
      const before = sampleCpu(pid);
      const measured = await measure(url(name, '/contacts'), 'POST', writeHeaders, post);
      (cpu[name] ??= new CpuPerRequest()).add(before, sampleCpu(pid), measured.total);
      return measured;
    };
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 === 0 ? names : [...names].reverse();
        for (const name of order) push(posts, name, await measuredPost(name));
        diskWrites.push(await probe.sample(DISK_PROBE_WRITES));
        for (const name of order) push(widePosts, name, await measure(url(name, '/contacts'), 'POST', writeHeaders, post, WIDE_CONNECTIONS));
      }
    } finally {
      probe.close();
    }
    const postLoad = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} after the POST rounds`;
    // What a reader sees once the writes have stopped: no compaction the POST rounds started.
    const settleMs = await settled([durableState.dir, ...(baselineState ? [baselineState.dir] : [])]);
    const getLoadAtStart = loadavg()[0]!;
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? names : [...names].reverse();
      for (const name of order) push(gets, name, await measure(url(name, '/contacts/1'), 'GET', readKey));
    }
    const getLoad = `load average ${getLoadAtStart.toFixed(1)} at the start of the GET rounds, ${loadavg()[0]!.toFixed(1)} at their end`;
    const note = `${label}; ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections; ratio = median per-round ratio`;
    const ratio = (values: PerServer, of: Name = 'durable', to: Name = 'memory') => median(values[of]!.map((value, index) => value.rps / values[to]![index]!.rps));
    const rps = (values: Measured[]) => round(median(values.map((value) => value.rps)), 0);
    const worst = (values: Measured[]) => Math.max(...values.map((value) => value.p99));
    const p99s = (values: Measured[]) => values.map((value) => value.p99).join(', ');
    const perRound = (values: PerServer) => `per round: ${names.map((name) => `${name} ${values[name]!.map((value) => Math.round(value.rps)).join(', ')}`).join('; ')}`;
    const postRatio = ratio(posts);
    const widePostRatio = ratio(widePosts);
    const getRatio = ratio(gets);
    rows.push(
      {
        name: `serve --state, ${label}: POST /contacts (logged + made durable before the answer)`,
        value: rps(posts.durable!),
        unit: 'req/s',
        baseline: rps(posts.memory!),
        ratio: round(postRatio),
        target: `>= ${MIN_POST_RATIO}x`,
        pass: postRatio >= MIN_POST_RATIO,
        note: `${note}; ${postLoad}; ${perRound(posts)}`,
      },
      {
        name: `serve --state, ${label}: POST /contacts p99 latency (worst round)`,
        value: worst(posts.durable!),
        unit: 'ms',
        target: `< ${MAX_P99_MS} ms`,
        pass: worst(posts.durable!) < MAX_P99_MS,
        note: `p99 per round: ${names.map((name) => `${name} ${p99s(posts[name]!)}`).join('; ')}`,
      },
      {
        name: `serve --state, ${label}: POST /contacts, ${WIDE_CONNECTIONS} connections`,
        value: rps(widePosts.durable!),
        unit: 'req/s',
        baseline: rps(widePosts.memory!),
        ratio: round(widePostRatio),
        target: `>= ${MIN_POST_RATIO}x`,
        pass: widePostRatio >= MIN_POST_RATIO,
        note: `${label}; ${perRound(widePosts)}`,
      },
      {
        name: `serve --state, ${label}: POST /contacts p99 latency, ${WIDE_CONNECTIONS} connections (worst round)`,
        value: worst(widePosts.durable!),
        unit: 'ms',
        target: `< ${MAX_P99_MS} ms`,
        pass: worst(widePosts.durable!) < MAX_P99_MS,
        note: `p99 per round: ${names.map((name) => `${name} ${p99s(widePosts[name]!)}`).join('; ')}`,
      },
      {
        name: `serve --state, ${label}: GET /contacts/{id}, steady state`,
        value: rps(gets.durable!),
        unit: 'req/s',
        baseline: rps(gets.memory!),
        ratio: round(getRatio),
        target: `>= ${MIN_GET_RATIO}x`,
        pass: getRatio >= MIN_GET_RATIO,
        note: `${note}; after the POST rounds, once no compaction was running (waited ${round(settleMs / 1000, 1)} s for one to finish); ${getLoad}; ${perRound(gets)}; p99 per round: ${names.map((name) => `${name} ${p99s(gets[name]!)}`).join('; ')}`,
      },
    );
    rows.push(...diskCeilingRows(label, posts, diskWrites));
    if (cpu.memory?.measured && cpu.durable?.measured) rows.push(cpuCeilingRow(label, cpu.memory, cpu.durable, postRatio));
    if (baseline) {
      // Paired rounds of two write paths: this build's durable server against the other build's.
      for (const [what, values] of [['POST /contacts', posts], [`POST /contacts, ${WIDE_CONNECTIONS} connections`, widePosts], ['GET /contacts/{id}, steady state', gets]] as const) {
        rows.push({
          name: `serve --state, ${label}: ${what}, this build vs ${BASELINE_CLI}`,
          value: rps(values.durable!),
          unit: 'req/s',
          baseline: rps(values.baseline!),
          ratio: round(ratio(values, 'durable', 'baseline')),
          note: `median per-round ratio over the same rounds as above; baseline build's worst p99 ${worst(values.baseline!)} ms, this build's ${worst(values.durable!)} ms; the baseline build against in memory ${round(ratio(values, 'baseline'))}x`,
        });
      }
    }
    // Its lines, not the zeros grown ahead of them (src/adapters/log-file.ts).
    const logFile = `${durableState.file}.log`;
    const logBytes = logContentEnd(readFileSync(logFile));
    rows.push({ name: `serve --state, ${label}: log size after the run`, value: round(logBytes / 1024 / 1024, 1), unit: 'MB', note: `${serial} contacts written over all servers; file ${round(statSync(logFile).size / 1024 / 1024, 1)} MB with the zeros grown ahead; the log is folded into the state file once it is as large as the state file (at least 64 MiB)` });
    if (existsSync(traceFile)) console.error(`bench state, ${label}: where the durable server's writes waited (SWITCHBOARD_STATE_LOG_TRACE)\n${readFileSync(traceFile, 'utf8')}`);
    await stopServer(durable);
    if (baseline) await stopServer(baseline);
    if (built) rows.push(...(await getsDuringCompaction(memory, (name) => stateDirFor(root, name, built), start, readKey, writeHeaders, post, label)));
  } finally {
    await Promise.all([...running].map(stopServer));
  }
  // A restart replays the log on top of the state file (the kill above left no shutdown save).
  const restarted = await startServe(['--state', durableState.file]);
  rows.push({ name: `serve --state, ${label}: restart after the run (file + log replay)`, value: round(restarted.elapsedMs, 0), unit: 'ms', note: `state file ${round(statSync(durableState.file).size / 1e6, 0)} MB` });
  await stop(restarted.child);
  rmSync(root, { recursive: true, force: true });
  return rows;
}

/**
 * The most a durable server can reach against the in-memory one at CONNECTIONS connections on this
 * disk. In a closed loop each connection's request takes L in memory (CONNECTIONS / req/s); a
 * durable answer also waits for at least one whole write that starts after its commit, W, so its
 * ratio is at most L / (L + W) whatever the write path does (group commit shares a write between
 * answers, it cannot make one answer wait for less than a write). W is the mean of one-at-a-time
 * O_DSYNC writes of 3 KB taken right after each round's POSTs: an estimate, since writes in flight
 * together may each take longer than one alone. Per round, then the median.
 */
function diskCeilingRows(label: string, posts: PerServer, diskWrites: readonly number[][]): BenchRow[] {
  const perRound = diskWrites.map((writes, round_) => {
    const inMemoryMs = (1000 * CONNECTIONS) / posts.memory![round_]!.rps;
    const ceiling = inMemoryMs / (inMemoryMs + mean(writes));
    return { inMemoryMs, ceiling, reached: posts.durable![round_]!.rps / posts.memory![round_]!.rps / ceiling };
  });
  const all = diskWrites.flat().sort((a, b) => a - b);
  const ceiling = median(perRound.map((one) => one.ceiling));
  const reached = median(perRound.map((one) => one.reached));
  return [
    {
      name: `serve --state, ${label}: POST /contacts, the most this disk allows at ${CONNECTIONS} connections (L / (L + W))`,
      value: round(ceiling),
      unit: 'x',
      note: `L = the in-memory answer in the closed loop, median ${round(median(perRound.map((one) => one.inMemoryMs)), 3)} ms; W = one 3 KB O_DSYNC write on this disk, ${all.length} writes between the rounds: mean ${round(mean(all), 3)} ms, p50 ${round(quantile(all, 0.5), 3)}, p99 ${round(quantile(all, 0.99), 2)}; below ${MIN_POST_RATIO}x no write path reaches the POST target on this disk without answering before the write is on disk`,
    },
    {
      name: `serve --state, ${label}: POST /contacts at ${CONNECTIONS} connections against the disk's ceiling`,
      value: round(reached),
      unit: 'x',
      ratio: round(reached),
      target: `>= ${MIN_SHARE_OF_CEILING}x`,
      pass: reached >= MIN_SHARE_OF_CEILING,
      note: 'the durable server\'s ratio to the in-memory one divided by the row above, per round, median: what the write path leaves on the table besides the disk',
    },
  ];
}

/**
 * The CPU a POST costs, durable and in memory, over the 10-connection rounds: the server's main
 * thread, its other threads (libuv's pool, where the state log's O_DSYNC writes run: their kernel
 * time lands there) and the bench process (the load generator). When the server and the load
 * generator share a few cores, the machine can answer at most cores / (CPU per answer) a second,
 * so the in-memory answer's CPU over the durable one's bounds the ratio as the disk's ceiling does,
 * at the CPU per answer measured. That CPU is not fixed: a server whose event loop sleeps between
 * batches (the durable one sleeps while its writes are on the disk) pays for every sleep and
 * wake-up, on top of the write itself (docs/decisions.md, "Issue 12: the durable POST's CPU").
 * An estimate: it counts neither interrupts nor other processes (the row says how much of the
 * machine was idle).
 */
function cpuCeilingRow(label: string, memory: CpuPerRequest, durable: CpuPerRequest, postRatio: number): BenchRow {
  const inMemory = memory.perRequest();
  const onDisk = durable.perRequest();
  const ceiling = inMemory.total / onDisk.total;
  const describe = (one: ReturnType<CpuPerRequest['perRequest']>) =>
    `main thread ${round(one.main, 1)} µs, other threads ${round(one.otherThreads, 1)}, load generator ${round(one.bench, 1)}; machine idle ${Math.round(one.idleShare * 100)}%`;
  return {
    name: `serve --state, ${label}: POST /contacts, CPU per answer at ${CONNECTIONS} connections, durable vs in memory`,
    value: round(onDisk.total, 1),
    unit: 'µs',
    baseline: round(inMemory.total, 1),
    ratio: round(ceiling),
    note: `the ratio is the most the ${cpuCount()} cores allow if the CPU per answer is what limits (the in-memory answer's CPU over the durable one's); the POST ratio reached ${round(postRatio)}x, ${round(postRatio / ceiling)} of it. Durable: ${describe(onDisk)}. In memory: ${describe(inMemory)}`,
  };
}

/**
 * GET rounds against a durable server that is folding its whole state into its file meanwhile:
 * started with SWITCHBOARD_STATE_COMPACT_BYTES=1, it starts a compaction at the first batch of its
 * log, so one POST before each of its rounds starts one (the bench waits until its temp file is
 * there). Alternates with the in-memory server, as the other rows do, and with the baseline
 * build's compacting server when BENCH_STATE_BASELINE is set.
 */
async function getsDuringCompaction(
  memory: Server,
  stateFor: (name: string) => { dir: string; file: string },
  start: (...args: Parameters<typeof startServe>) => Promise<Server>,
  readKey: Record<string, string>,
  writeHeaders: Record<string, string>,
  post: () => string,
  label: string,
): Promise<BenchRow[]> {
  interface Compacting {
    readonly name: string;
    readonly server: Server;
    readonly dir: string;
    readonly gets: Measured[];
    started: number;
    spanned: number;
  }
  const compactingOn = async (name: string, cli: string): Promise<Compacting> => {
    const state = stateFor(name);
    const server = await start(['--state', state.file], { SWITCHBOARD_STATE_COMPACT_BYTES: '1' }, cli);
    return { name, server, dir: state.dir, gets: [], started: 0, spanned: 0 };
  };
  const servers = [await compactingOn('compacting', CLI), ...(BASELINE_CLI ? [await compactingOn('compacting-baseline', BASELINE_CLI)] : [])];
  const memoryGets: Measured[] = [];
  const loadAtStart = loadavg()[0]!;
  const entries: (Compacting | undefined)[] = [undefined, ...servers];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? entries : [...entries].reverse();
    for (const entry of order) {
      if (!entry) {
        memoryGets.push(await measure(`${memory.baseUrl}/contacts/1`, 'GET', readKey));
        continue;
      }
      // A compaction starts at a batch that finds the log non-empty: a fresh log (the last
      // compaction's) may need a second write.
      const waitFrom = performance.now();
      for (let tries = 0; !writing(entry.dir) && tries < 5; tries++) {
        const answer = await fetch(`${entry.server.baseUrl}/contacts`, { method: 'POST', headers: writeHeaders, body: post() });
        if (answer.status !== 201) throw new Error(`POST before a compaction round answered ${answer.status}`);
        while (!writing(entry.dir) && performance.now() - waitFrom < 200 * (tries + 1)) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (writing(entry.dir)) entry.started++;
      entry.gets.push(await measure(`${entry.server.baseUrl}/contacts/1`, 'GET', readKey));
      if (writing(entry.dir)) entry.spanned++;
    }
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end`;
  const perRound = (values: Measured[]) => values.map((value) => Math.round(value.rps)).join(', ');
  const ratioOf = (values: Measured[], to: Measured[]) => median(values.map((value, index) => value.rps / to[index]!.rps));
  const rows: BenchRow[] = servers.map((entry) => {
    const ratio = ratioOf(entry.gets, memoryGets);
    const build = entry.name === 'compacting' ? '' : ` (${BASELINE_CLI})`;
    return {
      name: `serve --state${build}, ${label}: GET /contacts/{id} with a compaction of the whole state running`,
      value: round(median(entry.gets.map((value) => value.rps)), 0),
      unit: 'req/s',
      baseline: round(median(memoryGets.map((value) => value.rps)), 0),
      ratio: round(ratio),
      target: `>= ${MIN_GET_RATIO}x`,
      pass: ratio >= MIN_GET_RATIO,
      note: `a compaction started before ${entry.started} of ${ROUNDS} rounds and was still running at the end of ${entry.spanned}; ${load}; per round: ${entry.name} ${perRound(entry.gets)}; memory ${perRound(memoryGets)}; p99 per round: ${entry.name} ${entry.gets.map((value) => value.p99).join(', ')}; memory ${memoryGets.map((value) => value.p99).join(', ')}`,
    };
  });
  if (servers.length === 2) {
    rows.push({
      name: `serve --state, ${label}: GET /contacts/{id} with a compaction running, this build vs ${BASELINE_CLI}`,
      value: rows[0]!.value,
      unit: 'req/s',
      baseline: rows[1]!.value,
      ratio: round(ratioOf(servers[0]!.gets, servers[1]!.gets)),
      note: 'median per-round ratio over the same rounds',
    });
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const contacts of SIZES) rows.push(...(await runSize(contacts)));
  return rows;
}
