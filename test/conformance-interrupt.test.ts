/**
 * Ctrl-C at any moment leaves nothing live. A run is interrupted after a request count drawn at
 * random (a fixed seed, so a failure replays), then the target is checked twice: every resource
 * the ledger held at the moment of the interruption is gone (deleted, revoked, archived,
 * cancelled, unblocked), and nothing else the run made is live either (the simulator's state
 * against its state before the run). In-process against the simulator at many points, and through
 * the foreign-server proxy (real pacing, no control plane) at a few.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { runConformance, type ConformanceOptions, type ConformanceReport } from '../conformance/index.js';
import type { LedgerFile } from '../conformance/safety/ledger.js';
import { startBugProxy } from './support/bug-proxy.js';

type Record = { readonly id: number } & { readonly [field: string]: unknown };

/** When a record of the kit's kinds is still live (what the sweep must undo). */
const LIVE: Readonly<{ [collection: string]: (record: Record) => boolean }> = {
  api_keys: (record) => record['revoked'] !== true,
  tags: () => true,
  contacts: () => true,
  conversations: () => true,
  custom_fields: (record) => record['archived'] !== true,
  webhook_endpoints: () => true,
  team_invitations: (record) => record['status'] === 'pending',
  team_members: () => true,
  blocked_users: (record) => record['active'] === true,
  flows: () => true,
};

const COLLECTION_OF: Readonly<{ [kind: string]: string }> = {
  'api-key': 'api_keys',
  tag: 'tags',
  contact: 'contacts',
  'custom-field': 'custom_fields',
  'webhook-endpoint': 'webhook_endpoints',
  invitation: 'team_invitations',
  'team-member': 'team_members',
  'blocked-user': 'blocked_users',
  flow: 'flows',
};

function collections(sim: Simulator): { [name: string]: Record[] } {
  return sim.snapshot().store.collections as unknown as { [name: string]: Record[] };
}

function ids(sim: Simulator): Set<string> {
  const out = new Set<string>();
  for (const [name, list] of Object.entries(collections(sim))) for (const record of list) out.add(`${name}#${record.id}`);
  return out;
}

/** Records the run made that are still live. */
function liveLeftovers(sim: Simulator, before: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [name, list] of Object.entries(collections(sim))) {
    const live = LIVE[name];
    if (!live) continue;
    for (const record of list) if (!before.has(`${name}#${record.id}`) && live(record)) out.push(`${name}#${record.id}`);
  }
  return out;
}

/** Ledger entries (as the file held them when the run was interrupted) whose resource is still live. */
function liveLedgerEntries(sim: Simulator, entries: LedgerFile['entries']): string[] {
  const state = collections(sim);
  return entries
    .filter((entry) => {
      const name = COLLECTION_OF[entry.kind];
      const record = name === undefined ? undefined : state[name]?.find((r) => r.id === entry.id);
      return record !== undefined && LIVE[name!]!(record);
    })
    .map((entry) => `${entry.kind} ${entry.id} (account ${entry.account})`);
}

/** A small deterministic generator: the points are random, and the same on every machine. */
function points(seed: number, count: number, max: number): number[] {
  let state = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    out.push(1 + (state % max));
  }
  return out.sort((a, b) => a - b);
}

interface Interrupted {
  readonly report: ConformanceReport;
  readonly ledgerAtAbort: LedgerFile['entries'];
}

/** Runs the kit and aborts it as request `after` goes out; keeps the ledger file as it was then. */
async function interruptAfter(after: number, options: Omit<ConformanceOptions, 'signal' | 'ledgerDir' | 'runId'>, send: (request: Request) => Promise<Response>): Promise<Interrupted> {
  const controller = new AbortController();
  const dir = mkdtempSync(join(tmpdir(), 'sbc-interrupt-'));
  const runId = `sbc_${String(after).padStart(8, '0').slice(-8)}`;
  let sent = 0;
  let ledgerAtAbort: LedgerFile['entries'] = [];
  const report = await runConformance({
    ...options,
    runId,
    ledgerDir: dir,
    signal: controller.signal,
    fetch: (request) => {
      sent++;
      if (sent === after) {
        const file = join(dir, `${runId}.json`);
        ledgerAtAbort = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LedgerFile).entries : [];
        controller.abort();
      }
      return send(request);
    },
  });
  return { report, ledgerAtAbort };
}

function keysOf(sim: Simulator) {
  const [a, b, , , inactive] = sim.accounts;
  return { apiKey: a!.keys.full!, apiKeyB: b!.keys.full!, inactiveKey: inactive!.keys.read! };
}

describe('an interrupted run leaves nothing live', () => {
  // The interruptions must land while the run holds live resources, or the test proves nothing.
  const heldAtAbort: number[] = [];
  afterAll(() => {
    console.log(`ledger entries live at the interruption: ${heldAtAbort.join(', ')}`);
    expect(heldAtAbort.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
  });

  // Spread over a whole default run against the simulator (about 1000 requests).
  for (const after of points(14, 8, 1000)) {
    it(`simulator, interrupted at request ${after}`, async () => {
      const sim = createSimulator({ logger: silentLogger, allowLocalWebhooks: true });
      const before = ids(sim);
      const { report, ledgerAtAbort } = await interruptAfter(
        after,
        { baseUrl: 'http://simulator.test/api/v1', ...keysOf(sim), controlToken: sim.controlToken, runs: 5, seed: after },
        (request) => sim.fetch(request),
      );
      heldAtAbort.push(ledgerAtAbort.length);
      expect(report.aborted).toBe(true);
      expect(report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message}`), 'an interruption is nobody\'s failure').toEqual([]);
      expect(report.cleanup.remaining).toEqual([]);
      expect(report.cleanup.verified).toBe(true);
      expect(liveLedgerEntries(sim, ledgerAtAbort)).toEqual([]);
      expect(liveLeftovers(sim, before)).toEqual([]);
    }, 60_000);
  }

  for (const after of points(41, 2, 120)) {
    it(`foreign server (through the proxy, real pacing), interrupted at request ${after}`, async () => {
      const sim = createSimulator({ logger: silentLogger });
      const server = await listen(sim, { port: 0, host: '127.0.0.1' });
      const proxy = await startBugProxy(server.origin);
      try {
        const before = ids(sim);
        const { report, ledgerAtAbort } = await interruptAfter(after, { baseUrl: proxy.baseUrl, ...keysOf(sim), runs: 2, seed: after }, (request) => fetch(request));
        heldAtAbort.push(ledgerAtAbort.length);
        expect(report.target.simulator).toBe(false);
        expect(report.aborted).toBe(true);
        expect(report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message}`)).toEqual([]);
        // Pacing went on through the sweep: nothing was refused for the quota.
        expect(report.requests.rateLimited).toBe(0);
        expect(report.cleanup.remaining).toEqual([]);
        expect(liveLedgerEntries(sim, ledgerAtAbort)).toEqual([]);
        expect(liveLeftovers(sim, before)).toEqual([]);
      } finally {
        await proxy.close();
        await server.close();
        sim.close();
      }
    }, 90_000);
  }
});
