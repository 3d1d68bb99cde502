/**
 * The contacts' account key (updated_at in ms, src/resources/contacts/record.ts) remembers the last
 * value it parsed; equal strings must give equal keys and a different string its own, whatever
 * came before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updatedKey, type ContactRecord } from '../src/resources/contacts/record.js';

const contact = (updated_at: string): ContactRecord => ({ updated_at }) as unknown as ContactRecord;
const expected = (text: string): number => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/.test(text) ? Date.parse(text) : Infinity);

describe('updatedKey', () => {
  it('gives every updated_at its own key in any sequence, repeats included', () => {
    const texts = fc.constantFrom('2026-11-23T22:13:21+00:00', '2026-11-23T22:13:22+00:00', '2026-11-23T22:13:21Z', '2026-11-23T22:13:21.5+00:00', 'x');
    fc.assert(
      fc.property(fc.array(texts, { maxLength: 20 }), (sequence) => {
        for (const text of sequence) expect(updatedKey(contact(text))).toBe(expected(text));
      }),
    );
  });
});
