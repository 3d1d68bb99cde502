/** countOf: one noun, singular for exactly 1 and plural otherwise (0 included). */
import { describe, expect, it } from 'vitest';
import { countOf } from './plural.js';

describe('countOf', () => {
  it('singular for 1, plural for 0, 2 and more, an irregular plural when given', () => {
    expect(countOf(1, 'seat')).toBe('1 seat');
    expect(countOf(0, 'seat')).toBe('0 seats');
    expect(countOf(10, 'competitor')).toBe('10 competitors');
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
  });
});
