import { describe, expect, it } from 'vitest';
import { patchChanges, sameJson } from './same-json.js';

describe('sameJson', () => {
  it('compares JSON values structurally: arrays in order, objects by defined keys', () => {
    expect(sameJson({ a: [1, { b: 'x' }], c: undefined }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });

  it('patchChanges: only fields the patch sends, and only when they differ', () => {
    const record = { name: 'A', tags: ['x'], nested: { on: true } };
    expect(patchChanges(record, { name: 'A', tags: ['x'] })).toBe(false);
    expect(patchChanges(record, { name: undefined })).toBe(false);
    expect(patchChanges(record, { nested: { on: false } })).toBe(true);
    expect(patchChanges(record, { missing: null })).toBe(true);
  });
});
