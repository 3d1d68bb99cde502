/**
 * Sharing repeated strings between parsed elements changes memory, never values: every element
 * reads the same before and after, including own `__proto__` members and under a polluted
 * Object.prototype (whose members must not become own members).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatedStrings } from './json-repeats.js';

// Few distinct long values, so consecutive records repeat each other and themselves.
const text = fc.oneof(
  fc.constantFrom('2026-11-23T22:13:21+00:00', '2026-11-23T22:13:22+00:00', 'a longer text value', '__proto__', 'short'),
  fc.string({ maxLength: 30 }),
);
const member = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 3 }));
const key = fc.constantFrom('created_at', 'updated_at', 'name', 'email', '__proto__', 'x');
const element = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(key, member, { maxKeys: 6 }) },
  { weight: 1, arbitrary: member },
);

/** Elements as JSON.parse builds them (own `__proto__` members included). */
const parsed = (values: unknown[]): unknown[] => JSON.parse(JSON.stringify(values)) as unknown[];

describe('RepeatedStrings', () => {
  it('leaves every element equal to what the parse built, across runs of one array', () => {
    fc.assert(
      fc.property(fc.array(fc.array(element, { maxLength: 8 }), { maxLength: 4 }), (runs) => {
        const repeats = new RepeatedStrings();
        for (const run of runs) {
          const values = parsed(run);
          const before = JSON.stringify(values);
          repeats.share(values);
          expect(JSON.stringify(values)).toBe(before);
          values.forEach((value, index) => {
            if (typeof value === 'object' && value !== null) expect(Object.keys(value)).toEqual(Object.keys(parsed(run)[index] as object));
          });
        }
      }),
    );
  });

  it('keeps an own __proto__ member a member and never touches the prototype', () => {
    const values = JSON.parse('[{"__proto__":"2026-11-23T22:13:21+00:00"},{"__proto__":"2026-11-23T22:13:21+00:00"}]') as object[];
    new RepeatedStrings().share(values);
    for (const value of values) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('2026-11-23T22:13:21+00:00');
    }
  });

  it('does not copy members a polluted Object.prototype lends', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype['polluted_member'] = '2026-11-23T22:13:21+00:00';
    try {
      const values = JSON.parse('[{"a":"2026-11-23T22:13:21+00:00"},{"b":"2026-11-23T22:13:21+00:00"}]') as object[];
      new RepeatedStrings().share(values);
      expect(Object.keys(values[0]!)).toEqual(['a']);
      expect(Object.keys(values[1]!)).toEqual(['b']);
    } finally {
      delete prototype['polluted_member'];
    }
  });
});
