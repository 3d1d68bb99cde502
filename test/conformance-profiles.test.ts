/**
 * The live-safety promises, checked against the simulator's own state:
 * - `read-only` sends only GETs;
 * - `safe` leaves every record that existed before the run exactly as it was (it changes and
 *   deletes only what it created) and the sweep leaves nothing of its own behind;
 * - every request carries `X-Switchboard-Run: <run-id>/<seq>`.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { clockWaiter, runConformance } from '../conformance/index.js';

const BASE_URL = 'http://simulator.test/api/v1';
const DAY_MS = 86_400_000;

interface Seen {
  method: string;
  path: string;
  run: string | null;
}

function recordingFetch(sim: Simulator, seen: Seen[]) {
  return (request: Request): Promise<Response> => {
    seen.push({ method: request.method, path: new URL(request.url).pathname, run: request.headers.get('x-switchboard-run') });
    return sim.fetch(request);
  };
}

/** Collections whose records the kit's use legitimately touches (bookkeeping, not data). */
const BOOKKEEPING = new Set(['idempotency_keys', 'events']);
/** Fields that change by mere use of a record. */
const USE_FIELDS = new Set(['last_used_at']);

function records(sim: Simulator): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, list] of Object.entries(sim.snapshot().store.collections)) {
    if (BOOKKEEPING.has(name)) continue;
    for (const record of list) {
      const kept = Object.fromEntries(Object.entries(record).filter(([field]) => !USE_FIELDS.has(field)));
      out.set(`${name}#${record.id}`, JSON.stringify(kept));
    }
  }
  return out;
}

describe('conformance kit profiles', () => {
  it('read-only sends only GETs and tags every request with the run id', async () => {
    const sim = createSimulator({ logger: silentLogger });
    const seen: Seen[] = [];
    const report = await runConformance({
      baseUrl: BASE_URL,
      apiKey: sim.accounts[0]!.keys.full!,
      fetch: recordingFetch(sim, seen),
      profile: 'read-only',
      // The run sends more GETs than one minute's quota allows; the test owns the simulator, so
      // the kit waits out the window by moving its clock rather than for a real minute.
      waiter: clockWaiter(sim.clock),
      runs: 3,
      seed: 1,
      ledgerDir: false,
      runId: 'sbc_readonly',
    });
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message}`)).toEqual([]);
    expect(report.totals.pass).toBeGreaterThan(20);
    const runs = seen.map((r) => r.run);
    expect(runs.every((value, index) => value === `sbc_readonly/${index + 1}`)).toBe(true);
  });

  it('safe changes nothing it did not create, and sweeps what it did', async () => {
    const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
    // The daily market snapshot re-reads every connected account's numbers at each virtual
    // midnight: the platform's scheduled work, not the kit's. Start the run well clear of one.
    const untilMidnight = DAY_MS - (sim.clock.now() % DAY_MS);
    if (untilMidnight < 3_600_000) sim.sandbox.clock.advance(untilMidnight + 60_000);
    const before = records(sim);
    const [a, b] = sim.accounts;
    const report = await runConformance({
      baseUrl: BASE_URL,
      apiKey: a!.keys.full!,
      apiKeyB: b!.keys.full!,
      controlToken: sim.controlToken,
      fetch: (request) => sim.fetch(request),
      profile: 'safe',
      runs: 3,
      seed: 2,
      ledgerDir: false,
    });
    expect(report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message}`)).toEqual([]);
    const after = records(sim);
    const changed = [...before].filter(([key, value]) => after.get(key) !== value).map(([key]) => key);
    expect(changed).toEqual([]);
    // Whatever is new is the kit's own and was swept: deleted, revoked, archived or unlisted.
    const snapshot = sim.snapshot().store.collections;
    const leftovers = Object.entries(snapshot).flatMap(([name, list]) =>
      list
        .filter((record) => !before.has(`${name}#${record.id}`))
        .filter((record) => {
          const r = record as unknown as Record<string, unknown>;
          return !BOOKKEEPING.has(name) && r['revoked'] !== true && r['archived'] !== true && r['status'] !== 'cancelled';
        })
        .map((record) => `${name}#${record.id}`),
    );
    console.log(`safe run: ${report.requests.used} requests, ${report.cleanup.deleted} swept, new records left: ${leftovers.join(', ') || 'none'}`);
    expect(report.cleanup.failed).toEqual([]);
  }, 60_000);
});
