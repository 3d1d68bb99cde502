/**
 * `runConformance(options)`: check the names asked for, probe the target, select and run the
 * checks in order (final observers last), sweep what the run created (also after an abort, still
 * paced), look again for what is left, and return the report.
 */
import { allChecks } from '../checks/index.js';
import { resolveOptions, type ConformanceOptions } from '../options.js';
import { newRunId } from '../safety/run-id.js';
import { cleanupCommand, sweep, type SweepResult } from '../safety/sweeper.js';
import { ROUTES, routeKey } from '../spec/routes.js';
import { assertReceiverPortFree } from '../target/receiver-port.js';
import type { CheckResult, ConformanceReport } from '../types.js';
import type { CheckDefinition, TargetFacts } from './check.js';
import { execute, resultOf } from './execute.js';
import { buildMatrix, totalsOf } from './matrix.js';
import { selectChecks, skipReason, validateSelection } from './select.js';
import { openSession } from './session.js';

export function plannedCost(checks: readonly CheckDefinition[], runs: number): number {
  return checks.reduce((sum, check) => sum + check.cost({ runs }), 0);
}

/** Every check the kit has, whatever a target serves: what `--check` and `--section` may name. */
export function checkCatalogue(): CheckDefinition[] {
  const facts: TargetFacts = {
    simulator: true,
    control: true,
    virtualTime: true,
    routes: new Set(ROUTES.map((route) => routeKey(route.method, route.path))),
    scope: 'full',
    plan: undefined,
    accountId: undefined,
    accountIdB: undefined,
    rateLimiting: 'on',
  };
  return allChecks(facts);
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const resolved = resolveOptions(options);
  validateSelection(checkCatalogue(), { sections: resolved.sections, only: resolved.replay ? [] : resolved.only, replay: resolved.replay?.checkId });
  await assertReceiverPortFree(resolved.receiverPort);
  const runId = resolved.runId ?? newRunId();
  const session = await openSession(resolved, runId);
  const { client, facts } = session;

  const selected = selectChecks(allChecks(facts), { sections: resolved.sections, only: resolved.only, level: session.level });
  const ordered = [...selected.filter((check) => !check.final), ...selected.filter((check) => check.final)];
  const availability = { profile: session.profile, routes: facts.routes, has: session.has };
  const runnable = ordered.filter((check) => skipReason(check, availability) === undefined);
  const skippedUpFront: Record<string, number> = {};
  for (const check of ordered) {
    const reason = skipReason(check, availability);
    if (reason !== undefined) skippedUpFront[reason] = (skippedUpFront[reason] ?? 0) + 1;
  }
  const planned = plannedCost(runnable, session.runs) + client.usage.used;
  resolved.onPlan?.({
    runId,
    simulator: facts.simulator,
    profile: session.profile,
    level: session.level,
    checks: runnable.length,
    listed: ordered.length,
    skippedUpFront,
    requests: planned,
    maxRequests: resolved.maxRequests,
  });

  const results: CheckResult[] = [];
  const record = (result: CheckResult): void => {
    results.push(result);
    resolved.onResult?.(result);
  };
  let aborted = false;
  const sweepOnce = () => sweep({ client, ledger: session.ledger, prefix: session.prefix, accounts: session.accounts, routes: facts.routes });
  try {
    for (const check of ordered) {
      if (resolved.signal?.aborted) {
        aborted = true;
        record(resultOf(check, { verdict: 'skip', reason: 'aborted' }));
        continue;
      }
      const reason = skipReason(check, availability);
      if (reason !== undefined) {
        record(resultOf(check, { verdict: 'skip', reason }));
        continue;
      }
      if (client.usage.used + check.cost({ runs: session.runs }) > resolved.maxRequests) {
        record(resultOf(check, { verdict: 'skip', reason: 'budget' }));
        continue;
      }
      resolved.onCheckStart?.({ id: check.id, clause: check.clause });
      const result = await execute(check, session.context(check), session.redactor);
      if (resolved.signal?.aborted) aborted = true;
      record(result);
    }
  } catch (error) {
    // Whatever broke the loop (a reporter callback, a bug in the kit), what the run created so
    // far is still swept before the error ends the run: minted keys must not stay live.
    await sweepOnce().then((swept) => (swept.remaining.length === 0 && swept.verified ? session.ledger.discard() : session.ledger.persist()), () => session.ledger.persist());
    throw error;
  }

  resolved.onSweep?.();
  // A sweep that throws must not lose the report of every check that ran: it becomes an
  // unverified cleanup (the ledger is kept, the --cleanup command printed).
  const swept = await sweepOnce().catch(
    (error: unknown): SweepResult => ({ deleted: 0, failed: [`the sweep stopped: ${error instanceof Error ? error.message : String(error)}`], remaining: [], verified: false }),
  );
  const clean = swept.remaining.length === 0 && swept.verified;
  if (clean) session.ledger.discard();
  else session.ledger.persist();
  const ledgerAccounts = new Set<string>([...session.accounts, ...swept.remaining.map((leftover) => leftover.account)]);

  return {
    runId,
    target: {
      baseUrl: resolved.baseUrl,
      simulator: facts.simulator,
      virtualTime: facts.virtualTime,
      scope: facts.scope,
      accountId: facts.accountId,
      accountIdB: facts.accountIdB,
      routes: [...facts.routes].sort(),
      ...(session.probeNote !== undefined ? { note: session.probeNote } : {}),
    },
    profile: session.profile,
    level: session.level,
    seed: resolved.seed,
    runs: session.runs,
    startedAt,
    durationMs: performance.now() - started,
    results,
    matrix: buildMatrix(results),
    requests: {
      planned,
      used: client.usage.used,
      byAccount: { ...client.usage.byAccount },
      control: client.usage.control,
      waitedMs: session.pacer.waitedMs,
      rateLimited: client.usage.rateLimited,
    },
    cleanup: {
      deleted: swept.deleted,
      failed: swept.failed,
      remaining: swept.remaining,
      verified: swept.verified,
      ledgerFile: clean ? undefined : session.ledger.file,
      command: clean ? undefined : cleanupCommand(resolved.baseUrl, runId, ledgerAccounts.has('b') ? ['a', 'b'] : ['a'], resolved.ledgerDir),
      tombstones: { revokedKeys: session.tombstones.revokedKeys, archivedFields: session.tombstones.archivedFields, reused: session.tombstones.reused },
    },
    aborted: aborted || (resolved.signal?.aborted ?? false),
    totals: totalsOf(results),
  };
}
