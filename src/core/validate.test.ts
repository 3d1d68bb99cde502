import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.js';
import { MutantSwitch } from '../control/mutants.js';
import { MUTANT_NAMES, isMutantName } from '../simulator/mutants.js';
import { firstIssue, parseOrThrow } from './validate.js';

const Body = z.strictObject({
  name: z.string().min(1),
  governance: z.strictObject({ purpose: z.string().min(8) }).optional(),
  tags: z.array(z.string()).optional(),
});

function failure(value: unknown) {
  const result = Body.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return firstIssue(result.error, 'body');
}

describe('firstIssue', () => {
  it('names the offending field with a dotted path', () => {
    expect(failure({ name: 5 }).param).toBe('name');
    expect(failure({ name: 'x', governance: { purpose: 'short' } }).param).toBe('governance.purpose');
    expect(failure({ name: 'x', tags: ['ok', 7] }).param).toBe('tags.1');
  });

  it('names an unknown field, nested ones included', () => {
    expect(failure({ name: 'x', extra: 1 })).toMatchObject({ param: 'extra', message: 'Unknown field: extra.' });
    expect(failure({ name: 'x', governance: { purpose: 'long enough', who: 1 } }).param).toBe('governance.who');
  });

  it('says a missing required field is missing, not zod\'s "received undefined"', () => {
    expect(failure({})).toEqual({ param: 'name', message: 'Missing required field: name (string).' });
    expect(failure({ name: 5 }).message).toMatch(/^Invalid value for name: /);
  });

  it('names the root when the value is not an object at all', () => {
    expect(failure(null).param).toBe('body');
    expect(failure([1]).param).toBe('body');
  });
});

describe('parseOrThrow', () => {
  it('returns the parsed value or throws invalid_param (or the given code) with param', () => {
    expect(parseOrThrow(Body, { name: 'ok' }, 'body')).toEqual({ name: 'ok' });
    expect(() => parseOrThrow(Body, {}, 'body')).toThrow(ApiError);
    let caught: unknown;
    try {
      parseOrThrow(Body, { name: '' }, 'body', 'invalid_request');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'invalid_request', status: 400, param: 'name' });
  });
});

describe('MutantSwitch', () => {
  it('switches exactly the named mutants', () => {
    const mutants = new MutantSwitch({ authenticate: () => undefined, collections: () => [] });
    expect(mutants.has('created_as_ok')).toBe(false);
    mutants.set(['created_as_ok', 'skip_scope_check']);
    expect(mutants.has('created_as_ok')).toBe(true);
    expect(mutants.list().sort()).toEqual(['created_as_ok', 'skip_scope_check']);
    mutants.set([]);
    expect(mutants.list()).toEqual([]);
    expect(isMutantName('created_as_ok')).toBe(true);
    expect(isMutantName('toString')).toBe(false);
    expect(MUTANT_NAMES.length).toBeGreaterThanOrEqual(10);
  });
});
