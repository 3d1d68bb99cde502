import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256, toHex } from './hash.js';
import { createStreamDigest } from './sha256-stream.js';

function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

describe('streamed SHA-256', () => {
  // Lengths around the 55/56/64-byte padding edges, fed in pieces that straddle block borders.
  const lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 4097];
  const pieces = [1, 7, 63, 64, 65, 1000];

  for (const portable of [true, false]) {
    it(`matches node:crypto for every length and piece size (${portable ? 'portable' : 'native'})`, () => {
      for (const length of lengths) {
        const data = bytes(length, length);
        const expected = createHash('sha256').update(data).digest('hex');
        for (const piece of pieces) {
          const digest = createStreamDigest({ portable });
          for (let at = 0; at < length; at += piece) digest.update(data.subarray(at, at + piece));
          expect(digest.hex(), `length ${length}, pieces of ${piece}`).toBe(expected);
        }
      }
    });
  }

  it('the one-shot digest still agrees after the compression function moved out', () => {
    const data = bytes(300, 3);
    expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
  });
});
