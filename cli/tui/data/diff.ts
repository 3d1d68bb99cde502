/**
 * Two responses side by side, structurally: the scenarios engine's own comparison
 * (src/scenarios/match.ts, strict, so fields only one side has show too), plus the status.
 */
import { compareBody, RuleSet, type Mismatch } from '../../../src/scenarios/match.js';
import type { Exchange } from '../target/client.js';

export interface DiffLine {
  readonly path: string;
  readonly left: string;
  readonly right: string;
}

function show(value: unknown, missing: boolean): string {
  if (missing) return '(missing)';
  const text = JSON.stringify(value);
  return text === undefined ? '(missing)' : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function diffExchanges(left: Exchange, right: Exchange): DiffLine[] {
  const lines: DiffLine[] = [];
  if (left.status !== right.status) lines.push({ path: 'status', left: String(left.status), right: String(right.status) });
  const mismatches: Mismatch[] = compareBody(left.json, right.json, new RuleSet(), true);
  for (const mismatch of mismatches) {
    if (mismatch.rule === 'strict') lines.push({ path: mismatch.path, left: '(missing)', right: show(mismatch.actual, false) });
    else lines.push({ path: mismatch.path, left: show(mismatch.expected, false), right: show(mismatch.actual, mismatch.missing === true) });
  }
  return lines;
}
