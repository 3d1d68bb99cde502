/**
 * The human report: spec checks, then assumption checks apart, then each failure with its
 * evidence (clause, counterexample, request, response, curl, replay), the clause matrix, the
 * requests used, and as the very last line `N passed, M failed` (plus `, K skipped`). An `error`
 * (the kit broke) counts as failed there, so a broken run never reads green; the line above says
 * how many of the failures were the kit's own.
 */
import type { ConformanceReport } from '../types.js';
export declare function lastLine(report: ConformanceReport): string;
export declare function formatConsole(report: ConformanceReport): string;
