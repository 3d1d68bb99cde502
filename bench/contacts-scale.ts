/**
 * Contacts at scale, in process: a filtered list page at 1k and at 100k contacts in one account
 * (the indexes should keep the 100k page within 2x of the 1k page), the heap held per 100k
 * contacts (needs `node --expose-gc`), what reading every one of them adds to it (the presentation
 * cache must stay bounded), and the time to load 100k contacts from a seed.
 */
import { defaultSeed } from '../fixtures/default-seed.js';
import { silentLogger } from '../src/core/logger.js';
import { CHANNELS } from '../src/core/types.js';
import { bodyToJson } from '../src/core/wire-json.js';
import { STAGES } from '../src/resources/contacts/schemas.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

/**
 * A page costs 10-30 µs, so 2,000 pages made a round of about 40 ms, and one major collection of
 * the 100k-contact heap inside a round doubled it: per-round ratios ranged from 0.5 to 2.5 for the
 * same build. Rounds of 10,000 pages (a few hundred ms), nine of them, steady the median.
 */
const ITERATIONS = Number(process.env['BENCH_LIST_ITERATIONS'] ?? 10_000);
const ROUNDS = Number(process.env['BENCH_LIST_ROUNDS'] ?? 9);
const MAX_RATIO = 2;
const LARGE = 100_000;
const SMALL = 1_000;

const FILTERS: { label: string; query: Record<string, string> }[] = [
  { label: 'channel=sms&stage=qualified', query: { channel: 'sms', stage: 'qualified', limit: '25' } },
  { label: 'tag=vip', query: { tag: 'vip', limit: '25' } },
];

/** The default seed with `count` generated contacts in the first account and none elsewhere. */
function seedWith(count: number): unknown {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }, index) => {
    // Accounts and keys only: the measured heap is contacts, not the default fixture's data.
    const account = { id, business_name, plan, addon, timezone, api_keys };
    if (index > 0) return account;
    const contacts: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) {
      // Channel and stage vary independently, so channel+stage matches 1 in 25; vip is 1 in 7.
      contacts.push({
        channel: CHANNELS[i % CHANNELS.length]!,
        platform_user_id: `bench-${i}`,
        name: `Contact ${i}`,
        email: i % 2 === 0 ? `contact${i}@example.com` : null,
        stage: STAGES[Math.floor(i / CHANNELS.length) % STAGES.length]!,
        tags: i % 7 === 0 ? ['vip'] : i % 3 === 0 ? ['newsletter'] : [],
        custom_fields: i % 4 === 0 ? { plan: 'gold' } : {},
        lead_score: i % 101,
      });
    }
    return { ...account, tags: [{ name: 'vip' }, { name: 'newsletter' }], custom_fields: [{ field_key: 'plan', label: 'Plan' }], contacts };
  });
  return { ...seed, accounts };
}

function build(count: number): Simulator {
  return createSimulator({ seed: seedWith(count), rateLimit: 'off', logger: silentLogger });
}

async function pages(sim: Simulator, query: Record<string, string>, count: number): Promise<void> {
  const headers = { 'x-service-api-key': sim.accounts[0]!.keys.read! };
  for (let i = 0; i < count; i++) {
    const response = await sim.handle({ method: 'GET', path: '/api/v1/contacts', query, headers });
    if (response.status !== 200 || (response.body as { data: unknown[] }).data.length !== 25) {
      throw new Error(`list page answered ${response.status}; not a valid measurement`);
    }
  }
}

/** Microseconds per filtered page through the whole pipeline (auth, validation, paging, presenting). */
async function micros(sim: Simulator, query: Record<string, string>): Promise<number> {
  collectGarbage();
  const started = performance.now();
  await pages(sim, query, ITERATIONS);
  return ((performance.now() - started) * 1000) / ITERATIONS;
}

/** Pages through every contact of the first account, 100 at a time, serialising each page as the adapters do. */
async function readAll(sim: Simulator): Promise<number> {
  const headers = { 'x-service-api-key': sim.accounts[0]!.keys.read! };
  let read = 0;
  let after: string | null = null;
  do {
    const query: Record<string, string> = { limit: '100', ...(after === null ? {} : { starting_after: after }) };
    const response = await sim.handle({ method: 'GET', path: '/api/v1/contacts', query, headers });
    const body = response.body as { data: unknown[]; next_cursor: string | null };
    if (response.status !== 200) throw new Error(`list page answered ${response.status}; not a valid measurement`);
    bodyToJson(body); // as the adapters write it, so the kept text is counted too
    read += body.data.length;
    after = body.next_cursor;
  } while (after !== null);
  return read;
}

function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

export async function run(): Promise<BenchRow[]> {
  const gcExposed = typeof (globalThis as { gc?: unknown }).gc === 'function';
  // Memory: the heap a 100k-contact simulator holds beyond one with no contacts.
  const before = heapUsed();
  const empty = build(0);
  const afterEmpty = heapUsed();
  const loadStarted = performance.now();
  const large = build(LARGE);
  const loadMs = performance.now() - loadStarted;
  const afterLarge = heapUsed();
  const perLarge = afterLarge - afterEmpty - (afterEmpty - before);
  empty.close();

  const small = build(SMALL);
  const rows: BenchRow[] = [];
  for (const filter of FILTERS) {
    await pages(small, filter.query, 300); // warm-up
    await pages(large, filter.query, 300);
    const results = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const name of order) results[name].push(await micros(name === 'small' ? small : large, filter.query));
    }
    const ratio = median(results.large.map((value, i) => value / results.small[i]!));
    rows.push({
      name: `GET /contacts?${filter.label} page of 25 at 100k vs 1k contacts`,
      value: round(median(results.large), 1),
      unit: 'µs/page',
      baseline: round(median(results.small), 1),
      ratio: round(ratio),
      target: `<= ${MAX_RATIO}x the 1k page`,
      pass: ratio <= MAX_RATIO,
      note: `in process via sim.handle; ${ROUNDS} rounds x ${ITERATIONS} pages; 100k ${results.large.map((v) => round(v, 1)).join(', ')}; 1k ${results.small.map((v) => round(v, 1)).join(', ')}`,
    });
  }
  const beforeReading = heapUsed();
  const read = await readAll(large);
  if (read !== LARGE) throw new Error(`read ${read} of ${LARGE} contacts; not a valid measurement`);
  const addedByReading = heapUsed() - beforeReading;
  rows.push(
    {
      name: 'Heap added by reading all 100k contacts once',
      value: round(addedByReading / 1024 / 1024, 1),
      unit: 'MB',
      note: 'GET /contacts?limit=100 page by page: the kept representations and their JSON text are bounded (2,048 contacts)',
    },
    {
      name: 'Heap held per 100k contacts',
      value: round(perLarge / 1024 / 1024, 1),
      unit: 'MB',
      note: `${round(perLarge / LARGE, 0)} bytes per contact: records, 6 indexes, tag ids, custom field values and the reset snapshot's references${gcExposed ? '' : '; run with --expose-gc for a trustworthy figure'}`,
    },
    { name: 'Seed load of 100k contacts (parse + insert)', value: round(loadMs, 0), unit: 'ms' },
  );
  large.close();
  small.close();
  return rows;
}
