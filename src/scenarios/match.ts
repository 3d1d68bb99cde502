/**
 * Expected against actual, structurally: every mismatch is reported at its own JSON path with the
 * expected value, the actual one and the rule that failed, never as a whole-body dump. Rules by
 * path (`$.data.id: type`, `$..created_at: iso-timestamp`) replace the default `equals`.
 */
import { formatPath, getAt, isConcrete, matchesPattern, MISSING, parsePattern, specificity, type PathSegment, type PatternSegment } from './paths.js';
import type { JsonType, MatchRuleInput, RuleName } from './schema.js';
import { sameJson } from '../util/same-json.js';

export type Rule =
  | { readonly name: 'ignore' | 'iso-timestamp' | 'exists' }
  | { readonly name: 'type'; readonly type?: JsonType }
  | { readonly name: 'regex'; readonly pattern: RegExp }
  | { readonly name: 'any-of'; readonly values: readonly unknown[] }
  | { readonly name: 'equals'; readonly value?: unknown };

export interface Mismatch {
  /** `$.data.id` in the body, `status`, or `headers.<name>`. */
  readonly path: string;
  readonly rule: RuleName | 'strict';
  /** What the rule wanted, as data (the expected value, the type, the pattern...). */
  readonly expected: unknown;
  /** The actual value; absent when `missing`. */
  readonly actual?: unknown;
  readonly missing?: boolean;
  readonly message: string;
}

interface PathRule {
  readonly text: string;
  readonly pattern: PatternSegment[];
  readonly rule: Rule;
  readonly order: number;
}

export function toRule(input: MatchRuleInput): Rule {
  if (typeof input === 'string') return input === 'type' ? { name: 'type' } : input === 'equals' ? { name: 'equals' } : { name: input };
  if ('type' in input) return { name: 'type', type: input.type };
  if ('regex' in input) return { name: 'regex', pattern: new RegExp(input.regex) };
  if ('any-of' in input) return { name: 'any-of', values: input['any-of'] };
  return { name: 'equals', value: input.equals };
}

export function describeRule(rule: Rule): string {
  switch (rule.name) {
    case 'type':
      return rule.type ? `type ${rule.type}` : 'type';
    case 'regex':
      return `regex ${rule.pattern.source}`;
    case 'any-of':
      return 'any-of';
    default:
      return rule.name;
  }
}

export class RuleSet {
  private readonly rules: PathRule[] = [];

  constructor(...sources: (Readonly<Record<string, MatchRuleInput>> | undefined)[]) {
    for (const source of sources) {
      for (const [text, input] of Object.entries(source ?? {})) {
        if (!text.startsWith('$')) continue;
        this.rules.push({ text, pattern: parsePattern(text), rule: toRule(input), order: this.rules.length });
      }
    }
  }

  /** The most specific rule whose pattern matches the path (later ones win ties). */
  find(path: readonly PathSegment[]): PathRule | undefined {
    let best: PathRule | undefined;
    for (const candidate of this.rules) {
      if (!matchesPattern(candidate.pattern, path)) continue;
      if (!best || specificity(candidate.pattern) >= specificity(best.pattern)) best = candidate;
    }
    return best;
  }

  concrete(): PathRule[] {
    return this.rules.filter((rule) => isConcrete(rule.pattern));
  }
}

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as 'string' | 'boolean';
  return 'object';
}

function typeMatches(want: JsonType, value: unknown): boolean {
  const actual = jsonType(value);
  return actual === want || (want === 'number' && actual === 'integer');
}

