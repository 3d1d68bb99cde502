/**
 * A scenario as a Hurl file (hurl.dev), so it can run without Switchboard: variables
 * `base_url`, `sandbox_url`, `run` and one `key_<name>` per credential are passed with
 * `--variable`. Captures become [Captures]; expectations become [Asserts]. `await` steps have no
 * Hurl equivalent and are left as comments.
 */
import { durationMs } from '../runner.js';
import type { ScenarioFile, ScenarioStep } from '../schema.js';
import { assertionsOf, type Assertion } from './assertions.js';

const WHOLE = /^\{\{\s*\$?([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

/** `{{$run}}` -> `{{run}}`: Hurl variable names cannot start with $. */
function text(value: string): string {
  return value.replace(/\{\{\s*\$([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, '{{$1}}');
}

/** JSON with whole-string templates left bare, so Hurl substitutes typed values. */
function jsonBody(value: unknown): string {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    return whole ? `{{${whole[1]}}}` : text(JSON.stringify(value));
  }
  if (Array.isArray(value)) return `[${value.map(jsonBody).join(',')}]`;
  if (typeof value === 'object' && value !== null) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonBody(item)}`).join(',')}}`;
  return JSON.stringify(value);
}

function literal(value: unknown): string {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    return whole ? `{{${whole[1]}}}` : text(JSON.stringify(value));
  }
  return JSON.stringify(value);
}

function assertLine(assertion: Assertion): string | undefined {
  const query = `jsonpath ${JSON.stringify(assertion.path)}`;
  if (assertion.count !== undefined) return `${query} count == ${assertion.count}`;
  const rule = assertion.rule;
  switch (rule.name) {
    case 'equals':
      return `${query} == ${literal('value' in rule ? rule.value : assertion.expected)}`;
    case 'exists':
      return `${query} exists`;
    case 'iso-timestamp':
      return `${query} isIsoDate`;
    case 'regex':
      return `${query} matches ${JSON.stringify(rule.pattern.source)}`;
    case 'type': {
      const type = rule.type ?? (assertion.expected === null ? 'null' : Array.isArray(assertion.expected) ? 'array' : typeof assertion.expected);
      const predicate = { string: 'isString', number: 'isNumber', integer: 'isInteger', boolean: 'isBoolean', array: 'isCollection', object: 'isCollection', null: undefined, bigint: undefined, symbol: undefined, undefined: 'exists', function: undefined }[type];
      return predicate ? `${query} ${predicate}` : `${query} == null`;
    }
    case 'any-of':
      return `# ${assertion.path}: any of ${JSON.stringify(rule.values)} (no Hurl equivalent)`;
    default:
      return undefined;
  }
}

function stepBlock(scenario: ScenarioFile, step: ScenarioStep, number: number): string {
  const lines = [`# ${number}. ${step.name}`];
  if (step.await) {
    lines.push(`# await ${step.await.event}: Hurl cannot wait for an event; check the sandbox journal or your webhook receiver.`);
    return lines.join('\n');
  }
  if (step.wait !== undefined) {
    lines.push(`# wait ${durationMs(step.wait)} ms: use --delay or a separate step in Hurl.`);
    return lines.join('\n');
  }
  const spec = (step.request ?? step.sandbox)!;
  const root = step.sandbox ? '{{sandbox_url}}' : '{{base_url}}';
  const query = Object.entries(spec.query ?? {});
  lines.push(`${spec.method} ${root}${text(spec.path)}`);
  const key = spec.key ?? scenario.defaults?.key ?? (step.sandbox ? 'admin' : 'default');
  if (key !== 'none') lines.push(`X-Service-Api-Key: ${key.startsWith('{{') ? text(key) : `{{key_${key.replace(/-/g, '_')}}}`}`);
  for (const [name, value] of Object.entries({ ...scenario.defaults?.headers, ...spec.headers })) lines.push(`${name}: ${text(value)}`);
  if (query.length > 0) {
    lines.push('[QueryStringParams]');
    for (const [name, value] of query) lines.push(`${name}: ${text(String(value))}`);
  }
  if (spec.body !== undefined) {
    lines.push('Content-Type: application/json');
    lines.push(jsonBody(spec.body));
  }
  const status = step.expect?.status;
  lines.push(`HTTP ${typeof status === 'number' ? status : '*'}`);
  const captures = Object.entries(step.capture ?? {});
  if (captures.length > 0) {
    lines.push('[Captures]');
    for (const [name, capture] of captures) {
      const path = typeof capture === 'string' ? capture : capture.path;
      lines.push(path.startsWith('header:') ? `${name}: header ${JSON.stringify(path.slice(7).trim())}` : `${name}: jsonpath ${JSON.stringify(path)}`);
    }
  }
  const asserts: string[] = [];
  if (Array.isArray(status)) asserts.push(`status ${'>='} ${Math.min(...status)}`, `status <= ${Math.max(...status)}`);
  for (const [name, value] of Object.entries(step.expect?.headers ?? {})) {
    if (typeof value === 'string') asserts.push(`header ${JSON.stringify(name)} == ${literal(value)}`);
  }
  for (const assertion of assertionsOf(scenario, step)) {
    const line = assertLine(assertion);
    if (line) asserts.push(line);
  }
  if (asserts.length > 0) lines.push('[Asserts]', ...asserts);
  return lines.join('\n');
}

export function exportHurl(scenario: ScenarioFile): string {
  const credentials = new Set<string>();
  for (const step of scenario.steps) {
    const spec = step.request ?? step.sandbox;
    const key = spec?.key ?? scenario.defaults?.key ?? (step.sandbox ? 'admin' : 'default');
    if (spec && key !== 'none' && !key.startsWith('{{')) credentials.add(`key_${key.replace(/-/g, '_')}`);
  }
  const vars = Object.entries(scenario.vars ?? {}).map(([name, value]) => `--variable ${name}=${String(value)}`);
  const head = [
    `# ${scenario.scenario}`,
    '# Exported by `switchboard scenario export --as hurl`. Run with:',
    `#   hurl --test --variable base_url=http://127.0.0.1:4010/api/v1 --variable sandbox_url=http://127.0.0.1:4010/_sandbox --variable run=$(date +%s) ${[...credentials].map((name) => `--variable ${name}=...`).join(' ')} ${vars.join(' ')} <this file>`.trimEnd(),
  ];
  return `${[head.join('\n'), ...scenario.steps.map((step, i) => stepBlock(scenario, step, i + 1))].join('\n\n')}\n`;
}
