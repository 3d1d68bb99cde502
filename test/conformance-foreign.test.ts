/**
 * The kit's real acceptance test: how it judges a server that is not the simulator. A proxy on
 * 127.0.0.1 (test/support/bug-proxy.ts) sits in front of a simulator served by `listen`, hides
 * its control plane (so the kit must treat it as a foreign server: safe defaults, real waits, no
 * inbound injection) and plants one realistic bug at a time from outside (test/support/
 * server-bugs.ts). For each bug the same checks run with and without it; what fails only with
 * the bug must be caught under the expected clauses (and nowhere it used to be misattributed), or
 * nothing may fail when the bug is no violation of the spec.
 *
 * `SWITCHBOARD_KIT_SLOW=1` (npm run kit:foreign) adds the bugs that need real minutes (a slow
 * network against the 60 s quota window).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import type { ConformanceReport } from '../conformance/index.js';
import { kitThroughProxy } from './support/kit-through-proxy.js';
import { SERVER_BUGS, type BugWorld, type ServerBug } from './support/server-bugs.js';

const SLOW = process.env['SWITCHBOARD_KIT_SLOW'] === '1';
const BUGS = SERVER_BUGS.filter((bug) => SLOW || !bug.slow);

function worldOf(sim: Simulator): BugWorld {
  const accountOf = new Map<string, number>();
  const scopeOf = new Map<string, string>();
  const fullKey = new Map<number, string>();
  for (const account of sim.accounts) {
    for (const [scope, key] of Object.entries(account.keys)) {
      accountOf.set(key, account.id);
      scopeOf.set(key, scope);
    }
    if (account.keys.full) fullKey.set(account.id, account.keys.full);
  }
  return { accountOf, scopeOf, fullKey, a: sim.accounts[0]!.id, b: sim.accounts[1]!.id };
}

/**
 * The data an account of a live deployment has and the seed lacks, made as its customers would
 * (the kit cannot inject anything through the proxy): account B gets an opt-out and a thread,
 * account A a thread of several messages.
 */
function prepare(sim: Simulator): void {
  const [a, b] = sim.accounts;
  sim.sandbox.inbound(b!.id, { channel: 'sms', platform_user_id: '+15550009001', text: 'hello' });
  sim.sandbox.smsStop(b!.id, '+15550009001');
  for (const text of ['one', 'two', 'three']) sim.sandbox.inbound(a!.id, { channel: 'telegram', platform_user_id: 'tg_harness_1', text });
}

/** One kit run through the proxy, against a fresh simulator (a fresh quota, a fresh seed). */
async function throughProxy(bug: ServerBug, planted: boolean): Promise<ConformanceReport> {
  const sim = createSimulator({ logger: silentLogger });
  prepare(sim);
  return kitThroughProxy(sim, planted ? { bug: bug.bug(worldOf(sim)) } : {}, { seed: 11, runs: 2, ...bug.run });
}

const failing = (report: ConformanceReport) => report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error');

interface Row {
  readonly bug: ServerBug;
  readonly verdict: string;
  readonly clauses: string;
  readonly checks: string;
  readonly inconclusive: string;
  readonly seconds: number;
}
const rows: Row[] = [];

describe.concurrent('the kit against a foreign server with one planted bug', () => {
  afterAll(() => {
    const ordered = BUGS.map((bug) => rows.find((row) => row.bug === bug)).filter((row): row is Row => row !== undefined);
    console.log(
      [
        '| Planted bug | Verdict | Clause(s) | Failing checks | Could not check | Run (s) |',
        '|---|---|---|---|---|---|',
        ...ordered.map((row) => `| \`${row.bug.name}\`: ${row.bug.plants} | ${row.verdict} | ${row.clauses} | ${row.checks} | ${row.inconclusive} | ${row.seconds.toFixed(1)} |`),
      ].join('\n'),
    );
  });

  for (const bug of BUGS) {
    it(`${bug.name}: ${'notViolation' in bug.expect ? 'not a violation' : `caught under ${bug.expect.caught.join(', ')}`}`, async () => {
      const started = performance.now();
      const [clean, broken] = await Promise.all([throughProxy(bug, false), throughProxy(bug, true)]);
      const seconds = (performance.now() - started) / 1000;
      // Never taken for the simulator through the proxy: the safe defaults, whatever the bug.
      expect(broken.target.simulator).toBe(false);
      expect(failing(clean).map((r) => `${r.id}: ${r.failure?.message}`), 'the same checks must pass without the bug').toEqual([]);
      expect(broken.results.filter((r) => r.verdict === 'error').map((r) => `${r.id}: ${r.failure?.message}`), 'kit errors').toEqual([]);
      const fresh = failing(broken);
      const clauses = [...new Set(fresh.map((r) => r.clause))].sort();
      const inconclusive = broken.results.filter((r) => r.verdict === 'inconclusive').map((r) => r.id);
      rows.push({
        bug,
        verdict: fresh.length === 0 ? 'not a violation' : 'caught',
        clauses: clauses.join(', ') || '-',
        checks: fresh.map((r) => r.id).join(', ') || '-',
        inconclusive: inconclusive.join(', ') || '-',
        seconds,
      });
      if ('notViolation' in bug.expect) {
        expect(fresh.map((r) => `${r.id}: ${r.failure?.message}`)).toEqual([]);
      } else {
        for (const clause of bug.expect.caught) expect(clauses, `a failure under ${clause}`).toContain(clause);
        const allowed = new Set([...bug.expect.caught, ...(bug.expect.alsoFails ?? [])]);
        expect(clauses.filter((clause) => !allowed.has(clause)), 'failures outside the expected clauses (misattribution)').toEqual([]);
      }
      for (const guard of bug.mustNotFail ?? []) {
        const wrong = guard.startsWith('clause:') ? fresh.filter((r) => r.clause === guard.slice(7)) : fresh.filter((r) => r.id === guard);
        expect(wrong.map((r) => `${r.id}: ${r.failure?.message}`), `${guard} must not fail`).toEqual([]);
      }
      expect(bug.judge?.(broken)).toBeUndefined();
    }, bug.slow ? 600_000 : 180_000);
  }
});
