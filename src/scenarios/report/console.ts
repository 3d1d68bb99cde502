/**
 * The human report: one line per step, and under a failed step one line per mismatch (JSON
 * path, expected, actual, rule): a structural diff, never a whole-body dump. The last line is
 * `N passed, M failed` (steps).
 */
import type { Mismatch } from '../match.js';
import type { RunReport, ScenarioResult, StepResult } from '../types.js';

const MARK = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' } as const;

function show(value: unknown): string {
  const text = value === undefined ? '(missing)' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

export function formatMismatch(mismatch: Mismatch): string {
  const actual = mismatch.missing ? '(missing)' : show(mismatch.actual);
  return `${mismatch.path.padEnd(28)} expected ${show(mismatch.expected).padEnd(28)} actual ${actual.padEnd(24)} (${mismatch.rule})`;
}

export function formatStep(step: StepResult, options: { verbose?: boolean } = {}): string[] {
  const head = `  ${MARK[step.status]}  ${String(step.number).padStart(2)} ${step.name}`;
  let detail = '';
  if (step.request && step.kind !== 'await') detail = `${step.request.method} ${pathOf(step.request.url)}${step.actual ? ` -> ${step.actual.status}` : ''}`;
  else if (step.kind === 'await' && step.request) detail = step.request.url;
  const time = step.status === 'skipped' ? '' : `  ${step.durationMs < 10 ? step.durationMs.toFixed(1) : Math.round(step.durationMs)} ms`;
  const lines = [`${head.padEnd(52)} ${detail}${time}`];
  if (step.note) lines.push(`        ${step.note}`);
  for (const mismatch of step.mismatches) lines.push(`        ${formatMismatch(mismatch)}`);
  if (step.status === 'failed' && step.actual?.text !== undefined) lines.push(`        body (not JSON): ${show(step.actual.text)}`);
  if (options.verbose && step.request) {
    for (const [name, value] of Object.entries(step.request.headers)) lines.push(`        > ${name}: ${value}`);
    if (step.request.body !== undefined) lines.push(`        > ${JSON.stringify(step.request.body)}`);
  }
  return lines;
}

export function formatScenario(result: ScenarioResult, options: { verbose?: boolean } = {}): string {
  const lines = [`${result.file}: ${result.name}  [${result.target}]`];
  if (result.error) lines.push(`  FAIL  ${result.error}`);
  for (const step of result.steps) lines.push(...formatStep(step, options));
  return lines.join('\n');
}

export function formatConsole(report: RunReport, options: { verbose?: boolean } = {}): string {
  const blocks = report.scenarios.map((scenario) => formatScenario(scenario, { verbose: options.verbose ?? report.dryRun }));
  const { passed, failed, skipped, scenarios, scenariosFailed } = report.totals;
  const seconds = (report.durationMs / 1000).toFixed(2);
  blocks.push(
    `${scenarios} scenario(s), ${scenariosFailed} failed; ${skipped} step(s) skipped; ${seconds} s${report.dryRun ? ' (dry run: nothing was sent)' : ''}`,
  );
  blocks.push(`${passed} passed, ${failed} failed`);
  return blocks.join('\n\n').replace(/\n\n(\d+ passed)/, '\n$1');
}
