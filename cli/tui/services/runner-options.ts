/**
 * Where the replay debugger runs a scenario, and match rules typed on the spot. Kept apart from
 * the debugger itself so the screens load without the scenarios engine's runner.
 */
import type { RunScenarioOptions } from '../../../src/scenarios/run.js';
import { MatchRule, type MatchRuleInput } from '../../../src/scenarios/schema.js';
import type { Connection } from '../target/connection.js';

export type RunnerChoice = 'fresh' | 'this';

/** Runner options for "a fresh sandbox from the scenario" or "the connected target". */
export function runnerOptions(choice: RunnerChoice, connection: Connection | undefined): { options: RunScenarioOptions; label: string } {
  if (choice === 'fresh' || !connection) return { options: { target: 'sandbox', awaitTimeoutMs: 5_000 }, label: 'fresh sandbox (scenario seed)' };
  if (connection.simulator) return { options: { target: connection.simulator }, label: `this target (${connection.label})` };
  return {
    options: {
      target: connection.baseUrl,
      ...(connection.apiKey ? { apiKey: connection.apiKey } : {}),
      ...(connection.controlToken ? { controlToken: connection.controlToken } : {}),
      targetKind: connection.kind === 'remote' ? 'remote' : 'sandbox',
    },
    label: `this target (${connection.label})`,
  };
}

/** `ignore`, `type`, `type:string`, `regex:^evt_`, `iso-timestamp`, `exists`, `equals`, `any-of:["a","b"]`, `equals:42`. */
export function parseRuleText(text: string): MatchRuleInput {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const name = colon < 0 ? trimmed : trimmed.slice(0, colon).trim();
  const rest = colon < 0 ? undefined : trimmed.slice(colon + 1).trim();
  let candidate: unknown = name;
  if (rest !== undefined) {
    if (name === 'type') candidate = { type: rest };
    else if (name === 'regex') candidate = { regex: rest };
    else if (name === 'any-of' || name === 'equals') {
      let value: unknown;
      try {
        value = JSON.parse(rest);
      } catch {
        value = rest;
      }
      candidate = name === 'any-of' ? { 'any-of': Array.isArray(value) ? value : [value] } : { equals: value };
    }
  }
  const parsed = MatchRule.safeParse(candidate);
  if (!parsed.success) throw new Error(`not a rule: "${text}" (ignore, type, type:string, regex:^x, iso-timestamp, exists, equals:V, any-of:[a,b])`);
  return parsed.data;
}
