/**
 * A conformance run's progress as a plain reducer: the plan, each result as it arrives, the clause
 * matrix rebuilt from the results (the kit's own buildMatrix), and the final report.
 */
import { buildMatrix, totalsOf } from '../../../conformance/runner/matrix.js';
import type { RunPlan } from '../../../conformance/options.js';
import type { CheckResult, ClauseRow, ConformanceReport, Profile, Totals } from '../../../conformance/types.js';

export interface ConformanceState {
  readonly status: 'idle' | 'starting' | 'running' | 'stopping' | 'done' | 'failed';
  readonly profile: Profile;
  readonly plan?: RunPlan;
  readonly results: readonly CheckResult[];
  readonly matrix: readonly ClauseRow[];
  readonly totals: Totals;
  readonly report?: ConformanceReport;
  readonly error?: string;
}

export const initialConformance: ConformanceState = { status: 'idle', profile: 'safe', results: [], matrix: [], totals: { pass: 0, fail: 0, inconclusive: 0, skip: 0, error: 0 } };

export type ConformanceAction =
  | { type: 'profile'; profile: Profile }
  | { type: 'start' }
  | { type: 'plan'; plan: RunPlan }
  | { type: 'result'; result: CheckResult }
  | { type: 'stopping' }
  | { type: 'done'; report: ConformanceReport }
  | { type: 'failed'; message: string };

export function conformanceReducer(state: ConformanceState, action: ConformanceAction): ConformanceState {
  switch (action.type) {
    case 'profile':
      return state.status === 'running' || state.status === 'starting' ? state : { ...state, profile: action.profile };
    case 'start':
      return { ...initialConformance, profile: state.profile, status: 'starting' };
    case 'plan':
      return { ...state, status: 'running', plan: action.plan };
    case 'result': {
      const results = [...state.results, action.result];
      return { ...state, results, matrix: buildMatrix(results), totals: totalsOf(results) };
    }
    case 'stopping':
      return { ...state, status: 'stopping' };
    case 'done':
      return { ...state, status: 'done', report: action.report, results: action.report.results, matrix: action.report.matrix, totals: action.report.totals };
    case 'failed':
      return { ...state, status: 'failed', error: action.message };
  }
}

/** Checks finished out of the planned ones (skips included), for the progress bar. */
export function progressOf(state: ConformanceState): { done: number; total: number } {
  const ran = state.results.filter((result) => result.verdict !== 'skip').length;
  return { done: ran, total: state.plan?.checks ?? 0 };
}

/**
 * The totals as the screen says them. A stopped run lists the checks it never started as skipped
 * (reason `aborted`): they are counted apart as "not run", not as skips (17tui T9).
 */
export function countsOf(state: ConformanceState): Totals & { readonly notRun: number } {
  const notRun = state.results.filter((result) => result.verdict === 'skip' && result.reason === 'aborted').length;
  return { ...state.totals, skip: state.totals.skip - notRun, notRun };
}

/** What a finished run says: its totals, and for a stopped run that it stopped and how many checks never ran. */
export function summaryOf(state: ConformanceState): string {
  const counts = countsOf(state);
  const totals = `${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped, ${counts.error} errors`;
  return state.report?.aborted ? `conformance stopped: ${totals}; ${counts.notRun} checks not run` : `conformance: ${totals}`;
}

export function failuresOf(state: ConformanceState): readonly CheckResult[] {
  return state.results.filter((result) => result.verdict === 'fail' || result.verdict === 'error');
}
