/**
 * A selectable, filterable list as a plain reducer: the cursor, the `/` filter text and the
 * scroll window. Every list screen (targets, routes, history, steps, events, checks) uses it.
 */
export interface ListState {
  readonly cursor: number;
  /** The first visible row. */
  readonly top: number;
  readonly filter: string;
  /** True while the user types the filter after `/`. */
  readonly filtering: boolean;
}

export const initialList: ListState = { cursor: 0, top: 0, filter: '', filtering: false };

export type ListAction =
  | { type: 'move'; by: number; count: number; height: number }
  | { type: 'to'; index: number; count: number; height: number }
  | { type: 'filter-start' }
  | { type: 'filter-text'; text: string }
  | { type: 'filter-end'; keep: boolean };

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/** Keeps the cursor inside the list and the window around the cursor. */
export function settle(state: ListState, count: number, height: number): ListState {
  const cursor = count === 0 ? 0 : clamp(state.cursor, 0, count - 1);
  const rows = Math.max(1, height);
  let top = clamp(state.top, 0, Math.max(0, count - rows));
  if (cursor < top) top = cursor;
  if (cursor >= top + rows) top = cursor - rows + 1;
  return cursor === state.cursor && top === state.top ? state : { ...state, cursor, top };
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'move':
      return settle({ ...state, cursor: state.cursor + action.by }, action.count, action.height);
    case 'to':
      return settle({ ...state, cursor: action.index < 0 ? action.count + action.index : action.index }, action.count, action.height);
    case 'filter-start':
      return { ...state, filtering: true };
    case 'filter-text':
      return { ...state, filter: action.text, cursor: 0, top: 0 };
    case 'filter-end':
      return { ...state, filtering: false, ...(action.keep ? {} : { filter: '', cursor: 0, top: 0 }) };
  }
}

/** Case-insensitive: every word of the filter must appear in the item's text. */
export function matchesFilter(text: string, filter: string): boolean {
  const haystack = text.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Keys every list understands; returns the action, or undefined when the key is not a list key. */
export function listKey(input: string, key: KeyLike, count: number, height: number): ListAction | undefined {
  if (key.upArrow || input === 'k') return { type: 'move', by: -1, count, height };
  if (key.downArrow || input === 'j') return { type: 'move', by: 1, count, height };
  if (key.pageUp) return { type: 'move', by: -height, count, height };
  if (key.pageDown || input === ' ') return { type: 'move', by: height, count, height };
  if (key.home || input === 'g') return { type: 'to', index: 0, count, height };
  if (key.end || input === 'G') return { type: 'to', index: -1, count, height };
  return undefined;
}

/** The part of ink's Key the reducers read (so they are testable without ink). */
export interface KeyLike {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly tab?: boolean;
  readonly shift?: boolean;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
}
