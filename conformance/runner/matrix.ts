/** The clause-by-clause matrix and the totals, from the results. */
import { clauseTitle, compareClauses } from '../spec/clauses.js';
import type { CheckResult, ClauseRow, Level, Totals, Verdict } from '../types.js';

export function buildMatrix(results: readonly CheckResult[]): ClauseRow[] {
  const rows = new Map<string, { clause: string; level: Level; pass: number; fail: number; inconclusive: number; skip: number; error: number }>();
  for (const result of results) {
    const key = `${result.level}|${result.clause}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { clause: result.clause, level: result.level, pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 }));
    row[result.verdict]++;
  }
  return [...rows.values()]
    .sort((a, b) => (a.level === b.level ? compareClauses(a.clause, b.clause) : a.level === 'spec' ? -1 : 1))
    .map((row) => {
      const verdict: Verdict = row.fail > 0 ? 'fail' : row.error > 0 ? 'error' : row.pass > 0 ? 'pass' : row.inconclusive > 0 ? 'inconclusive' : 'skip';
      return { ...row, title: clauseTitle(row.clause), verdict };
    });
}

export function totalsOf(results: readonly CheckResult[]): Totals {
  const totals = { pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 };
  for (const result of results) totals[result.verdict]++;
  return totals;
}
