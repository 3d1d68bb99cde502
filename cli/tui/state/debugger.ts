/**
 * The replay debugger's state: what the scenarios engine's runner reports (results per step,
 * position, breakpoints) plus what the screen adds (busy, the compare run, messages). The runner
 * itself lives in services/debugger.ts; this is the snapshot screens render.
 */
import type { ScenarioFile } from '../../../src/scenarios/schema.js';
import type { StepResult } from '../../../src/scenarios/types.js';

export interface CompareRun {
  readonly label: string;
  readonly status: 'running' | 'done' | 'failed';
  readonly results: readonly StepResult[];
  readonly error?: string;
}

export interface DebuggerState {
  readonly file?: string;
  readonly scenario?: ScenarioFile;
  readonly results: readonly StepResult[];
  /** Steps run so far (the next step's 0-based index). */
  readonly position: number;
  readonly breakpoints: readonly number[];
  readonly busy: boolean;
  readonly done: boolean;
  /** Where the runner sends: `fresh sandbox (scenario seed)`, `this target`. */
  readonly targetLabel: string;
  /** A failure of the scenario as a whole (the target is down, a bad file). */
  readonly error?: string;
  readonly compare?: CompareRun;
  /** Unsaved rule edits. */
  readonly dirty: boolean;
}

export const initialDebugger: DebuggerState = { results: [], position: 0, breakpoints: [], busy: false, done: false, targetLabel: '', dirty: false };

export type DebuggerAction =
  | { type: 'opened'; file: string; scenario: ScenarioFile; targetLabel: string }
  | { type: 'busy'; busy: boolean }
  | { type: 'progress'; results: readonly StepResult[]; position: number; done: boolean; error?: string }
  | { type: 'breakpoints'; breakpoints: readonly number[] }
  | { type: 'scenario'; scenario: ScenarioFile; dirty: boolean }
  | { type: 'compare'; compare: CompareRun | undefined }
  | { type: 'error'; message: string | undefined };

export function debuggerReducer(state: DebuggerState, action: DebuggerAction): DebuggerState {
  switch (action.type) {
    case 'opened':
      return { ...initialDebugger, file: action.file, scenario: action.scenario, targetLabel: action.targetLabel };
    case 'busy':
      return { ...state, busy: action.busy };
    case 'progress':
      return { ...state, results: action.results, position: action.position, done: action.done, error: action.error };
    case 'breakpoints':
      return { ...state, breakpoints: action.breakpoints };
    case 'scenario':
      return { ...state, scenario: action.scenario, dirty: action.dirty };
    case 'compare':
      return { ...state, compare: action.compare };
    case 'error':
      return { ...state, error: action.message };
  }
}

/** The glyph of a step in the list: passed, failed, skipped, not yet run, or next. */
export function stepMark(state: DebuggerState, index: number): string {
  const result = state.results[index];
  if (result) return result.status === 'passed' ? '✓' : result.status === 'failed' ? '✗' : '-';
  return index === state.position && !state.done ? '▶' : '·';
}
