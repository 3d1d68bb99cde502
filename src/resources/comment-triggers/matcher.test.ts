/** The matcher (2.22 match types) in isolation: the recorded rules, and linear time on big input. */
import { describe, expect, it } from 'vitest';
import { boundedDistance, firstExcluded, firstMatch, keywordMatches, prepare } from './matcher.js';

const matches = (text: string, keyword: string, type: 'contains' | 'exact' | 'fuzzy') => keywordMatches(prepare(text), keyword, type);

describe('contains', () => {
  it('finds the keyword anywhere, case- and width-insensitively', () => {
    expect(matches('Send me the LINK please', 'link', 'contains')).toBe(true);
    expect(matches('hyperlinked', 'link', 'contains')).toBe(true);
    expect(matches('ＬＩＮＫ', 'link', 'contains')).toBe(true);
    expect(matches('lnk', 'link', 'contains')).toBe(false);
  });
  it('handles emoji and RTL text', () => {
    expect(matches('I want this 🔥🔥', '🔥', 'contains')).toBe(true);
    expect(matches('أرسل لي الرابط من فضلك', 'الرابط', 'contains')).toBe(true);
  });
  it('collapses whitespace in both', () => {
    expect(matches('how   much\nis it', 'how much', 'contains')).toBe(true);
  });
});

describe('exact', () => {
  it('is the whole comment, ignoring case and punctuation at the ends', () => {
    expect(matches('  LINK!! ', 'link', 'exact')).toBe(true);
    expect(matches('link please', 'link', 'exact')).toBe(false);
    expect(matches('¿precio?', 'precio', 'exact')).toBe(true);
  });
});

describe('fuzzy', () => {
  it('allows 0 edits up to 3 characters, 1 up to 7, 2 from 8', () => {
    expect(matches('cat', 'car', 'fuzzy')).toBe(false);
    expect(matches('send the lnik', 'link', 'fuzzy')).toBe(true);
    expect(matches('send the lnkk', 'link', 'fuzzy')).toBe(false);
    expect(matches('whats the pricee', 'price', 'fuzzy')).toBe(true);
    expect(matches('discuont code', 'discount', 'fuzzy')).toBe(true);
    expect(matches('dsicuont code', 'discount', 'fuzzy')).toBe(true);
    expect(matches('dxxcxunt code', 'discount', 'fuzzy')).toBe(false);
  });
  it('compares multi-word keywords with runs of as many words', () => {
    expect(matches('what is the prise list', 'price list', 'fuzzy')).toBe(true);
    expect(matches('price and then list', 'price list', 'fuzzy')).toBe(false);
  });
  it('bounded distance stops early', () => {
    expect(boundedDistance([...'abcdef'], [...'uvwxyz'], 1)).toBe(2);
    expect(boundedDistance([...'kitten'], [...'sitting'], 3)).toBe(3);
  });
});

describe('lists', () => {
  it('answers the first keyword in list order, and the first exclude', () => {
    const text = prepare('price and link please');
    expect(firstMatch(text, ['zzz', 'link', 'price'], 'contains')).toBe('link');
    expect(firstExcluded(text, ['free', 'please'])).toBe('please');
    expect(firstExcluded(text, [])).toBeNull();
  });
});

describe('size', () => {
  it('matches a 10,000-character comment against 50 keywords quickly, with every match type', () => {
    const text = prepare(`${'word '.repeat(1999)}linq`);
    const keywords = Array.from({ length: 49 }, (_, i) => `keyword${i}`).concat('link');
    const started = performance.now();
    for (const type of ['contains', 'exact', 'fuzzy'] as const) firstMatch(text, keywords, type);
    expect(firstMatch(text, keywords, 'fuzzy')).toBe('link');
    expect(performance.now() - started).toBeLessThan(2000);
  });
  it('a single 10,000-character word does not blow up fuzzy matching', () => {
    const text = prepare('a'.repeat(10_000));
    expect(firstMatch(text, ['a'.repeat(100), 'aaaa'], 'fuzzy')).toBeNull();
  });
});
