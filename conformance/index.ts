/**
 * switchboard/conformance: run the conformance kit against any deployment of the Messaging
 * Automation REST API v1, or in-process against the simulator.
 *
 *   const report = await runConformance({ baseUrl, apiKey });
 *   const report = await runConformance({ baseUrl: 'http://sim/api/v1', apiKey, fetch: sim.fetch });
 *
 * The kit talks HTTP only (through `fetch`); it never imports the simulator's implementation.
 */
export { runConformance } from './runner/run.js';
export { cleanupRun, type CleanupOptions } from './cleanup.js';
export { ConformanceUsageError, TargetUnavailableError } from './errors.js';
export { checkCatalogue } from './runner/run.js';
export { formatConsole } from './reporters/console.js';
export { formatJson } from './reporters/json.js';
export { formatJunit } from './reporters/junit.js';
export { parseReplay, formatReplay, type ConformanceOptions, type FetchFn, type RunPlan } from './options.js';
export { clockWaiter, type AdvancableClock, type Waiter } from './http/waiter.js';
export type {
  CheckResult,
  ClauseRow,
  ConformanceReport,
  FailureDetail,
  CleanupSummary,
  Leftover,
  Level,
  LevelSelection,
  Profile,
  ReporterName,
  Verdict,
} from './types.js';
