/** The expectation of a step as a list of (path, rule, expected) leaves, for exporters. */
import { RuleSet, type Rule } from '../match.js';
import { formatPath, type PathSegment } from '../paths.js';
import type { ScenarioFile, ScenarioStep } from '../schema.js';

export interface Assertion {
  readonly path: string;
  readonly rule: Rule;
  /** The expected value at the path (for equals and type). */
  readonly expected?: unknown;
  /** An array or object asserted by its size (its items are asserted one by one). */
  readonly count?: number;
}

export function assertionsOf(scenario: ScenarioFile, step: ScenarioStep): Assertion[] {
  const rules = new RuleSet(scenario.defaults?.match, step.expect?.match);
  const out: Assertion[] = [];
  const walk = (value: unknown, path: PathSegment[]): void => {
    const found = rules.find(path);
    if (found && !(found.rule.name === 'equals' && !('value' in found.rule))) {
      if (found.rule.name !== 'ignore') out.push({ path: formatPath(path), rule: found.rule, expected: value });
      return;
    }
    if (Array.isArray(value)) {
      out.push({ path: formatPath(path), rule: { name: 'equals' }, count: value.length });
      value.forEach((item, i) => walk(item, [...path, i]));
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      if (entries.length === 0) out.push({ path: formatPath(path), rule: { name: 'exists' } });
      for (const [key, item] of entries) walk(item, [...path, key]);
    } else out.push({ path: formatPath(path), rule: { name: 'equals' }, expected: value });
  };
  if (step.expect?.body !== undefined) walk(step.expect.body, []);
  for (const rule of rules.concrete()) {
    if (!out.some((assertion) => assertion.path === rule.text) && rule.rule.name !== 'ignore') {
      out.push({ path: rule.text, rule: rule.rule });
    }
  }
  return out;
}
