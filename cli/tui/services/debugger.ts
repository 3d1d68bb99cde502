/**
 * The replay debugger: the scenarios engine's step-able runner (src/scenarios/run.ts createRunner)
 * driven from the keyboard. Matching, captures and diffs are the engine's; this adds what a
 * debugger needs around it: open a file, step, run to a step, breakpoints, restart, edit a match
 * rule on the spot (spliced into the file's text, so comments and layout survive the save) and
 * compare a run against another target.
 */
import { readFileSync } from 'node:fs';
import { createRunner, runScenario, type RunScenarioOptions } from '../../../src/scenarios/run.js';
import type { ScenarioRunner } from '../../../src/scenarios/runner.js';
import { formatProblem, parseScenarioText, ScenarioError } from '../../../src/scenarios/load.js';
import type { MatchRuleInput, ScenarioFile } from '../../../src/scenarios/schema.js';
import { runnerOptions, type RunnerChoice } from './runner-options.js';
import { writeFileAtomic } from '../../../src/scenarios/record/write.js';
import { setMatchRule } from './scenario-edit.js';
import type { Connection } from '../target/connection.js';

export { parseRuleText, runnerOptions, type RunnerChoice } from './runner-options.js';
import { Store } from '../state/store.js';
import { debuggerReducer, initialDebugger, type DebuggerAction, type DebuggerState } from '../state/debugger.js';

function message(error: unknown): string {
  if (error instanceof ScenarioError) return error.problems.map(formatProblem).join('; ');
  return error instanceof Error ? error.message : String(error);
}

export class Debugger {
  readonly store = new Store<DebuggerState, DebuggerAction>(debuggerReducer, initialDebugger);
  private runner: ScenarioRunner | undefined;
  /** The scenario file's text, with the rules edited since it was opened. */
  private source: string | undefined;
  private choice: RunnerChoice;

  constructor(private readonly connection: Connection | undefined) {
    // In process, a fresh sandbox per run is the scenario's own world (its seed and clock);
    // against a URL the point is that deployment.
    this.choice = connection && connection.kind !== 'in-process' ? 'this' : 'fresh';
  }

  get opened(): boolean {
    return this.runner !== undefined;
  }

  async open(file: string): Promise<void> {
    await this.close();
    try {
      const text = readFileSync(file, 'utf8');
      const scenario = parseScenarioText(text, file);
      this.source = text;
      this.install(file, scenario);
      this.store.dispatch({ type: 'opened', file, scenario, targetLabel: runnerOptions(this.choice, this.connection).label });
    } catch (error) {
      this.store.dispatch({ type: 'error', message: message(error) });
    }
  }

  private install(file: string, scenario: ScenarioFile): void {
    const { options } = runnerOptions(this.choice, this.connection);
    const breakpoints = this.runner ? [...this.runner.breakpoints] : [];
    this.runner = createRunner({ file, scenario }, options);
    for (const number of breakpoints) this.runner.breakpoints.add(number);
  }

  private publish(): void {
    const runner = this.runner;
    if (!runner) return;
    const result = runner.result();
    this.store.dispatch({ type: 'progress', results: [...runner.stepResults], position: runner.position, done: runner.done, ...(result.error ? { error: result.error } : {}) });
  }

  private async busy(work: (runner: ScenarioRunner) => Promise<unknown>): Promise<void> {
    const runner = this.runner;
    if (!runner || this.store.get().busy) return;
    this.store.dispatch({ type: 'busy', busy: true });
    try {
      await work(runner);
    } catch (error) {
      this.store.dispatch({ type: 'error', message: message(error) });
    } finally {
      this.publish();
      this.store.dispatch({ type: 'busy', busy: false });
    }
  }

  step(): Promise<void> {
    return this.busy((runner) => runner.step());
  }

  run(): Promise<void> {
    return this.busy((runner) => runner.run());
  }

  /** Runs until step `number` (1-based) has run; a breakpoint on the way stops it. */
  runTo(number: number): Promise<void> {
    return this.busy(async (runner) => {
      if (number <= runner.position) await runner.restart();
      await runner.runTo(number);
    });
  }

  restart(): Promise<void> {
    return this.busy((runner) => runner.restart());
  }

  toggleBreakpoint(number: number): void {
    const runner = this.runner;
    if (!runner) return;
    if (runner.breakpoints.has(number)) runner.breakpoints.delete(number);
    else runner.breakpoints.add(number);
    this.store.dispatch({ type: 'breakpoints', breakpoints: [...runner.breakpoints].sort((a, b) => a - b) });
  }

  /** Switches between a fresh sandbox and the connected target; starts over. */
  async setChoice(choice: RunnerChoice): Promise<void> {
    const state = this.store.get();
    if (choice === this.choice || !state.file || !state.scenario) return;
    this.choice = choice;
    await this.runner?.close();
    this.install(state.file, state.scenario);
    this.store.dispatch({ type: 'opened', file: state.file, scenario: state.scenario, targetLabel: runnerOptions(choice, this.connection).label });
    this.store.dispatch({ type: 'breakpoints', breakpoints: [...this.runner!.breakpoints] });
  }

  get currentChoice(): RunnerChoice {
    return this.choice;
  }

  /**
   * Sets a match rule on one step (`expect.match[path] = rule`) and runs the scenario again up to
   * where it was, so the step's new verdict shows at once. The file changes only on `save()`.
   */
  async setRule(stepNumber: number, path: string, rule: MatchRuleInput): Promise<void> {
    const state = this.store.get();
    if (!state.file || this.source === undefined) return;
    if (!path.startsWith('$') && !path.startsWith('headers.')) throw new Error(`a rule applies to a body path ($...) or a header (headers.<name>), not "${path}"`);
    const index = stepNumber - 1;
    const text = setMatchRule(this.source, index, path, rule);
    const scenario = parseScenarioText(text, state.file);
    this.source = text;
    const position = state.position;
    await this.runner?.close();
    this.install(state.file, scenario);
    this.store.dispatch({ type: 'scenario', scenario, dirty: true });
    await this.busy(async (runner) => {
      const breakpoints = [...runner.breakpoints];
      runner.breakpoints.clear();
      try {
        await runner.runTo(position);
      } finally {
        for (const number of breakpoints) runner.breakpoints.add(number);
      }
    });
  }

  /**
   * Writes the edited scenario back to its file (atomically; comments and layout kept: only the
   * edited rules differ). False, and nothing written, when nothing was edited (17tui T6).
   */
  save(): boolean {
    const state = this.store.get();
    if (!state.file || this.source === undefined || !state.scenario || !state.dirty) return false;
    writeFileAtomic(state.file, this.source);
    this.store.dispatch({ type: 'scenario', scenario: state.scenario, dirty: false });
    return true;
  }

  /** Runs the whole scenario on another target and keeps its results beside this run's. */
  async compare(options: RunScenarioOptions, label: string): Promise<void> {
    const state = this.store.get();
    if (!state.file || !state.scenario) return;
    this.store.dispatch({ type: 'compare', compare: { label, status: 'running', results: [] } });
    try {
      const result = await runScenario({ file: state.file, scenario: state.scenario }, options);
      this.store.dispatch({ type: 'compare', compare: { label, status: result.error ? 'failed' : 'done', results: result.steps, ...(result.error ? { error: result.error } : {}) } });
    } catch (error) {
      this.store.dispatch({ type: 'compare', compare: { label, status: 'failed', results: [], error: message(error) } });
    }
  }

  clearCompare(): void {
    this.store.dispatch({ type: 'compare', compare: undefined });
  }

  async close(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    await runner?.close();
  }
}
