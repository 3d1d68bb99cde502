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

/** The head column's width: a longer step name is cut with an ellipsis so the request column stays readable. */
const HEAD_WIDTH = 52;

function fit(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * `error invalid_param (events.0): Unknown event name ...` when the answer is the spec's error
 * envelope: on a status mismatch it is why the server said no, which the mismatch line does not say.
 */
export function formatServerError(body: unknown): string | undefined {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, param } = error as { code?: unknown; message?: unknown; param?: unknown };
  if (typeof code !== 'string') return undefined;
  const where = typeof param === 'string' ? ` (${param})` : '';
  const text = typeof message === 'string' ? `: ${message.length > 160 ? `${message.slice(0, 159)}…` : message}` : '';
  return `error ${code}${where}${text}`;
}

export function formatStep(step: StepResult, options: { verbose?: boolean } = {}): string[] {
  const prefix = `  ${MARK[step.status]}  ${String(step.number).padStart(2)} `;
  const head = `${prefix}${fit(step.name, HEAD_WIDTH - prefix.length)}`;
  let detail = '';
  if (step.request && step.kind !== 'await') detail = `${step.request.method} ${pathOf(step.request.url)}${step.actual ? ` -> ${step.actual.status}` : ''}`;
  else if (step.kind === 'await' && step.request) detail = step.request.url;
  const time = step.status === 'skipped' ? '' : `  ${step.durationMs < 10 ? step.durationMs.toFixed(1) : Math.round(step.durationMs)} ms`;
  const lines = [`${head.padEnd(HEAD_WIDTH)} ${detail}${time}`];
  if (step.note) lines.push(`        ${step.note}`);
  for (const mismatch of step.mismatches) lines.push(`        ${formatMismatch(mismatch)}`);
  const serverError = step.mismatches.some((mismatch) => mismatch.path === 'status') ? formatServerError(step.actual?.body) : undefined;
  if (serverError !== undefined) lines.push(`        ${serverError}`);
  if (step.status === 'failed' && step.actual?.text !== undefined) lines.push(`        body (not JSON): ${show(step.actual.text)}`);
  if (options.verbose && step.request) {
    for (const [name, value] of Object.entries(step.request.headers)) lines.push(`        > ${name}: ${value}`);
    if (step.request.body !== undefined) lines.push(`        > ${JSON.stringify(step.request.body)}`);
  }
  return lines;
}

export function formatScenario(result: ScenarioResult, options: { verbose?: boolean } = {}): string {
  const lines = [`${result.file}: ${result.name}  [${result.target}]`];
  if (result.targetNote !== undefined) lines.push(`  ${result.targetNote}`);
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
