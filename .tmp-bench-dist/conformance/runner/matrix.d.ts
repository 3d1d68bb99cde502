import type { CheckResult, ClauseRow, Totals } from '../types.js';
export declare function buildMatrix(results: readonly CheckResult[]): ClauseRow[];
export declare function totalsOf(results: readonly CheckResult[]): Totals;
