/** Text by grapheme and terminal column (audit 17tui T4). */
import { describe, expect, it } from 'vitest';
import { editText, textOf } from './text.js';
import { columnsOf, cursorWindow } from './width.js';

describe('editing by grapheme, never by UTF-16 unit', () => {
  it('one backspace removes a whole emoji, leaving no lone surrogate', () => {
    const state = editText(textOf('search=a🚀'), '', { backspace: true });
    expect(state).toEqual({ value: 'search=a', cursor: 8 });
    expect(editText(textOf('👍🏽'), '', { delete: true }).value).toBe('');
    expect(editText(textOf('cafe\u0301'), '', { backspace: true }).value).toBe('caf');
  });

  it('the arrows step over an emoji whole, and a character inserted after stays whole', () => {
    let state = textOf('a🚀b');
    state = editText(state, '', { leftArrow: true });
    expect(state.cursor).toBe(3);
    state = editText(state, '', { leftArrow: true });
    expect(state.cursor).toBe(1);
    state = editText(state, '', { rightArrow: true });
    expect(state.cursor).toBe(3);
    expect(editText(state, 'x', {}).value).toBe('a🚀xb');
  });

  it('up and down in the body editor land on a grapheme boundary', () => {
    const state = editText({ value: 'abc\n🚀🚀', cursor: 3 }, '', { downArrow: true }, true);
    expect(state.cursor).toBe(6);
    const middle = editText({ value: 'abcdef\n🚀🚀', cursor: 2 }, '', { downArrow: true }, true);
    expect(middle.cursor).toBe(9);
  });
});

describe('drawing by terminal column', () => {
  it('counts CJK and emoji as two columns, accents as none', () => {
    expect(columnsOf('日本語')).toBe(6);
    expect(columnsOf('a🚀')).toBe(3);
    expect(columnsOf('cafe\u0301')).toBe(4);
  });

  it('keeps the cursor of a long CJK line in view, within the field width', () => {
    const text = '日本語'.repeat(22);
    const window = cursorWindow(text, text.length, 20);
    expect(window.at).toBe(' ');
    expect(columnsOf(window.before) + 1).toBeLessThanOrEqual(20);
    expect(columnsOf(window.before)).toBeGreaterThanOrEqual(18);
    expect(text.endsWith(window.before)).toBe(true);
  });

  it('shows the grapheme under the cursor whole', () => {
    const window = cursorWindow('ab🚀cd', 2, 10);
    expect(window).toEqual({ before: 'ab', at: '🚀', after: 'cd' });
  });
});
