/**
 * The library's entry: run scenario files (or parsed scenarios) against a target and get
 * structured results. `target: 'sandbox'` is a fresh in-process simulator per file; a URL is a
 * running sandbox or any deployment; a Simulator object is yours (shared with MSW handlers).
 */
import type { Simulator } from '../simulator.js';
import { loadScenarioFile, type LoadedScenario } from './load.js';
import { ScenarioRunner, type RunnerOptions } from './runner.js';
import type { ScenarioFile } from './schema.js';
import { httpTarget, sandboxTarget, simulatorTarget, type FetchFn, type ScenarioTarget } from './target.js';
import { summarize, type RunReport, type ScenarioResult } from './types.js';
import { checkOptionKeys, type KeyList } from '../util/option-keys.js';

export interface RunScenarioOptions extends RunnerOptions {
  /** `sandbox` (default), a base URL ending in /api/v1, or a simulator of yours. */
  readonly target?: 'sandbox' | string | Simulator;
  /** The `default` credential (what `--api-key` sets). */
  readonly apiKey?: string;
  /** Credentials by name (`--key write=...`). */
  readonly credentials?: Readonly<Record<string, string>>;
  /** For URL targets; default the global fetch (which MSW intercepts in a test suite). */
  readonly fetch?: FetchFn;
  /** Per request, for URL targets (default 10 s). */
  readonly timeoutMs?: number;
  /** Force what a URL target is, instead of probing it for /_sandbox. */
  readonly targetKind?: 'sandbox' | 'remote';
  /** A running sandbox's operator token (`serve` prints it): its sandbox steps act as the operator. */
  readonly controlToken?: string;
}

const SCENARIO_OPTION_KEYS = {
  target: true, apiKey: true, credentials: true, fetch: true, timeoutMs: true, targetKind: true, controlToken: true,
  vars: true, from: true, to: true, bail: true, dryRun: true, events: true, receiverPort: true, receiverSecrets: true,
  awaitTimeoutMs: true, onStep: true,
} as const satisfies KeyList<RunScenarioOptions>;
/** Names a CLI user would reach for (`--key`, `--var`). */
const SCENARIO_OPTION_ALIASES = { keys: 'credentials', key: 'credentials', variables: 'vars' };

export type ScenarioSource = string | LoadedScenario | { readonly file?: string; readonly scenario: ScenarioFile };

function loaded(source: ScenarioSource): LoadedScenario {
  if (typeof source === 'string') return loadScenarioFile(source);
  return { file: source.file ?? '(scenario)', scenario: source.scenario };
}

/** A target factory for one scenario: each call makes a fresh target (restart gets a new sandbox). */
export function targetFactory(file: string, scenario: ScenarioFile, options: RunScenarioOptions): () => Promise<ScenarioTarget> {
  const target = options.target ?? 'sandbox';
  if (target === 'sandbox') return async () => sandboxTarget(scenario, { file });
  if (typeof target !== 'string') return async () => simulatorTarget(target, scenario.account ?? 1, { label: 'sandbox (your simulator)' });
  const credentials: Record<string, string> = { ...options.credentials };
  if (options.apiKey !== undefined) credentials['default'] = options.apiKey;
  return () =>
    httpTarget({
      baseUrl: target,
      credentials,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.targetKind ? { kind: options.targetKind } : {}),
      ...(scenario.account !== undefined ? { account: scenario.account } : {}),
      ...(options.controlToken !== undefined ? { controlToken: options.controlToken } : {}),
    });
}

/** A step-able runner for one scenario (a terminal UI drives this). */
export function createRunner(source: ScenarioSource, options: RunScenarioOptions = {}): ScenarioRunner {
  checkOptionKeys('runScenario', options, SCENARIO_OPTION_KEYS, SCENARIO_OPTION_ALIASES);
  const { file, scenario } = loaded(source);
  return new ScenarioRunner(file, scenario, targetFactory(file, scenario, options), options);
}

/** Runs one scenario to the end. */
export async function runScenario(source: ScenarioSource, options: RunScenarioOptions = {}): Promise<ScenarioResult> {
  const runner = createRunner(source, options);
  try {
    while (!runner.done) await runner.step();
    return runner.result();
  } finally {
    await runner.close();
  }
}

/** Runs several scenarios, one after another, and totals them. */
export async function runScenarios(sources: readonly ScenarioSource[], options: RunScenarioOptions = {}): Promise<RunReport> {
  checkOptionKeys('runScenarios', options, SCENARIO_OPTION_KEYS, SCENARIO_OPTION_ALIASES);
  const started = performance.now();
  const results: ScenarioResult[] = [];
  for (const source of sources) {
    const result = await runScenario(source, options);
    results.push(result);
    if (options.bail && result.failed > 0) break;
  }
  return summarize(results, performance.now() - started, options.dryRun ?? false);
}
