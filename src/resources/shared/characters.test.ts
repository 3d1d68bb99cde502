/** Characters are code points: counts and cuts agree with the string iterator and never split a pair. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charCount, cutChars, fitsChars } from './characters.js';

/** Any UTF-16 text: ASCII, BMP, astral (pairs) and lone surrogates of either half, mixed. */
const anyText = fc.string({
  unit: fc.oneof(fc.constantFrom('a', 'é', '😀', '𝄞', '\ud83d', '\ude00', ' '), fc.constantFrom('grapheme', 'binary', 'binary-ascii')),
  maxLength: 60,
});
/** Well-formed text only (no lone surrogate): what a JSON client sends. */
const wellFormed = fc.string({ unit: 'grapheme', maxLength: 60 });
const limit = fc.integer({ min: 0, max: 70 });

describe('characters (code points)', () => {
  it('counts a surrogate pair once and a lone surrogate as itself, as the string iterator does', () => {
    expect(charCount('😀'.repeat(2200))).toBe(2200);
    expect(charCount('a😀é')).toBe(3);
    expect(charCount('\ud83d')).toBe(1);
    expect(charCount('\ude00\ud83d')).toBe(2);
    fc.assert(fc.property(anyText, (text) => charCount(text) === [...text].length));
  });

  it('fits exactly when the count is within the limit', () => {
    expect(fitsChars('😀'.repeat(2200), 2200)).toBe(true);
    expect(fitsChars('😀'.repeat(2201), 2200)).toBe(false);
    fc.assert(fc.property(anyText, limit, (text, max) => fitsChars(text, max) === [...text].length <= max));
  });

  it('cuts to the first characters: a prefix, at most the limit, as long as it can be', () => {
    expect(cutChars('😀'.repeat(200), 150)).toBe('😀'.repeat(150));
    expect(cutChars(`${'a'.repeat(149)}😀😀`, 150)).toBe(`${'a'.repeat(149)}😀`);
    expect(cutChars('short', 150)).toBe('short');
    fc.assert(
      fc.property(anyText, limit, (text, max) => {
        const cut = cutChars(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(charCount(cut)).toBe(Math.min(charCount(text), max));
        expect(cut).toBe([...text].slice(0, max).join(''));
      }),
    );
  });

  it('never leaves a lone surrogate when the text had none', () => {
    fc.assert(
      fc.property(wellFormed, limit, (text, max) => {
        const cut = cutChars(text, max);
        // encodeURIComponent throws on a lone surrogate (String#isWellFormed is past the lib target).
        expect(() => encodeURIComponent(cut)).not.toThrow();
        expect(charCount(cut)).toBeLessThanOrEqual(max);
      }),
    );
  });
});
