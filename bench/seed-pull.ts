/**
 * Seed pull at the real quota (issue 24): the default seed plus 10k contacts, and 100k contacts,
 * pulled over HTTP from a sandbox on 127.0.0.1 at 200 requests a minute. Waiting is virtual (the
 * pull's waiter moves the sandbox's clock), so the run reports both the wall time it took here
 * and the time the quota would cost against a real deployment (the virtual time waited + wall).
 * Also the heap the pull held (the file is written streaming, page by page).
 * `node dist/bench/run.js seed-pull`; BENCH_PULL_LARGE=0 skips the 100k run.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { virtualWaiter } from '../conformance/http/waiter.js';
import { defaultSeed } from '../fixtures/default-seed.js';
import { listen } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { registry } from '../src/resources/index.js';
import { pullSeed } from '../src/pull/pull.js';
import { createSimulator } from '../src/simulator.js';
import { round, type BenchRow } from './types.js';

const LARGE = Number(process.env['BENCH_PULL_LARGE'] ?? 100_000);

function seedWith(contacts: number): unknown {
  const seed = defaultSeed() as { accounts: Record<string, unknown>[] };
  const first = seed.accounts[0]!;
  const extra = Array.from({ length: contacts }, (_, i) => ({
    channel: 'sms',
    platform_user_id: `+1555${String(1_000_000 + i).padStart(7, '0')}`,
    name: `Bench ${i}`,
    email: `bench${i}@example.test`,
  }));
  return { ...seed, accounts: [{ ...first, contacts: [...((first['contacts'] as unknown[]) ?? []), ...extra] }, ...seed.accounts.slice(1)] };
}

async function pullOnce(label: string, contacts: number, only?: string[]): Promise<BenchRow[]> {
  const sim = createSimulator({ logger: silentLogger, seed: seedWith(contacts) });
  const server = await listen(sim, { port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'bench-pull-'));
  try {
    const out = join(dir, 'seed.json');
    const waiter = virtualWaiter(async (ms) => void sim.sandbox.clock.advance(`${Math.ceil(ms / 1000)}s`), 0);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const summary = await pullSeed({
      baseUrl: server.baseUrl, apiKey: sim.accounts[0]!.keys.read!, out, groups: registry, redact: 'default', waiter,
      ...(only ? { only } : {}),
    });
    const wallMs = performance.now() - started;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
    const quotaMinutes = (summary.waitedMs + wallMs) / 60_000;
    return [
      { name: `seed pull ${label}: requests`, value: summary.requests, unit: 'requests' },
      { name: `seed pull ${label}: time at the real quota (200/min)`, value: round(quotaMinutes, 1), unit: 'min' },
      { name: `seed pull ${label}: wall time here (waits virtual)`, value: round(wallMs / 1000, 1), unit: 's' },
      { name: `seed pull ${label}: file size`, value: round(statSync(out).size / 1_048_576, 1), unit: 'MB' },
      { name: `seed pull ${label}: heap growth`, value: round(heapMb, 0), unit: 'MB' },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await pullOnce('default seed + 10k contacts', 10_000);
  if (LARGE > 0) rows.push(...(await pullOnce(`${LARGE / 1000}k contacts (contacts only)`, LARGE, ['contacts'])));
  return rows;
}
