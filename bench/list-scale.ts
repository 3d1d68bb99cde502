/**
 * Every list filter at scale (issue 12, item 4), in process through `sim.handle`: one page of each
 * filter at LARGE (default 1M) vs 1k contacts in one account, the ratio to stay <= 2x; updating
 * and deleting an old contact at both sizes (index maintenance must not shift the account); and
 * GET /opt-outs pages at OPT_OUTS_LARGE vs 1k opt-out records.
 *
 * Both simulators get the same late activity: UPDATED scattered old contacts are changed an hour
 * after the load, so `updated_since` has the same number of matches at both sizes, sitting in old
 * id ranges (the hard case for a newest-first walk). Pages that answer fewer than `limit` rows say
 * so in the note: such a page reads its whole match set, at either size.
 *
 * BENCH_SCALE_LARGE, BENCH_OPTOUTS_LARGE, BENCH_SCALE_ITERATIONS and BENCH_SCALE_ROUNDS tune it;
 * BENCH_WRITE_ROUNDS, BENCH_WRITE_OPS and BENCH_WRITE_WARMUP tune the write rows (./list-scale-writes.ts);
 * BENCH_SCALE_ONLY (a comma-separated list of label substrings; exactly `update` or `delete` names a
 * write row) runs only the cases named, for looking into one row without the whole run;
 * at 1M the load needs a heap over the default (`node --max-old-space-size=8192`).
 */
import { defaultSeed } from '../fixtures/default-seed.js';
import { silentLogger } from '../src/core/logger.js';
import { CHANNELS } from '../src/core/types.js';
import { STAGES } from '../src/resources/contacts/schemas.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { compareWrites, OldContacts, type WriteKind, type WriteTarget } from './list-scale-writes.js';
import { collectGarbage, median, round, type BenchRow } from './types.js';

const LARGE = Number(process.env['BENCH_SCALE_LARGE'] ?? 1_000_000);
const SMALL = 1_000;
const OPT_OUTS_LARGE = Number(process.env['BENCH_OPTOUTS_LARGE'] ?? 100_000);
const ITERATIONS = Number(process.env['BENCH_SCALE_ITERATIONS'] ?? 2_000);
const ROUNDS = Number(process.env['BENCH_SCALE_ROUNDS'] ?? 5);
const MAX_RATIO = 2;
const ONLY = (process.env['BENCH_SCALE_ONLY'] ?? '').split(',').filter((part) => part !== '');
const WRITES = {
  rounds: Number(process.env['BENCH_WRITE_ROUNDS'] ?? 200),
  opsPerRound: Number(process.env['BENCH_WRITE_OPS'] ?? 100),
  warmupOps: Number(process.env['BENCH_WRITE_WARMUP'] ?? 3_000),
  maxRatio: MAX_RATIO,
};
/** Old ids the write rows start from: at 1M, enough for the delete and the update rounds to meet different contacts. */
const OLD_ID_POOL = 60_000;
const UPDATED = 100;
const T0 = '2026-01-01T00:00:00+00:00';
const T1 = '2026-01-01T01:00:00+00:00';

/** Name parts: 'Zoltan' is 1 first name in 40, so `name=zol` matches 2.5% at every size. */
const FIRST = ['Ada', 'Alan', 'Grace', 'Katherine', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Radia',
  'Edsger', 'Donald', 'Frances', 'John', 'Shafi', 'Leslie', 'Tim', 'Hedy', 'Claude', 'Sophie',
  'Niklaus', 'Bjarne', 'Guido', 'Yukihiro', 'Anders', 'James', 'Larry', 'Rasmus', 'Brendan', 'Zoltan',
  'Jean', 'Annie', 'Evelyn', 'Mary', 'Carol', 'Lynn', 'Joan', 'Betty', 'Kathleen', 'Ruth'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Johnson', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson',
  'Perlman', 'Dijkstra', 'Knuth', 'Allen', 'McCarthy', 'Goldwasser', 'Lamport', 'Berners', 'Lamarr', 'Shannon', 'Wilson'];

function contactOf(i: number): Record<string, unknown> {
  return {
    channel: CHANNELS[i % CHANNELS.length]!,
    platform_user_id: `bench-${i}`,
    name: `${FIRST[i % FIRST.length]!} ${LAST[Math.floor(i / FIRST.length) % LAST.length]!}`,
    email: i % 2 === 0 ? `contact${i}@example.com` : null,
    phone: i % 3 === 0 ? `+1555${String(i).padStart(7, '0')}` : null,
    stage: STAGES[Math.floor(i / CHANNELS.length) % STAGES.length]!,
    tags: i % 7 === 0 ? ['vip'] : i % 3 === 0 ? ['newsletter'] : [],
  };
}

