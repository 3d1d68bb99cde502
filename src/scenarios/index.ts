/**
 * switchboard/scenarios: record API traffic, replay it against the sandbox or any deployment, and
 * diff expected against actual.
 *
 *   import { runScenario, recordProxy, importHar } from 'switchboard/scenarios';
 *   const result = await runScenario('fixtures/scenarios/idempotent-retry.yaml');   // fresh sandbox
 *   const result = await runScenario(file, { target: 'https://api.example.test/api/v1', apiKey });
 *
 * Format reference: docs/scenarios.md.
 */
export { runScenario, runScenarios, createRunner, targetFactory, type RunScenarioOptions, type ScenarioSource } from './run.js';
export { ScenarioRunner, type RunnerOptions } from './runner.js';
export { loadScenarioFile, parseScenarioText, ScenarioError, formatProblem, type LoadedScenario, type ScenarioProblem } from './load.js';
export { Scenario, Step, MatchRule, scenarioJsonSchema, RULE_NAMES, type ScenarioFile, type ScenarioInput, type ScenarioStep, type StepInput } from './schema.js';
export { compareBody, RuleSet, type Mismatch, type Rule } from './match.js';
export { sandboxTarget, simulatorTarget, httpTarget, TargetError, type ScenarioTarget, type HttpTargetOptions, type FetchFn } from './target.js';
export { journalSource, receiverSource, type EventSource, type ScenarioEvent } from './events.js';
export { recordProxy, type RecordProxyOptions, type RecordingProxy } from './record/proxy.js';
export { importHar, harExchanges } from './record/har.js';
export { buildScenario } from './record/build.js';
export { Recorder, RecordingLeak, safeScenarioText } from './record/recorder.js';
export { scenarioToYaml } from './record/write.js';
export { DEFAULT_REDACT_FIELDS, type RecordedExchange, type RecordOptions } from './record/exchange.js';
export { exportCurl } from './export/curl.js';
export { exportHurl } from './export/hurl.js';
export { formatConsole, formatScenario, formatStep, formatMismatch } from './report/console.js';
export { formatJson } from './report/json.js';
export { formatJunit } from './report/junit.js';
export { summarize, type RunReport, type ScenarioResult, type StepResult, type StepStatus, type StepKind, type SentRequest, type ActualResponse, type ExpectedResponse, type TargetKind } from './types.js';
