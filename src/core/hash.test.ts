import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { constantTimeEqual, sha256, sha256Hex, toHex } from './hash.js';
import { randomToken } from './random.js';

const nodeSha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the known vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto on every length around the block boundaries and on any text', () => {
    for (let length = 0; length <= 130; length++) expect(sha256Hex('a'.repeat(length))).toBe(nodeSha256('a'.repeat(length)));
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => sha256Hex(text) === nodeSha256(text)), {
      numRuns: 200,
    });
  });

  // Under Node sha256Hex uses the native digest; the portable one (browsers) must agree too.
  it('the portable implementation matches node:crypto as well', () => {
    for (let length = 0; length <= 130; length++) expect(toHex(sha256('a'.repeat(length)))).toBe(nodeSha256('a'.repeat(length)));
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => toHex(sha256(text)) === nodeSha256(text)), {
      numRuns: 200,
    });
  });
});

describe('constantTimeEqual', () => {
  it('is true only for equal strings', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('ab\u0000', 'ab')).toBe(false);
  });
});

describe('randomToken', () => {
  it('returns base62 text of the asked length, different each time', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const token = randomToken(40);
      expect(token).toMatch(/^[0-9A-Za-z]{40}$/);
      tokens.add(token);
    }
    expect(tokens.size).toBe(50);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson('x')).toBe('"x"');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
