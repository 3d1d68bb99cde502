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
const CONNECTIONS = 10;
const SECONDS = Number(process.env['BENCH_HTTP_SECONDS'] ?? 2);
const ROUNDS = Number(process.env['BENCH_HTTP_ROUNDS'] ?? 7);
const MIN_RATIO = 0.6;

async function measure(url: string, headers: Record<string, string>, duration: number): Promise<number> {
  collectGarbage();
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
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
    // Warm-up: JIT, connection pools and the simulator's first-request paths.
    await measure(targets.bare.url, targets.bare.headers, 1);
    await measure(targets.sim.url, targets.sim.headers, 1);
    const results = { bare: [] as number[], sim: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? (['bare', 'sim'] as const) : (['sim', 'bare'] as const);
      for (const name of order) results[name].push(await measure(targets[name].url, targets[name].headers, SECONDS));
    }
    const bareRps = median(results.bare);
    const simRps = median(results.sim);
    const ratio = median(results.sim.map((value, i) => value / results.bare[i]!));
    const rounds = `${ROUNDS} rounds x ${SECONDS} s each, ${CONNECTIONS} connections; req/s = median round, ratio = median per-round ratio`;
    return [
      { name: 'HTTP: bare node:http, same bytes as the simulator', value: Math.round(bareRps), unit: 'req/s', note: `rounds: ${results.bare.map(Math.round).join(', ')}` },
      {
        name: 'HTTP: simulator GET /account (rate limit off)',
        value: Math.round(simRps),
        unit: 'req/s',
        baseline: Math.round(bareRps),
        ratio: round(ratio, 3),
        target: `>= ${MIN_RATIO}x bare`,
        pass: ratio >= MIN_RATIO,
        note: `rounds: ${results.sim.map(Math.round).join(', ')}; ${rounds}`,
      },
    ];
  } finally {
    await Promise.all([stop(bare.child), stop(sim.child)]);
  }
}
