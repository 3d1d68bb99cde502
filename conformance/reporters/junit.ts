/**
 * JUnit XML for CI dashboards: one suite per clause and level, one test case per check. A fail
 * is `<failure>`, a kit error `<error>`, a skip `<skipped>` with its reason.
 */
import { clauseTitle, compareClauses } from '../spec/clauses.js';
import type { CheckResult, ConformanceReport, FailureDetail } from '../types.js';

function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function details(failure: FailureDetail | undefined): string {
  if (!failure) return '';
  const parts = [failure.message];
  if (failure.counterexample !== undefined) parts.push(`counterexample: ${failure.counterexample}`);
  if (failure.request) parts.push(`request:\n${failure.request}`);
  if (failure.response) parts.push(`response:\n${failure.response}`);
  if (failure.curl) parts.push(`curl: ${failure.curl}`);
  if (failure.replay) parts.push(`replay: --replay '${failure.replay}'`);
  if (failure.stack) parts.push(failure.stack);
  return parts.join('\n\n');
}

function testcase(result: CheckResult): string {
  const open = `    <testcase classname="${xml(`${result.level}.${result.clause}`)}" name="${xml(`${result.id}: ${result.title}`)}" time="${(result.durationMs / 1000).toFixed(3)}"`;
  switch (result.verdict) {
    case 'pass':
      return `${open}/>`;
    case 'skip':
      return `${open}>\n      <skipped message="${xml(result.reason ?? '')}"/>\n    </testcase>`;
    case 'fail':
      return `${open}>\n      <failure message="${xml(result.failure?.message ?? 'failed')}">${xml(details(result.failure))}</failure>\n    </testcase>`;
    case 'error':
      return `${open}>\n      <error message="${xml(result.failure?.message ?? 'kit error')}">${xml(details(result.failure))}</error>\n    </testcase>`;
    case 'inconclusive':
      // JUnit has no "could not check": it is neither a pass nor a failure of the clause.
      return `${open}>\n      <skipped message="${xml(`could not check: ${result.reason ?? ''}`)}"/>\n    </testcase>`;
  }
}

export function formatJunit(report: ConformanceReport): string {
  const suites = new Map<string, CheckResult[]>();
  for (const result of report.results) {
    const key = `${result.level}|${result.clause}`;
    suites.set(key, [...(suites.get(key) ?? []), result]);
  }
  const ordered = [...suites.entries()].sort(([a], [b]) => {
    const [la, ca] = a.split('|') as [string, string];
    const [lb, cb] = b.split('|') as [string, string];
    return la === lb ? compareClauses(ca, cb) : la === 'spec' ? -1 : 1;
  });
  const count = (results: readonly CheckResult[], verdict: CheckResult['verdict']) => results.filter((r) => r.verdict === verdict).length;
  const skipped = (results: readonly CheckResult[]) => count(results, 'skip') + count(results, 'inconclusive');
  const body = ordered.map(([key, results]) => {
    const [level, clause] = key.split('|') as [string, string];
    const time = results.reduce((sum, r) => sum + r.durationMs, 0) / 1000;
    return [
      `  <testsuite name="${xml(`${clause} ${clauseTitle(clause)} [${level}]`)}" tests="${results.length}" failures="${count(results, 'fail')}" errors="${count(results, 'error')}" skipped="${skipped(results)}" time="${time.toFixed(3)}">`,
      ...results.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  const { totals } = report;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="switchboard conformance ${xml(report.runId)}" tests="${report.results.length}" failures="${totals.fail}" errors="${totals.error}" skipped="${totals.skip + (totals.inconclusive ?? 0)}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...body,
    '</testsuites>',
    '',
  ].join('\n');
}
