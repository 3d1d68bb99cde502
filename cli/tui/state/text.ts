/**
 * Line editing as a plain reducer: insert at the cursor, backspace, left/right, home/end,
 * ctrl-a/e/u/w, and multi-line text (the console's JSON body) with up/down and enter for a new
 * line. Every text field and the body editor use it.
 */
import type { KeyLike } from './list.js';
import { nextBoundary, previousBoundary, snapToBoundary } from './width.js';

export interface TextState {
  readonly value: string;
  /** Offset into value. */
  readonly cursor: number;
  /**
   * The value is a suggestion (a prompt's default), shown selected: typed text replaces it and
   * backspace clears it, as in a field whose text is all selected; a cursor key keeps it to edit.
   */
  readonly suggested?: boolean;
}

export function textOf(value: string): TextState {
  return { value, cursor: value.length };
}

/** `value` offered as a suggestion: the first typed character replaces it (see `suggested`). */
export function suggestedText(value: string): TextState {
  return value === '' ? textOf('') : { value, cursor: value.length, suggested: true };
}

function lineStart(value: string, cursor: number): number {
  return value.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(value: string, cursor: number): number {
  const end = value.indexOf('\n', cursor);
  return end < 0 ? value.length : end;
}

/** Moves the cursor to the same column of the line above (-1) or below (+1). */
function vertical(state: TextState, direction: -1 | 1): TextState {
  const { value, cursor } = state;
  const start = lineStart(value, cursor);
  const column = cursor - start;
  if (direction < 0) {
    if (start === 0) return { value, cursor: 0 };
    const prevStart = lineStart(value, start - 1);
    return { value, cursor: Math.min(prevStart + column, start - 1) };
  }
  const end = lineEnd(value, cursor);
  if (end === value.length) return { value, cursor: value.length };
  const nextStart = end + 1;
  return { value, cursor: Math.min(nextStart + column, lineEnd(value, nextStart)) };
}

/**
 * Applies one key press. `multiline` lets enter insert a newline and up/down move between lines;
 * the caller handles enter/escape/tab of single-line fields (commit, cancel, next field).
 */
export function editText(state: TextState, input: string, key: KeyLike, multiline = false): TextState {
  if (state.suggested) return editSuggestion(state, input, key, multiline);
  const { value, cursor } = state;
  // By grapheme, never by UTF-16 unit: one backspace removes a whole emoji (17tui T4).
  if (key.backspace || key.delete) {
    if (cursor === 0) return state;
    const start = previousBoundary(value, cursor);
    return { value: value.slice(0, start) + value.slice(cursor), cursor: start };
  }
  if (key.leftArrow) return { value, cursor: previousBoundary(value, cursor) };
  if (key.rightArrow) return { value, cursor: nextBoundary(value, cursor) };
  if (key.home || (key.ctrl && input === 'a')) return { value, cursor: multiline ? lineStart(value, cursor) : 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, cursor: multiline ? lineEnd(value, cursor) : value.length };
  if (key.ctrl && input === 'u') {
    const start = multiline ? lineStart(value, cursor) : 0;
    return { value: value.slice(0, start) + value.slice(cursor), cursor: start };
  }
  if (key.ctrl && input === 'w') {
    const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
    return { value: before + value.slice(cursor), cursor: before.length };
  }
  if (multiline && (key.upArrow || key.downArrow)) {
    const moved = vertical(state, key.upArrow ? -1 : 1);
    return { value, cursor: snapToBoundary(value, moved.cursor) };
  }
  if (multiline && key.return) return { value: `${value.slice(0, cursor)}\n${value.slice(cursor)}`, cursor: cursor + 1 };
  if (key.ctrl || key.meta || key.return || key.escape || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return state;
  if (input === '') return state;
  // Pasted text arrives as one input; a single-line field keeps it on one line (a trailing newline,
  // as copied with a line, dropped; the others spaces).
  const text = multiline ? input.replace(/\r\n?/g, '\n') : input.replace(/[\r\n\t]+$/, '').replace(/[\r\n\t]+/g, ' ');
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/** A key on a suggested value: text replaces it, backspace and ctrl-u clear it, other keys edit it. */
function editSuggestion(state: TextState, input: string, key: KeyLike, multiline: boolean): TextState {
  const plain = textOf(state.value);
  if (key.backspace || key.delete || (key.ctrl && (input === 'u' || input === 'w'))) return textOf('');
  const typed = editText(textOf(''), input, key, multiline);
  if (typed.value !== '') return typed;
  // Not text (a cursor key, or one the field ignores): the suggestion stays, as plain text when
  // the key moved the cursor into it.
  const moved = editText(plain, input, key, multiline);
  return moved.cursor === plain.cursor && moved.value === plain.value ? state : moved;
}

/** The cursor's line and column (0-based), for drawing a multi-line editor. */
export function cursorPosition(state: TextState): { line: number; column: number } {
  const before = state.value.slice(0, state.cursor);
  const line = before.split('\n').length - 1;
  return { line, column: state.cursor - lineStart(state.value, state.cursor) };
}
