/**
 * `serve --state` against the in-memory server, over real HTTP in the same run (issue 12): every
 * write is logged and fsynced before its answer, so POST pays the disk; reads never wait for it.
 * Both servers are the real CLI (`serve --json --rate-limit off`), one with a state file in a temp
 * directory. Rounds alternate the order; the ratio is the median per-round ratio (bench/http.ts).
 * Also: the restart time of a state that holds the writes of the run, and the log's size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';
import { ROUNDS, SECONDS } from './http.js';
import { startAndReadLine, stop } from './process.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const CLI = join(import.meta.dirname, '..', 'cli', 'main.js');
const CONNECTIONS = 10;

interface Ready {
  base_url: string;
}

async function startServe(extra: readonly string[]) {
  const started = await startAndReadLine([CLI, 'serve', '--port', '0', '--json', '--rate-limit', 'off', ...extra], 60_000);
  return { ...started, baseUrl: (JSON.parse(started.line) as Ready).base_url };
}

async function measure(url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: () => string): Promise<number> {
  collectGarbage();
  const requests = body ? [{ setupRequest: (request: object) => ({ ...request, body: body() }) }] : undefined;
  const result = await autocannon({ url, method, headers, connections: CONNECTIONS, duration: SECONDS, requests } as Parameters<typeof autocannon>[0]);
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${method} ${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result.requests.average;
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-state-'));
  const file = join(dir, 'state.json');
  const account = DEFAULT_ACCOUNTS[0]!;
  const readKey = { 'X-Service-Api-Key': defaultKey(account, 'read') };
  const writeHeaders = { 'Content-Type': 'application/json', 'X-Service-Api-Key': defaultKey(account, 'write') };
  let serial = 0;
  const post = () => JSON.stringify({ channel: 'telegram', platform_user_id: `bench-state-${++serial}`, name: 'Bench Person', tags: ['vip'] });
  const [memory, durable] = await Promise.all([startServe([]), startServe(['--state', file])]);
  const rows: BenchRow[] = [];
  try {
    const servers = { memory, durable };
    type Name = keyof typeof servers;
    const posts: Record<Name, number[]> = { memory: [], durable: [] };
    const gets: Record<Name, number[]> = { memory: [], durable: [] };
    for (const name of ['memory', 'durable'] as Name[]) await measure(`${servers[name].baseUrl}/contacts`, 'POST', writeHeaders, post); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      const order: Name[] = i % 2 === 0 ? ['memory', 'durable'] : ['durable', 'memory'];
      for (const name of order) posts[name].push(await measure(`${servers[name].baseUrl}/contacts`, 'POST', writeHeaders, post));
      for (const name of order) gets[name].push(await measure(`${servers[name].baseUrl}/contacts/1`, 'GET', readKey));
    }
    const note = `${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections; ratio = median per-round ratio`;
    const ratio = (values: Record<Name, number[]>) => median(values.durable.map((value, index) => value / values.memory[index]!));
    rows.push(
      { name: 'serve --state: POST /contacts (logged + fsynced before the answer)', value: round(median(posts.durable), 0), unit: 'req/s', baseline: round(median(posts.memory), 0), ratio: round(ratio(posts)), note },
      { name: 'serve --state: GET /contacts/{id}', value: round(median(gets.durable), 0), unit: 'req/s', baseline: round(median(gets.memory), 0), ratio: round(ratio(gets)), note },
    );
    const logBytes = statSync(`${file}.log`).size;
    rows.push({ name: 'serve --state: log size after the run', value: round(logBytes / 1024 / 1024, 1), unit: 'MB', note: `${serial} contacts written; a fresh log starts after 64 MiB` });
  } finally {
    await Promise.all([stop(memory.child), stop(durable.child)]);
  }
  // A restart replays the log on top of the state file (the kill above left no shutdown save).
  const restarted = await startServe(['--state', file]);
  rows.push({ name: `serve --state: restart with ${serial} written contacts (file + log replay)`, value: round(restarted.elapsedMs, 0), unit: 'ms' });
  await stop(restarted.child);
  rmSync(dir, { recursive: true, force: true });
  return rows;
}
