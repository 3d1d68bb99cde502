/**
 * (b) In-process cost through MSW: the simulator's `GET /api/v1/account` via createHandlers()
 * against a trivial `http.get(url, () => HttpResponse.json(...))` handler, each under its own
 * setupServer, both driven by global fetch in a sequential loop (body consumed). Rounds alternate
 * and the median counts.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../src/adapters/msw.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const ITERATIONS = Number(process.env['BENCH_MSW_ITERATIONS'] ?? 3000);
const WARMUP = 500;
const ROUNDS = Number(process.env['BENCH_MSW_ROUNDS'] ?? 5);
const MAX_RATIO = 1.3;
const BASE_URL = 'https://api.bench.test/api/v1';
const TRIVIAL_URL = 'https://trivial.bench.test/api/v1/account';

interface Case {
  url: string;
  headers: Record<string, string>;
  handlers: Parameters<typeof setupServer>;
}

async function loop(url: string, headers: Record<string, string>, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.json();
  }
}

/** Microseconds per request over `ITERATIONS` sequential fetches, after a warm-up. */
async function measure(item: Case): Promise<number> {
  const server = setupServer(...item.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    await loop(item.url, item.headers, WARMUP);
    collectGarbage();
    const started = performance.now();
    await loop(item.url, item.headers, ITERATIONS);
    return ((performance.now() - started) * 1000) / ITERATIONS;
  } finally {
    server.close();
  }
}

export async function run(): Promise<BenchRow[]> {
  const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
  const body = { data: { account: { id: 1, business_name: 'Atlas Outfitters', plan: 'business', addon: 'active' } } };
  const cases = {
    trivial: { url: TRIVIAL_URL, headers: {}, handlers: [http.get(TRIVIAL_URL, () => HttpResponse.json(body))] },
    sim: {
      url: `${BASE_URL}/account`,
      headers: { 'X-Service-Api-Key': sim.accounts[0]!.keys.read! },
      handlers: createHandlers(sim, { baseUrl: BASE_URL }),
    },
  } satisfies Record<string, Case>;
  const results = { trivial: [] as number[], sim: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? (['trivial', 'sim'] as const) : (['sim', 'trivial'] as const);
    for (const name of order) results[name].push(await measure(cases[name]));
  }
  sim.close();
  const trivial = median(results.trivial);
  const simulated = median(results.sim);
  // Per-round ratios: each round's two halves ran back to back under the same machine load.
  const ratio = median(results.sim.map((value, i) => value / results.trivial[i]!));
  const rounds = `${ROUNDS} rounds x ${ITERATIONS} sequential fetches; µs = median round, ratio = median per-round ratio`;
  return [
    { name: 'MSW: trivial http.get handler', value: round(trivial, 1), unit: 'µs/req', note: `rounds: ${results.trivial.map((v) => round(v, 1)).join(', ')}` },
    {
      name: 'MSW: simulator GET /account',
      value: round(simulated, 1),
      unit: 'µs/req',
      baseline: round(trivial, 1),
      ratio: round(ratio, 3),
      target: `<= ${MAX_RATIO}x trivial`,
      pass: ratio <= MAX_RATIO,
      note: `rounds: ${results.sim.map((v) => round(v, 1)).join(', ')}; ${rounds}`,
    },
  ];
}
