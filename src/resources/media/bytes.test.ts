/** The base64 the store keeps files in agrees with the platform's own, both ways. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './bytes.js';

describe('media bytes as base64', () => {
  it('encodes as btoa does and decodes back to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(btoa(String.fromCharCode(...bytes)));
        expect([...base64ToBytes(text)]).toEqual([...bytes]);
      }),
    );
  });

  it('refuses text that is not base64', () => {
    expect(() => base64ToBytes('ab!d')).toThrow(/base64/);
  });
});