/** UTC ISO-8601 with an offset or Z (2.1), e.g. 2026-01-01T09:00:00+00:00. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function show(value: unknown): string {
  if (value === MISSING) return '(missing)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

class Differ {
  readonly mismatches: Mismatch[] = [];
  readonly visited = new Set<string>();

  constructor(private readonly rules: RuleSet, private readonly strict: boolean) {}

  private report(path: readonly PathSegment[], rule: Mismatch['rule'], expected: unknown, actual: unknown, message: string): void {
    this.mismatches.push({
      path: formatPath(path),
      rule,
      expected,
      ...(actual === MISSING ? { missing: true } : { actual }),
      message,
    });
  }

  /** Applies a rule; returns false when the value failed it (and reports why). */
  applyRule(path: readonly PathSegment[], rule: Rule, expected: unknown, actual: unknown): void {
    switch (rule.name) {
      case 'ignore':
        return;
      case 'exists':
        if (actual === MISSING) this.report(path, 'exists', '(present)', actual, 'expected the field to be present');
        return;
      case 'type': {
        const want = rule.type ?? (expected === MISSING ? undefined : jsonType(expected));
        if (actual === MISSING) this.report(path, 'type', want ?? '(present)', actual, `expected ${want ?? 'a value'}, the field is missing`);
        else if (want !== undefined && !typeMatches(want, actual)) this.report(path, 'type', want, actual, `expected ${want}, got ${jsonType(actual)} ${show(actual)}`);
        return;
      }
      case 'regex':
        if (typeof actual !== 'string' || !rule.pattern.test(actual)) {
          this.report(path, 'regex', rule.pattern.source, actual, `expected a string matching /${rule.pattern.source}/, got ${show(actual)}`);
        }
        return;
      case 'iso-timestamp':
        if (typeof actual !== 'string' || !ISO_TIMESTAMP.test(actual)) {
          this.report(path, 'iso-timestamp', 'YYYY-MM-DDTHH:MM:SS+00:00', actual, `expected an ISO-8601 timestamp with offset, got ${show(actual)}`);
        }
        return;
      case 'any-of':
        if (actual === MISSING || !rule.values.some((value) => sameJson(value, actual))) {
          this.report(path, 'any-of', rule.values, actual, `expected one of ${show(rule.values)}, got ${show(actual)}`);
        }
        return;
      case 'equals':
        if ('value' in rule) {
          if (actual === MISSING || !sameJson(rule.value, actual)) this.report(path, 'equals', rule.value, actual, `expected ${show(rule.value)}, got ${show(actual)}`);
          return;
        }
        this.compare([...path], expected, actual, false);
    }
  }

  /** Walks the expected value; `withRules` is false right after a rule sent us here. */
  compare(path: PathSegment[], expected: unknown, actual: unknown, withRules = true): void {
    this.visited.add(formatPath(path));
    if (withRules) {
      const found = this.rules.find(path);
      if (found && !(found.rule.name === 'equals' && !('value' in found.rule))) {
        this.applyRule(path, found.rule, expected, actual);
        return;
      }
    }
    if (expected === MISSING) return;
    if (actual === MISSING) {
      this.report(path, 'equals', expected, actual, `expected ${show(expected)}, the field is missing`);
      return;
    }
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual)) {
        this.report(path, 'equals', expected, actual, `expected an array, got ${jsonType(actual)} ${show(actual)}`);
        return;
      }
      if (expected.length !== actual.length) {
        this.report(path, 'equals', expected.length, actual.length, `expected ${expected.length} item(s), got ${actual.length}`);
      }
      const shared = Math.min(expected.length, actual.length);
      for (let i = 0; i < shared; i++) this.compare([...path, i], expected[i], actual[i]);
      return;
    }
    if (typeof expected === 'object' && expected !== null) {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
        this.report(path, 'equals', expected, actual, `expected an object, got ${jsonType(actual)} ${show(actual)}`);
        return;
      }
      const want = expected as Record<string, unknown>;
      const got = actual as Record<string, unknown>;
      for (const key of Object.keys(want)) this.compare([...path, key], want[key], Object.hasOwn(got, key) ? got[key] : MISSING);
      if (this.strict) {
        for (const key of Object.keys(got)) {
          if (Object.hasOwn(want, key)) continue;
          const extraPath = [...path, key];
          const rule = this.rules.find(extraPath);
          if (rule?.rule.name === 'ignore') continue;
          this.report(extraPath, 'strict', MISSING, got[key], `unexpected field ${key} = ${show(got[key])}`);
        }
      }
      return;
    }
    if (!sameJson(expected, actual)) this.report(path, 'equals', expected, actual, `expected ${show(expected)}, got ${show(actual)}`);
  }
}

/**
 * Compares a body. With `expected` undefined only the rules that name a concrete path are checked
 * (`$.data.id: exists` without a body).
 */
export function compareBody(expected: unknown, actual: unknown, rules: RuleSet, strict = false): Mismatch[] {
  const differ = new Differ(rules, strict);
  if (expected !== undefined) differ.compare([], expected, actual);
  for (const rule of rules.concrete()) {
    if (differ.visited.has(rule.text) || differ.visited.has(formatPath(rule.pattern as PathSegment[]))) continue;
    const path = rule.pattern as PathSegment[];
    // A rule under a path the walk already judged as a whole (a missing parent) adds nothing.
    differ.applyRule(path, rule.rule, MISSING, getAt(actual, path));
  }
  return differ.mismatches;
}

/** One value against a rule, for headers (`headers.<name>` paths). */
export function compareValue(label: string, expected: string | MatchRuleInput, actual: string | undefined): Mismatch[] {
  const differ = new Differ(new RuleSet(), false);
  const value = actual === undefined ? MISSING : actual;
  if (typeof expected === 'string' && !['ignore', 'type', 'iso-timestamp', 'exists', 'equals'].includes(expected)) {
    differ.compare([], expected, value, false);
  } else differ.applyRule([], toRule(expected as MatchRuleInput), MISSING, value);
  return differ.mismatches.map((mismatch) => ({ ...mismatch, path: label }));
}
