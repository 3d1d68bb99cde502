/**
 * The keys of a list with a `/` filter, in the order every list screen wants them: while the
 * filter is being typed every key edits it (enter keeps it, esc drops it); otherwise the moving
 * keys, then `/` to start filtering. Undefined when the key is none of these, so the screen's
 * own keys come next.
 */
import { listKey, type KeyLike, type ListAction, type ListState } from './list.js';
import { editText } from './text.js';

export function filteredListKey(list: ListState, input: string, key: KeyLike, count: number, height: number): ListAction | undefined {
  if (list.filtering) {
    if (key.return || key.escape) return { type: 'filter-end', keep: key.return === true };
    return { type: 'filter-text', text: editText({ value: list.filter, cursor: list.filter.length }, input, key).value };
  }
  const move = listKey(input, key, count, height);
  if (move) return move;
  if (input === '/') return { type: 'filter-start' };
  return undefined;
}
