/** The matching rule knowledge gaps rest on (./matching.ts): small, deterministic, predictable. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalQuestion, faqWords, isQuestion, similarity, words } from './matching.js';

describe('matching', () => {
  it('keeps the words that carry meaning, folded', () => {
    expect([...words('What are your Opening-Hours on Sundáy?')]).toEqual(['opening', 'hours', 'sunday']);
    expect([...faqWords('Do you rent tents?', 'camping, sleeping bag')]).toEqual(['rent', 'tents', 'camping', 'sleeping', 'bag']);
  });

  it('scores the share of the question the FAQ covers', () => {
    const faq = faqWords('What are your opening hours?', 'hours, open, sunday');
    expect(similarity(words('what time do you open on sunday'), faq)).toBe(0.67);
    expect(similarity(words('hours?'), faq)).toBe(1);
    expect(similarity(words('?'), faq)).toBe(0);
  });

  it('tells questions from statements', () => {
    expect(isQuestion('Do you ship?')).toBe(true);
    expect(isQuestion('how much is it')).toBe(true);
    expect(isQuestion('Thanks, bye')).toBe(false);
  });

  it('similarity is between 0 and 1, and 1 for the question itself', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = similarity(words(a), faqWords(b, null));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        if (words(a).size > 0) expect(similarity(words(a), faqWords(a, null))).toBe(1);
      }),
    );
  });

  it('canonical questions are stable: canonical of canonical is itself, and case or spacing do not matter', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = canonicalQuestion(text);
        expect(canonicalQuestion(once)).toBe(once);
        expect(canonicalQuestion(`  ${text.toUpperCase()} ?`)).toBe(canonicalQuestion(text.toLowerCase()));
      }),
    );
  });
});
