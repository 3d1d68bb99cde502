/**
 * What a run produces: structured results per step (request, expected, actual, the mismatches
 * with path, expected, actual and rule), so reporters print them and a terminal UI can show them.
 */
import type { Mismatch } from './match.js';

export type StepKind = 'request' | 'sandbox' | 'await' | 'wait';
export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface SentRequest {
  readonly method: string;
  readonly url: string;
  /** Key headers show the credential's name (`<key:write>`), never the key. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface ExpectedResponse {
  readonly status?: number | readonly number[];
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
  readonly rules?: Readonly<Record<string, unknown>>;
}

export interface ActualResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON, or undefined for an empty or non-JSON body (see `text`). */
  readonly body?: unknown;
  /** The first 2000 characters of a body that is not JSON. */
  readonly text?: string;
}

export interface StepResult {
  /** 1-based, as people count steps. */
  readonly number: number;
  readonly name: string;
  readonly kind: StepKind;
  readonly status: StepStatus;
  /** Why it was skipped, why it failed when no mismatch says it, or a remark (credential fallback). */
  readonly note?: string;
  readonly request?: SentRequest;
  readonly expected?: ExpectedResponse;
  readonly actual?: ActualResponse;
  readonly mismatches: readonly Mismatch[];
  readonly captures: Readonly<Record<string, unknown>>;
  readonly durationMs: number;
}

export interface ScenarioResult {
  readonly file: string;
  readonly name: string;
  /** `sandbox (in process)`, or the base URL. */
  readonly target: string;
  readonly targetKind: TargetKind;
  /** Why an HTTP target was taken for a deployment without a clear answer from /_sandbox (a tarpit). */
  readonly targetNote?: string;
  readonly steps: readonly StepResult[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** A failure of the scenario as a whole (the target is down, requires: sandbox on a deployment). */
  readonly error?: string;
  readonly durationMs: number;
}

export interface RunReport {
  readonly scenarios: readonly ScenarioResult[];
  readonly totals: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly scenarios: number; readonly scenariosFailed: number };
  readonly durationMs: number;
  readonly dryRun: boolean;
}

/** `simulator`: in process; `sandbox`: a Switchboard sandbox over HTTP; `remote`: any other deployment. */
export type TargetKind = 'simulator' | 'sandbox' | 'remote';

export function summarize(scenarios: readonly ScenarioResult[], durationMs: number, dryRun = false): RunReport {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let scenariosFailed = 0;
  for (const scenario of scenarios) {
    passed += scenario.passed;
    failed += scenario.failed;
    skipped += scenario.skipped;
    if (scenario.failed > 0) scenariosFailed++;
  }
  return { scenarios, totals: { passed, failed, skipped, scenarios: scenarios.length, scenariosFailed }, durationMs, dryRun };
}
