/**
 * `{{name}}` in any string of a step (path, query, headers, body, expectations) is replaced by a
 * variable: a capture of an earlier step, a `vars:` entry, `--var name=value`, or a built-in
 * (`$run`: a random run id, fresh per run, for names and idempotency keys that must not collide
 * on a shared deployment). A string that is exactly `{{name}}` takes the variable's own type, so
 * `conversation_id: '{{conversation_id}}'` stays a number.
 */

export type Vars = ReadonlyMap<string, unknown>;

const WHOLE = /^\{\{\s*([A-Za-z_$][A-Za-z0-9_]*)\s*\}\}$/;
const ANY = /\{\{\s*([A-Za-z_$][A-Za-z0-9_]*)\s*\}\}/g;

export class UnboundVariable extends Error {
  constructor(readonly variable: string) {
    super(`{{${variable}}} is not bound: no earlier step captured it and no vars/--var entry sets it`);
  }
}

function lookup(vars: Vars, name: string): unknown {
  if (!vars.has(name)) throw new UnboundVariable(name);
  return vars.get(name);
}

export function interpolateString(text: string, vars: Vars): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return lookup(vars, whole[1]!);
  return text.replace(ANY, (_match, name: string) => {
    const value = lookup(vars, name);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Replaces variables everywhere in a JSON-like value (keys are left as they are). */
export function interpolate<T>(value: T, vars: Vars): T {
  if (typeof value === 'string') return interpolateString(value, vars) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => interpolate(item, vars)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = interpolate(item, vars);
    return out as T;
  }
  return value;
}

/** Like interpolateString, but always text (paths, headers, query values). */
export function interpolateText(text: string, vars: Vars): string {
  const value = interpolateString(text, vars);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function variablesIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const match of value.matchAll(ANY)) out.add(match[1]!);
  else if (Array.isArray(value)) for (const item of value) variablesIn(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) variablesIn(item, out);
  return out;
}
