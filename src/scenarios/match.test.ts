/** The structural diff and every match rule: each mismatch names its path, expected, actual and rule. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBody, compareValue, RuleSet } from './match.js';
import { formatPath, getAt, matchesPattern, MISSING, parsePath, parsePattern } from './paths.js';

const none = new RuleSet();

describe('compareBody', () => {
  it('passes equal bodies and reports each differing leaf at its own path', () => {
    const actual = { data: { id: 7, name: 'Ann', tags: ['a', 'b'], nested: { ok: true } } };
    expect(compareBody({ data: { id: 7, name: 'Ann' } }, actual, none)).toEqual([]);
    const found = compareBody({ data: { id: 8, name: 'Ann', tags: ['a', 'c'], nested: { ok: false } } }, actual, none);
    expect(found.map((m) => [m.path, m.expected, m.actual, m.rule])).toEqual([
      ['$.data.id', 8, 7, 'equals'],
      ['$.data.tags[1]', 'c', 'b', 'equals'],
      ['$.data.nested.ok', false, true, 'equals'],
    ]);
  });

  it('reports a missing field, a type change and an array length', () => {
    const found = compareBody({ data: { email: 'a@x.invalid', list: [1, 2], obj: {} } }, { data: { list: [1], obj: [] } }, none);
    expect(found.map((m) => [m.path, m.missing ?? false, m.rule])).toEqual([
      ['$.data.email', true, 'equals'],
      ['$.data.list', false, 'equals'],
      ['$.data.obj', false, 'equals'],
    ]);
    expect(found[1]!.message).toBe('expected 2 item(s), got 1');
  });

  it('ignores fields the expectation does not name unless strict', () => {
    expect(compareBody({ a: 1 }, { a: 1, b: 2 }, none)).toEqual([]);
    const strict = compareBody({ a: 1 }, { a: 1, b: 2 }, none, true);
    expect(strict.map((m) => [m.path, m.rule, m.actual])).toEqual([['$.b', 'strict', 2]]);
    expect(compareBody({ a: 1 }, { a: 1, b: 2 }, new RuleSet({ '$.b': 'ignore' }), true)).toEqual([]);
  });

  it('applies each rule', () => {
    const actual = { id: 'evt_12', n: 3, at: '2026-01-01T09:00:00+00:00', bad: '2026-01-01 09:00', status: 'open', x: null };
    const rules = new RuleSet({
      '$.id': { regex: '^evt_\\d+$' },
      '$.n': 'type',
      '$.at': 'iso-timestamp',
      '$.bad': 'iso-timestamp',
      '$.status': { 'any-of': ['open', 'closed'] },
      '$.x': 'exists',
      '$.gone': 'exists',
      '$.other': 'ignore',
    });
    const found = compareBody({ id: 'evt_1', n: 99, at: 'whatever', bad: '', status: 'x', x: 1, other: 'anything' }, actual, rules);
    expect(found.map((m) => [m.path, m.rule])).toEqual([
      ['$.bad', 'iso-timestamp'],
      ['$.gone', 'exists'],
    ]);
    const typed = compareBody(undefined, { n: '3' }, new RuleSet({ '$.n': { type: 'integer' } }));
    expect(typed.map((m) => [m.path, m.rule, m.expected, m.actual])).toEqual([['$.n', 'type', 'integer', '3']]);
    const anyOf = compareBody(undefined, { s: 'x' }, new RuleSet({ '$.s': { 'any-of': ['a', 'b'] } }));
    expect(anyOf[0]).toMatchObject({ path: '$.s', rule: 'any-of', expected: ['a', 'b'], actual: 'x' });
    const equals = compareBody(undefined, { s: { a: 1 } }, new RuleSet({ '$.s': { equals: { a: 2 } } }));
    expect(equals[0]).toMatchObject({ path: '$.s', rule: 'equals', expected: { a: 2 }, actual: { a: 1 } });
  });

  it('wildcards: [*] for every item, .. at any depth; the most specific rule wins', () => {
    const actual = { data: [{ id: 1, created_at: 'x' }, { id: 2, created_at: '2026-01-01T00:00:00Z' }] };
    const rules = new RuleSet({ '$.data[*].id': 'type', '$..created_at': 'iso-timestamp' });
    const found = compareBody({ data: [{ id: 10, created_at: 'a' }, { id: 20, created_at: 'b' }] }, actual, rules);
    expect(found.map((m) => m.path)).toEqual(['$.data[0].created_at']);
    const specific = new RuleSet({ '$..id': 'ignore', '$.data[1].id': 'equals' });
    expect(compareBody({ data: [{ id: 10 }, { id: 20 }] }, { data: [{ id: 1 }, { id: 2 }] }, specific).map((m) => m.path)).toEqual(['$.data[1].id']);
  });

  it('headers: a value is equals, a rule name is the rule', () => {
    expect(compareValue('headers.idempotent-replayed', 'true', undefined)[0]).toMatchObject({ path: 'headers.idempotent-replayed', missing: true });
    expect(compareValue('headers.request-id', { regex: '^req_' }, 'req_1')).toEqual([]);
    expect(compareValue('headers.request-id', 'exists', undefined)).toHaveLength(1);
  });

  it('a body always equals itself (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => compareBody(value, structuredClone(value), none, true).length === 0));
  });

  it('any changed leaf is reported at exactly its path (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.integer(), { minKeys: 1 }), fc.nat(), (object, pick) => {
        const keys = Object.keys(object);
        const key = keys[pick % keys.length]!;
        const changed = { ...object, [key]: object[key]! + 1 };
        const found = compareBody({ data: object }, { data: changed }, none);
        return found.length === 1 && found[0]!.path === formatPath(['data', key]);
      }),
    );
  });
});

describe('paths', () => {
  it('parses, formats and reads', () => {
    expect(parsePath("$.data[2]['odd key'].id")).toEqual(['data', 2, 'odd key', 'id']);
    expect(formatPath(['data', 2, 'odd key', 'id'])).toBe("$.data[2]['odd key'].id");
    expect(getAt({ data: [{ id: 5 }] }, parsePath('$.data[0].id'))).toBe(5);
    expect(getAt({ data: [] }, parsePath('$.data[0].id'))).toBe(MISSING);
    expect(() => parsePath('data.id')).toThrow(/starts with \$/);
    expect(() => parsePath('$.data[*]')).toThrow(/cannot hold/);
    expect(matchesPattern(parsePattern('$..id'), ['data', 0, 'contact', 'id'])).toBe(true);
    expect(matchesPattern(parsePattern('$.data.*'), ['data', 'x', 'y'])).toBe(false);
  });
});
