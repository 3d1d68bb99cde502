/**
 * (a) Throughput over real HTTP: a bare node:http server answering with the same bytes the simulator
 * would (precomputed once, see http-target.ts) against the simulator's `GET /api/v1/account` (rate limiting off), both measured with autocannon from this
 * process while each server runs in its own process. Many short rounds alternate bare/sim (the
 * order swaps each round), and the ratio is the median of the per-round ratios: the two halves of
 * a round run seconds apart, so they see the same machine load, which on a shared machine moves
 * far more than the difference being measured.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';
import { startAndReadLine, stop } from './process.js';

const TARGET = join(import.meta.dirname, 'http-target.js');
export const SECONDS = Number(process.env['BENCH_HTTP_SECONDS'] ?? 2);
/**
 * Rounds per figure. On the shared 2-core machine one round's sim/bare ratio for the same build
 * ranged from 0.56 to 0.81 within a minute; with 5 rounds the median still moved by more than 0.1
 * between runs, so the figures take 9 (docs/decisions.md, "Benchmarks").
 */
export const ROUNDS = Number(process.env['BENCH_HTTP_ROUNDS'] ?? 9);
const MIN_RATIO = 0.6;

/**
 * Two load shapes, both reported. On a 2-core machine the load generator and the server share
 * the cores, and with 10 unpipelined connections the ratio mostly measures how quickly each side
 * wakes the other on loopback (measured: 0.54 at 10 connections, 0.62 at 50, 0.71 pipelined, for
 * the same two servers). Keeping the server saturated (8 requests pipelined per connection)
 * measures what the simulator costs per request, which is what the target is about; the
 * latency-bound shape is shown beside it (docs/decisions.md, "Benchmarks").
 */
export const LOAD_SHAPES = [
  { label: '10 connections', connections: 10, pipelining: 1, targeted: false },
  { label: 'saturated: 10 connections x 8 pipelined', connections: 10, pipelining: 8, targeted: true },
] as const;

export type LoadShape = (typeof LOAD_SHAPES)[number];

async function measure(url: string, headers: Record<string, string>, duration: number, shape: LoadShape): Promise<number> {
  collectGarbage();
  const result = await autocannon({ url, connections: shape.connections, pipelining: shape.pipelining, duration, headers });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx responses; the measurement is not valid`);
  }
  return result.requests.average;
}

export async function run(): Promise<BenchRow[]> {
  const mirrored = JSON.stringify([{ method: 'GET', path: '/api/v1/account' }]);
  const [bare, sim] = await Promise.all([startAndReadLine([TARGET, 'bare', mirrored]), startAndReadLine([TARGET, 'sim'])]);
  try {
    // Both servers get the identical request (the bare one ignores the key), so request parsing
    // and the load generator's work are the same on both sides of the ratio.
    const headers = { 'X-Service-Api-Key': defaultKey(DEFAULT_ACCOUNTS[0]!, 'read') };
    const targets = {
      bare: { url: `${bare.line}/api/v1/account`, headers },
      sim: { url: `${sim.line}/api/v1/account`, headers },
    };
    const rows: BenchRow[] = [];
    for (const shape of LOAD_SHAPES) {
      // Warm-up: JIT, connection pools and the simulator's first-request paths.
      await measure(targets.bare.url, targets.bare.headers, 1, shape);
      await measure(targets.sim.url, targets.sim.headers, 1, shape);
      const results = { bare: [] as number[], sim: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 === 0 ? (['bare', 'sim'] as const) : (['sim', 'bare'] as const);
        for (const name of order) results[name].push(await measure(targets[name].url, targets[name].headers, SECONDS, shape));
      }
      const bareRps = median(results.bare);
      const simRps = median(results.sim);
      const ratio = median(results.sim.map((value, i) => value / results.bare[i]!));
      const rounds = `${ROUNDS} rounds x ${SECONDS} s each; req/s = median round, ratio = median per-round ratio`;
      rows.push(
        { name: `HTTP: bare node:http, same bytes (${shape.label})`, value: Math.round(bareRps), unit: 'req/s', note: `rounds: ${results.bare.map(Math.round).join(', ')}` },
        {
          name: `HTTP: simulator GET /account (${shape.label})`,
          value: Math.round(simRps),
          unit: 'req/s',
          baseline: Math.round(bareRps),
          ratio: round(ratio, 3),
          ...(shape.targeted ? { target: `>= ${MIN_RATIO}x bare`, pass: ratio >= MIN_RATIO } : {}),
          note: `rounds: ${results.sim.map(Math.round).join(', ')}; ${rounds}`,
        },
      );
    }
    return rows;
  } finally {
    await Promise.all([stop(bare.child), stop(sim.child)]);
  }
}
