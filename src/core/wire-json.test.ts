/** bodyToJson must write exactly what JSON.stringify writes, sealed values or not. */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyToJson, isSealed, sealForWire } from './wire-json.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** JSON-ish values, with `undefined` members too (JSON.stringify drops or nulls them). */
const member = fc.oneof(fc.jsonValue(), fc.constant(undefined));
const representation = fc.dictionary(fc.string(), member);

/** Envelopes shaped like API bodies, with a random choice of which representations are sealed. */
const envelope = fc.oneof(
  fc.record({ data: representation, seal: fc.boolean() }).map(({ data, seal }) => ({ data: seal ? sealForWire(data) : data })),
  fc
    .record({
      items: fc.array(fc.record({ item: representation, seal: fc.boolean() }), { maxLength: 6 }),
      has_more: fc.boolean(),
      next_cursor: fc.option(fc.string(), { nil: null }),
      extra: member,
    })
    .map(({ items, ...rest }) => ({ data: items.map(({ item, seal }) => (seal ? sealForWire(item) : item)), ...rest })),
  fc.jsonValue(),
);

describe('bodyToJson', () => {
  it('writes exactly what JSON.stringify writes, for any body and any choice of sealed values', () => {
    fc.assert(
      fc.property(envelope, (body) => {
        expect(bodyToJson(body)).toBe(JSON.stringify(body));
        expect(bodyToJson(body)).toBe(JSON.stringify(body)); // second time, from the kept text
      }),
      { numRuns: 500 },
    );
  });

  it('keeps odd members as JSON.stringify has them: undefined, toJSON, non-plain objects, symbols', () => {
    const contact = sealForWire({ id: 1, name: 'Ada' });
    const body = {
      data: [contact, undefined, { when: new Date(0) }],
      gone: undefined,
      fn: () => 1,
      boxed: new String('text'),
      map: new Map([[1, 2]]),
      [Symbol('hidden')]: 1,
      nested: { deeper: { deepest: [undefined] } },
    };
    expect(bodyToJson(body)).toBe(JSON.stringify(body));
  });

  it('serialises a sealed value once and reuses its text afterwards', () => {
    const contact = sealForWire({ id: 7, tags: ['vip'], custom_fields: { size: 40 } });
    const stringify = vi.spyOn(JSON, 'stringify');
    const first = bodyToJson({ data: contact });
    const second = bodyToJson({ data: [contact, contact], has_more: false, next_cursor: null });
    expect(first).toBe('{"data":{"id":7,"tags":["vip"],"custom_fields":{"size":40}}}');
    const text = '{"id":7,"tags":["vip"],"custom_fields":{"size":40}}';
    expect(second).toBe(`{"data":[${text},${text}],"has_more":false,"next_cursor":null}`);
    expect(stringify.mock.calls.filter(([value]) => value === contact)).toHaveLength(1);
  });

  it('keeps the whole text of a {data} answer: a repeated read serialises nothing', () => {
    const contact = sealForWire({ id: 8, name: 'Grace' });
    const first = bodyToJson({ data: contact });
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(bodyToJson({ data: contact })).toBe(first);
    expect(stringify).not.toHaveBeenCalled();
    // Another member beside data makes another text.
    expect(bodyToJson({ data: contact, note: 'x' })).toBe('{"data":{"id":8,"name":"Grace"},"note":"x"}');
  });

  it('leaves bodies without a sealed data member to JSON.stringify alone', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const body = { data: { id: 1 }, meta: sealForWire({ a: 1 }) };
    expect(bodyToJson(body)).toBe('{"data":{"id":1},"meta":{"a":1}}');
    expect(stringify).toHaveBeenCalledTimes(1);
  });
});

describe('sealForWire', () => {
  it('freezes the value all the way down, so its kept text can never go stale', () => {
    const value = sealForWire({ tags: ['a'], custom_fields: { nested: { x: 1 } } });
    expect(isSealed(value)).toBe(true);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.tags)).toBe(true);
    expect(Object.isFrozen(value.custom_fields.nested)).toBe(true);
    expect(() => {
      (value.tags as string[]).push('b');
    }).toThrow(TypeError);
    expect(isSealed({ tags: [] })).toBe(false);
    expect(isSealed(Object.create(value))).toBe(false);
    expect(sealForWire(value)).toBe(value); // sealing again changes nothing and does not throw
    // The kept text lives where JSON, keys, spreads and equality do not look.
    expect(Object.keys(value)).toEqual(['tags', 'custom_fields']);
    expect({ ...value }).toStrictEqual({ tags: ['a'], custom_fields: { nested: { x: 1 } } });
    expect(structuredClone(value)).toStrictEqual({ tags: ['a'], custom_fields: { nested: { x: 1 } } });
    expect(isSealed(null)).toBe(false);
  });
});
