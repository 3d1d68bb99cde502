/**
 * A scenario as a POSIX shell script of curl lines. Credentials come from environment variables
 * (`KEY_DEFAULT`, `KEY_WRITE`, ...), never from the file; captures need jq. Each step prints the
 * status it got and the one it expected; `await` steps are left as comments.
 */
import { durationMs } from '../runner.js';
import type { ScenarioFile, ScenarioStep } from '../schema.js';

const WHOLE = /^\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;
const ANY = /\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

function shellVar(name: string): string {
  return name.startsWith('$') ? `sb_${name.slice(1)}` : name;
}

/** Text for inside double quotes, with {{x}} as ${x}. */
function dq(value: string): string {
  const escape = (text: string): string => text.replace(/[\\"`$]/g, '\\$&');
  let out = '';
  let last = 0;
  for (const match of value.matchAll(ANY)) {
    out += `${escape(value.slice(last, match.index))}\${${shellVar(match[1]!)}}`;
    last = match.index + match[0].length;
  }
  return out + escape(value.slice(last));
}

/** JSON text in single quotes; whole-string templates become the captured JSON value. */
function jsonBody(value: unknown): string {
  const render = (item: unknown): string => {
    if (typeof item === 'string') {
      const whole = WHOLE.exec(item);
      if (whole) return `'"\${${shellVar(whole[1]!)}_json}"'`;
      return JSON.stringify(item)
        .replace(/'/g, `'"'"'`)
        .replace(ANY, (_m, name: string) => `'"\${${shellVar(name)}}"'`);
    }
    if (Array.isArray(item)) return `[${item.map(render).join(',')}]`;
    if (typeof item === 'object' && item !== null) return `{${Object.entries(item).map(([key, child]) => `${JSON.stringify(key)}:${render(child)}`).join(',')}}`;
    return JSON.stringify(item);
  };
  return `'${render(value)}'`;
}

function sq(value: string): string {
  return `'${value.replace(/'/g, `'"'"'`)}'`;
}

function envName(key: string): string {
  return `KEY_${key.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function stepLines(scenario: ScenarioFile, step: ScenarioStep, number: number): string[] {
  const lines = [`# ${number}. ${step.name}`];
  if (step.await) return [...lines, `# await ${step.await.event}: not expressible with curl (watch the sandbox journal or your webhook receiver)`];
  if (step.wait !== undefined) return [...lines, `sleep ${Math.max(1, Math.ceil(durationMs(step.wait) / 1000))}`];
  const spec = (step.request ?? step.sandbox)!;
  const root = step.sandbox ? '$SANDBOX_URL' : '$BASE_URL';
  const query = Object.entries(spec.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${dq(String(value))}`)
    .join('&');
  const parts = [`curl -sS -X ${spec.method} "${root}${dq(spec.path)}${query ? `?${query}` : ''}"`, '-w "\\n%{http_code}"'];
  const key = spec.key ?? scenario.defaults?.key ?? (step.sandbox ? 'admin' : 'default');
  if (key !== 'none') parts.push(`-H "X-Service-Api-Key: ${key.startsWith('{{') ? dq(key) : `$${envName(key)}`}"`);
  for (const [name, value] of Object.entries({ ...scenario.defaults?.headers, ...spec.headers })) parts.push(`-H "${name}: ${dq(value)}"`);
  if (spec.body !== undefined) parts.push(`-H 'Content-Type: application/json'`, `--data-raw ${jsonBody(spec.body)}`);
  lines.push(`response=$(${parts.join(' \\\n  ')})`);
  lines.push('status=$(printf "%s" "$response" | tail -n 1); body=$(printf "%s" "$response" | sed \'$d\')');
  const expected = step.expect?.status;
  lines.push(`echo "${number}. ${dq(step.name)}: got $status${expected === undefined ? '' : `, expected ${Array.isArray(expected) ? expected.join(' or ') : expected}`}"`);
  for (const [name, capture] of Object.entries(step.capture ?? {})) {
    const path = typeof capture === 'string' ? capture : capture.path;
    if (path.startsWith('header:')) {
      lines.push(`# ${name}: header captures need curl -D; not exported`);
      continue;
    }
    const filter = path === '$' ? '.' : path.slice(1);
    lines.push(`${name}_json=$(printf "%s" "$body" | jq -c '${filter.replace(/'/g, `'"'"'`)}'); ${name}=$(printf "%s" "$${name}_json" | jq -r .)`);
  }
  return lines;
}

export function exportCurl(scenario: ScenarioFile): string {
  const credentials = new Set<string>();
  for (const step of scenario.steps) {
    const spec = step.request ?? step.sandbox;
    const key = spec?.key ?? scenario.defaults?.key ?? (step.sandbox ? 'admin' : 'default');
    if (spec && key !== 'none' && !key.startsWith('{{')) credentials.add(envName(key));
  }
  const lines = [
    '#!/bin/sh',
    `# ${scenario.scenario}`,
    '# Exported by `switchboard scenario export --as curl`: needs curl, and jq for captures.',
    '# Keys come from the environment, never from this file.',
    'set -eu',
    'BASE_URL="${BASE_URL:-http://127.0.0.1:4010/api/v1}"',
    'SANDBOX_URL="${SANDBOX_URL:-${BASE_URL%/api/v1}/_sandbox}"',
    ...[...credentials].map((name) => `${name}="\${${name}:?set ${name} to the API key for this credential}"`),
    'sb_run="$(date +%s)"; sb_run_json="\\"$sb_run\\""',
    ...Object.entries(scenario.vars ?? {}).map(([name, value]) => `${name}=${sq(String(value))}; ${name}_json=${sq(JSON.stringify(value))}`),
    '',
  ];
  scenario.steps.forEach((step, i) => lines.push(...stepLines(scenario, step, i + 1), ''));
  return `${lines.join('\n')}`;
}
