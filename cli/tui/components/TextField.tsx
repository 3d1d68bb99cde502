/** One line of editable text, the cursor drawn inverse; scrolls horizontally to keep it visible. */
import { Text } from 'ink';
import type { TextState } from '../state/text.js';

export function visibleSlice(value: string, cursor: number, width: number): { text: string; cursor: number } {
  const room = Math.max(1, width - 1);
  const start = cursor > room ? cursor - room : 0;
  return { text: value.slice(start, start + room + 1), cursor: cursor - start };
}

export function TextField({ state, width, focused, mask = false, placeholder }: { state: TextState; width: number; focused: boolean; mask?: boolean; placeholder?: string }) {
  const shown = mask ? '•'.repeat(state.value.length) : state.value;
  if (!focused) {
    return <Text wrap="truncate-end" dimColor={shown === ''}>{shown === '' ? (placeholder ?? '') : shown}</Text>;
  }
  if (state.suggested) {
    // A suggestion shows selected (inverse), with the cursor after it: typing replaces it.
    const { text } = visibleSlice(shown, shown.length, width);
    return (
      <Text wrap="truncate-end">
        <Text inverse>{text}</Text>{' '}
      </Text>
    );
  }
  const { text, cursor } = visibleSlice(shown, state.cursor, width);
  const before = text.slice(0, cursor);
  const at = text.slice(cursor, cursor + 1) || ' ';
  const after = text.slice(cursor + 1);
  return (
    <Text wrap="truncate-end">
      {before}
      <Text inverse>{at}</Text>
      {after}
    </Text>
  );
}
