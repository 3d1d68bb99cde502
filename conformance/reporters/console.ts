/**
 * The human report: spec checks, then assumption checks apart, then each failure with its
 * evidence (clause, counterexample, request, response, curl, replay), then the checks that could
 * not judge their clause (apart from failures: a setup step failed or a measurement could not be
 * made), the clause matrix, the requests used, the cleanup (exactly what is left, and the command
 * that finishes it), and as the very last line `N passed, M failed` (plus `, I inconclusive` and
 * `, K skipped`). An `error` (the kit broke) counts as failed there, so a broken run never reads
 * green; the line above says how many of the failures were the kit's own.
 */
import { describeLeftover } from '../safety/sweeper.js';
import type { CheckResult, ConformanceReport, FailureDetail, Verdict } from '../types.js';

const MARK: Record<Verdict, string> = { pass: '✓', fail: '✗', inconclusive: '?', skip: '-', error: '!' };

function indent(text: string, by = 6): string {
  const pad = ' '.repeat(by);
  return text
    .split('\n')
    .map((line) => `${pad}${line}`)
    .join('\n');
}

function line(result: CheckResult): string {
  const suffix =
    result.verdict === 'skip'
      ? `  (skipped: ${result.reason ?? 'unknown'})`
      : result.verdict === 'error'
        ? '  (kit error)'
        : result.verdict === 'inconclusive'
          ? `  (could not check: ${result.reason ?? 'unknown'})`
          : '';
  return `  ${MARK[result.verdict]} ${result.clause.padEnd(5)} ${result.id}  ${result.title}${suffix}`;
}

function evidence(detail: FailureDetail): string[] {
  const out = [indent(detail.message, 4)];
  if (detail.counterexample !== undefined) out.push(`    counterexample: ${detail.counterexample}`);
  if (detail.request) out.push('    request:', indent(detail.request));
  if (detail.response) out.push('    response:', indent(detail.response));
  if (detail.curl) out.push(`    curl: ${detail.curl}`);
  if (detail.stack) out.push('    at:', indent(detail.stack));
  if (detail.replay) {
    const how =
      detail.seed === undefined
        ? ''
        : ` (seed ${detail.seed}, path ${detail.path}; ${detail.shrunk ? 'shrunk on the simulator' : `not shrunk on a live target${detail.confirmation ? `, re-sent once: ${detail.confirmation}` : ''}`})`;
    out.push(`    replay: --replay '${detail.replay}'${how}`);
  }
  return out;
}

function matrix(report: ConformanceReport): string[] {
  const out = [
    'Clause matrix ("n/c": could not check, apart from pass and fail)',
    `  ${'clause'.padEnd(7)}${'level'.padEnd(11)}${'pass'.padStart(5)}${'fail'.padStart(5)}${'n/c'.padStart(5)}${'skip'.padStart(5)}${'error'.padStart(6)}  ${'verdict'.padEnd(12)}  title`,
  ];
  for (const row of report.matrix) {
    out.push(
      `  ${row.clause.padEnd(7)}${row.level.padEnd(11)}${String(row.pass).padStart(5)}${String(row.fail).padStart(5)}${String(row.inconclusive).padStart(5)}${String(row.skip).padStart(5)}${String(row.error).padStart(6)}  ${row.verdict.padEnd(12)}  ${row.title}`,
    );
  }
  return out;
}

export function lastLine(report: ConformanceReport): string {
  const { pass, fail, skip, error } = report.totals;
  const inconclusive = report.totals.inconclusive ?? 0;
  return `${pass} passed, ${fail + error} failed${inconclusive > 0 ? `, ${inconclusive} inconclusive` : ''}${skip > 0 ? `, ${skip} skipped` : ''}`;
}

