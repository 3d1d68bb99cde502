/**
 * The kit's approval checks (2.24, 3.6, 4.14): they act on the approval queue, which posts replies
 * and cannot be taken back, so they are skipped (with the reason) unless the `destructive`
 * profile is chosen, and without the sandbox control plane (the kit approves only comments it
 * created itself). With it they pass against the simulator, and they fail against a simulator that
 * lets a comment be approved twice (the `comments_approve_twice` mutant).
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import type { Profile } from '../conformance/types.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const ORIGIN = 'http://simulator.test';
const APPROVALS = ['comments.approve-once', 'comments.approve-refused', 'comments.bulk-approve-reject'];

async function run(options: { profile?: Profile; mutant?: string; control?: boolean }) {
  const sim = createSimulator({ logger: silentLogger });
  if (options.mutant) {
    const switched = await sim.fetch(new Request(`${ORIGIN}/_sandbox/mutants`, { method: 'POST', headers: { 'X-Sandbox-Token': sim.controlToken, 'Content-Type': 'application/json' }, body: JSON.stringify({ names: [options.mutant] }) }));
    expect(switched.status).toBe(200);
  }
  const report = await runConformance({
    baseUrl: `${ORIGIN}/api/v1`,
    apiKey: sim.accounts[0]!.keys.full!,
    ...(options.control === false ? {} : { controlToken: sim.controlToken }),
    fetch: (request) => sim.fetch(request),
    only: APPROVALS,
    ...(options.profile ? { profile: options.profile } : {}),
    seed: 3,
    ledgerDir: false,
  });
  const verdicts = Object.fromEntries(report.results.map((result) => [result.id, `${result.verdict}${result.reason ? ` ${result.reason}` : ''}`]));
  return { sim, report, verdicts };
}

describe('kit approval checks', () => {
  it('are skipped with the profile as reason unless destructive is chosen (full is the simulator default)', async () => {
    const { report, verdicts } = await run({});
    expect(report.profile).toBe('full');
    expect(verdicts).toEqual(Object.fromEntries(APPROVALS.map((id) => [id, 'skip profile:destructive'])));
  });

  it('pass against the simulator in the destructive profile, acting only on comments they created', async () => {
    const { report, sim } = await run({ profile: 'destructive' });
    expect(report.results.map((result) => `${result.id}: ${result.verdict} ${result.failure?.message ?? ''}`.trim())).toEqual(APPROVALS.map((id) => `${id}: pass`));
    // The seed's own queue is untouched: only comments of the run were approved or rejected.
    const seeded = sim.request({ path: '/comments', key: sim.accounts[0]!.keys.read!, query: { status: 'pending', limit: 100 } });
    const pending = ((await seeded).body as { data: { comment: { commenter_id: string } }[] }).data;
    expect(pending.filter((row) => !row.comment.commenter_id.startsWith('sbc_')).length).toBeGreaterThan(0);
    // The platform fault is disarmed afterwards.
    expect(sim.sandbox.commentFaults(sim.accounts[0]!.id, {})).toEqual({ refuse_replies: false });
  });

  it('skip without the control plane: the kit never approves comments it did not create', async () => {
    const { verdicts } = await run({ profile: 'destructive', control: false });
    for (const id of APPROVALS) expect(verdicts[id]).toMatch(/^skip needs_control/);
  });

  it('kill the comments_approve_twice mutant', async () => {
    const { verdicts } = await run({ profile: 'destructive', mutant: 'comments_approve_twice' });
    expect(verdicts['comments.approve-once']).toBe('fail');
  });
});
