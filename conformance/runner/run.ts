/**
 * `runConformance(options)`: probe the target, select and run the checks in order (final
 * observers last), sweep what the run created (also after an abort), and return the report.
 */
import { allChecks } from '../checks/index.js';
import { resolveOptions, type ConformanceOptions } from '../options.js';
import { newRunId } from '../safety/run-id.js';
import { sweep } from '../safety/sweeper.js';
import type { CheckResult, ConformanceReport } from '../types.js';
import type { CheckDefinition } from './check.js';
import { execute, resultOf } from './execute.js';
import { buildMatrix, totalsOf } from './matrix.js';
import { selectChecks, skipReason } from './select.js';
import { openSession } from './session.js';

export function plannedCost(checks: readonly CheckDefinition[], runs: number): number {
  return checks.reduce((sum, check) => sum + check.cost({ runs }), 0);
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const resolved = resolveOptions(options);
  const runId = resolved.runId ?? newRunId();
  const session = await openSession(resolved, runId);
  const { client, facts } = session;

  const selected = selectChecks(allChecks(facts), { sections: resolved.sections, only: resolved.only, level: session.level });
  const ordered = [...selected.filter((check) => !check.final), ...selected.filter((check) => check.final)];
  const availability = { profile: session.profile, routes: facts.routes, has: session.has };
  const runnable = ordered.filter((check) => skipReason(check, availability) === undefined);
  const planned = plannedCost(runnable, session.runs) + client.usage.used;
  resolved.onPlan?.({
    runId,
    simulator: facts.simulator,
    profile: session.profile,
    level: session.level,
    checks: runnable.length,
    requests: planned,
    maxRequests: resolved.maxRequests,
  });

  const results: CheckResult[] = [];
  const record = (result: CheckResult): void => {
    results.push(result);
    resolved.onResult?.(result);
  };
  for (const check of ordered) {
    if (resolved.signal?.aborted) {
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
    record(await execute(check, session.context(check), session.redactor));
  }

  const swept = await sweep({ client, ledger: session.ledger, prefix: session.prefix, accounts: session.accounts, routes: facts.routes });
  if (swept.failed.length === 0) session.ledger.discard();
  else session.ledger.persist();

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
      ledgerFile: swept.failed.length === 0 ? undefined : session.ledger.file,
    },
    aborted: resolved.signal?.aborted ?? false,
    totals: totalsOf(results),
  };
}
