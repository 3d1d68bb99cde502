/** One line of editable text, the cursor drawn inverse; scrolls horizontally (in columns) to keep it visible. */
import { Text } from 'ink';
import type { TextState } from '../state/text.js';
import { cellsOf, cursorWindow } from '../state/width.js';

export function TextField({ state, width, focused, mask = false, placeholder }: { state: TextState; width: number; focused: boolean; mask?: boolean; placeholder?: string }) {
  // A masked value shows one bullet per grapheme, the cursor after as many as precede it.
  const shown = mask ? '•'.repeat(cellsOf(state.value).length) : state.value;
  const cursor = mask ? cellsOf(state.value.slice(0, state.cursor)).length : state.cursor;
  if (!focused) {
    return <Text wrap="truncate-end" dimColor={shown === ''}>{shown === '' ? (placeholder ?? '') : shown}</Text>;
  }
  if (state.suggested) {
    // A suggestion shows selected (inverse), with the cursor after it: typing replaces it.
    const { before } = cursorWindow(shown, shown.length, width);
    return (
      <Text wrap="truncate-end">
        <Text inverse>{before}</Text>{' '}
      </Text>
    );
  }
  const { before, at, after } = cursorWindow(shown, cursor, width);
  return (
    <Text wrap="truncate-end">
      {before}
      <Text inverse>{at}</Text>
      {after}
    </Text>
  );
}