/** What the sweep left and how to finish it, one line each (also printed on an interrupted run). */
export function cleanupLines(report: Pick<ConformanceReport, 'cleanup' | 'runId'>): string[] {
  const cleanup = report.cleanup;
  const { revokedKeys, archivedFields, reused } = cleanup.tombstones;
  const tombstones = `  tombstones (cannot be removed through the API): ${revokedKeys} revoked key(s), ${archivedFields} archived field(s) added; ${reused} reused from earlier runs`;
  if (cleanup.remaining.length === 0 && cleanup.verified) {
    return [`Cleanup: ${cleanup.deleted} created resource(s) removed; nothing of run ${report.runId} is left live`, tombstones];
  }
  const out = [
    `Cleanup: ${cleanup.deleted} removed, ${cleanup.remaining.length} left${cleanup.verified ? '' : ' (the sweep could not look everywhere, so this list may be short)'}:`,
    ...cleanup.remaining.map((leftover) => `  - ${describeLeftover(leftover)}`),
    tombstones,
  ];
  if (cleanup.ledgerFile) out.push(`  ledger kept: ${cleanup.ledgerFile}`);
  if (cleanup.command) out.push(`  finish with: ${cleanup.command}`);
  return out;
}

export function formatConsole(report: ConformanceReport): string {
  const { target, requests } = report;
  const kind = target.simulator ? `simulator${target.virtualTime ? ', virtual time' : ''}` : 'live target';
  const out: string[] = [
    `Switchboard conformance: run ${report.runId} against ${target.baseUrl} (${kind})`,
    `profile ${report.profile}, level ${report.level}, seed ${report.seed}, ${report.runs} runs per property${report.aborted ? ', ABORTED' : ''}`,
    ...(target.note !== undefined ? [target.note] : []),
    '',
    'Spec checks',
    ...report.results.filter((r) => r.level === 'spec').map(line),
  ];
  const assumptions = report.results.filter((r) => r.level === 'assumption');
  if (assumptions.length > 0) {
    out.push('', 'Assumption checks (our choices for "not shown" gaps, docs/decisions.md; reported apart)', ...assumptions.map(line));
  }
  const failed = report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'error');
  if (failed.length > 0) {
    out.push('', 'Failures');
    for (const result of failed) {
      out.push(`  ${MARK[result.verdict]} [${result.clause}] ${result.id} (${result.level}): ${result.title}`);
      if (result.failure) out.push(...evidence(result.failure));
    }
  }
  const unchecked = report.results.filter((r) => r.verdict === 'inconclusive');
  if (unchecked.length > 0) {
    out.push('', 'Could not check (neither pass nor a failure of the clause; usually another check names the cause)');
    for (const result of unchecked) {
      out.push(`  ${MARK.inconclusive} [${result.clause}] ${result.id} (${result.level}): ${result.reason ?? ''}`);
      if (result.failure) out.push(...evidence(result.failure).slice(0, 1), ...evidence(result.failure).slice(1).filter((line) => !line.startsWith('    replay:')));
    }
  }
  out.push('', ...matrix(report), '');
  const byAccount = Object.entries(requests.byAccount)
    .map(([account, count]) => `${account} ${count}`)
    .join(', ');
  // The plan in quota terms: how long the run takes at the spec's 200 requests per minute.
  const minutes = Math.max(1, Math.ceil(requests.planned / 200));
  out.push(
    `Requests: ${requests.used} used of ~${requests.planned} planned (about ${minutes} min of one account's 200/min quota)`,
    `  by account: ${byAccount}; ${requests.control} to the control plane; ${requests.rateLimited} answered 429; waited ${(requests.waitedMs / 1000).toFixed(1)} s${target.virtualTime ? ' of virtual time' : ''}`,
  );
  out.push(...cleanupLines(report));
  out.push(`Duration: ${(report.durationMs / 1000).toFixed(1)} s`);
  if (report.totals.error > 0) out.push(`Kit errors: ${report.totals.error} (the kit itself broke; counted as failed below)`);
  out.push(lastLine(report));
  return out.join('\n');
}