function seedWith(count: number): unknown {
  const seed = defaultSeed();
  const accounts = seed.accounts.map(({ id, business_name, plan, addon, timezone, api_keys }, index) => {
    const account = { id, business_name, plan, addon, timezone, api_keys };
    if (index > 0) return account;
    const contacts: Record<string, unknown>[] = [];
    for (let i = 0; i < count; i++) contacts.push(contactOf(i));
    return { ...account, tags: [{ name: 'vip' }, { name: 'newsletter' }], contacts };
  });
  return { ...seed, accounts };
}

/** A simulator and the keys a bench reads (and writes) it with. */
export interface Reader {
  sim: Simulator;
  headers: Record<string, string>;
  writeHeaders: Record<string, string>;
}

interface Sized extends Reader, WriteTarget {
  count: number;
  oldIds: number[];
}

async function call(s: Reader, method: 'GET' | 'POST' | 'DELETE', path: string, query: Record<string, string> = {}, body?: unknown) {
  const response = await s.sim.handle({ method, path: `/api/v1${path}`, query, headers: method === 'GET' ? s.headers : s.writeHeaders, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}; not a valid measurement`);
  return response.body as { data: unknown[] | { id: number } };
}

async function build(count: number, optOuts: number): Promise<Sized> {
  const sim = createSimulator({ seed: seedWith(count), rateLimit: 'off', logger: silentLogger, clock: { frozenAt: T0 } });
  const keys = sim.accounts[0]!.keys;
  const sized: Sized = { sim, count, headers: { 'x-service-api-key': keys.read! }, writeHeaders: { 'x-service-api-key': keys.full! }, oldIds: [], contactBody: contactOf };
  const first = (await call(sized, 'GET', '/contacts', { limit: '1' })).data as { id: number }[];
  const newest = first[0]?.id ?? 0;
  for (let id = newest - count + 1; count > 0 && id <= newest && sized.oldIds.length < OLD_ID_POOL; id++) sized.oldIds.push(id);
  // Late activity, the same at both sizes: UPDATED contacts spread over the whole id range.
  sim.sandbox.clock.advance('1h');
  for (let k = 0; k < (count > 0 ? UPDATED : 0); k++) {
    const i = Math.floor((k * count) / UPDATED);
    await call(sized, 'POST', '/contacts', {}, { channel: CHANNELS[i % CHANNELS.length], platform_user_id: `bench-${i}`, stage: 'lost', name: `Zoltan Updated${k}` });
  }
  const accountId = sim.accounts[0]!.id;
  for (let k = 0; k < optOuts; k++) {
    if (k % 1000 === 0) sim.sandbox.clock.advance('1m');
    if (k % 4 === 0) sim.sandbox.smsStop(accountId, `+1666${String(k).padStart(7, '0')}`);
    else sim.sandbox.optOut(accountId, { channel: k % 2 === 0 ? 'instagram' : 'facebook', platform_user_id: `o${k}`, scope: k % 3 === 0 ? 'broadcast' : 'comment_dm' });
  }
  // Some SMS numbers opt back in late: their records move to the front of the list.
  sim.sandbox.clock.advance('1h');
  for (let k = 0; k < Math.min(optOuts, 400); k += 4) sim.sandbox.smsStart(accountId, `+1666${String(k).padStart(7, '0')}`);
  return sized;
}

export interface ListCase {
  label: string;
  path: string;
  query: Record<string, string>;
}

const CONTACT_CASES: ListCase[] = [
  { label: 'name=zol (3 units: one exact id list)', path: '/contacts', query: { name: 'zol' } },
  { label: 'name=zoltan (6 units: shortest 3-unit list, checked)', path: '/contacts', query: { name: 'zoltan' } },
  { label: 'name=an (2 units, common)', path: '/contacts', query: { name: 'an' } },
  { label: 'name=updated7 (selective: 1-2 matches)', path: '/contacts', query: { name: 'updated7' } },
  { label: `updated_since (${UPDATED} old contacts updated late)`, path: '/contacts', query: { updated_since: T1 } },
  { label: 'updated_since&stage=lost', path: '/contacts', query: { updated_since: T1, stage: 'lost' } },
  { label: 'updated_since&name=zol', path: '/contacts', query: { updated_since: T1, name: 'zol' } },
  { label: 'updated_since (everything matches)', path: '/contacts', query: { updated_since: T0 } },
  { label: 'channel=sms&stage=qualified', path: '/contacts', query: { channel: 'sms', stage: 'qualified' } },
  { label: 'tag=vip', path: '/contacts', query: { tag: 'vip' } },
  { label: 'email= (one match)', path: '/contacts', query: { email: 'contact600@example.com' } },
  { label: 'phone= (one match)', path: '/contacts', query: { phone: '+15550000600' } },
  { label: 'no filter', path: '/contacts', query: {} },
];

const OPT_OUT_CASES: ListCase[] = [
  { label: 'GET /opt-outs', path: '/opt-outs', query: {} },
  { label: 'GET /opt-outs?status=opted_in', path: '/opt-outs', query: { status: 'opted_in' } },
  { label: 'GET /opt-outs?channel=sms', path: '/opt-outs', query: { channel: 'sms' } },
  { label: 'GET /opt-outs?scope=broadcast', path: '/opt-outs', query: { scope: 'broadcast' } },
  { label: 'GET /opt-outs?since (last hour)', path: '/opt-outs', query: { since: '2026-01-01T01:00:00+00:00' } },
];

/** Microseconds per page, and the rows the page held. */
async function pageMicros(s: Reader, c: ListCase, iterations: number): Promise<{ micros: number; rows: number }> {
  const query = { ...c.query, limit: '25' };
  let rows = 0;
  collectGarbage();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) rows = ((await call(s, 'GET', c.path, query)).data as unknown[]).length;
  return { micros: ((performance.now() - started) * 1000) / iterations, rows };
}

export async function compare(name: string, small: Reader, large: Reader, c: ListCase, largeLabel: string): Promise<BenchRow> {
  await pageMicros(small, c, 50);
  await pageMicros(large, c, 50);
  const results = { small: [] as number[], large: [] as number[] };
  let rows = { small: 0, large: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const which of order) {
      const measured = await pageMicros(which === 'small' ? small : large, c, ITERATIONS);
      results[which].push(measured.micros);
      rows = { ...rows, [which]: measured.rows };
    }
  }
  const ratio = median(results.large.map((value, i) => value / results.small[i]!));
  return {
    name: `${name} page of 25 at ${largeLabel} vs 1k`,
    value: round(median(results.large), 1),
    unit: 'µs/page',
    baseline: round(median(results.small), 1),
    ratio: round(ratio),
    target: `<= ${MAX_RATIO}x`,
    pass: ratio <= MAX_RATIO,
    note: `rows per page ${rows.large} vs ${rows.small}; ${ROUNDS} rounds x ${ITERATIONS} pages`,
  };
}

export async function run(): Promise<BenchRow[]> {
  const loadStarted = performance.now();
  const large = await build(LARGE, 0);
  const loadMs = performance.now() - loadStarted;
  collectGarbage();
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  const small = await build(SMALL, SMALL);
  const rows: BenchRow[] = [];
  // Deletes first: the update rounds rename contacts, and the 1k account's deletes would meet those.
  const writeKinds: readonly WriteKind[] = ['delete', 'update'];
  // `update` and `delete` name the write rows only (`update` is also a substring of filter labels).
  const selected = (label: string): boolean => ONLY.length === 0 || ONLY.some((part) => !(writeKinds as readonly string[]).includes(part) && label.includes(part));
  for (const c of CONTACT_CASES) {
    if (selected(c.label)) rows.push(await compare(`GET /contacts?${c.label}`, small, large, c, `${LARGE / 1000}k contacts`));
  }
  // Index maintenance on old records. The large account's indexes are complete here: the seed
  // builds them as it inserts, and the name index (the only one built later, after a bulk load)
  // is finished by this `name=` query in any case.
  await call(large, 'GET', '/contacts', { name: 'zol', limit: '1' });
  const old = { small: new OldContacts(small), large: new OldContacts(large) };
  for (const kind of writeKinds) {
    if (ONLY.length === 0 || ONLY.includes(kind)) rows.push(await compareWrites(kind, old.small, old.large, `${LARGE / 1000}k`, WRITES));
  }
  if (ONLY.length > 0) {
    large.sim.close();
    small.sim.close();
    return rows;
  }
  rows.push(
    { name: `Seed load of ${LARGE / 1000}k contacts with every index`, value: round(loadMs / 1000, 1), unit: 's' },
    { name: `Heap after loading ${LARGE / 1000}k contacts`, value: round(heapMb, 0), unit: 'MB', note: 'includes the name piece index (1-3 unit pieces of each name)' },
  );
  large.sim.close();

  const optOutsLarge = await build(0, OPT_OUTS_LARGE);
  for (const c of OPT_OUT_CASES) rows.push(await compare(c.label, small, optOutsLarge, c, `${OPT_OUTS_LARGE / 1000}k opt-outs`));
  optOutsLarge.sim.close();
  small.sim.close();
  return rows;
}
