/** A multi-line editor (the console's JSON body): a window of lines around the cursor. */
import { Box, Text } from 'ink';
import { cursorPosition, type TextState } from '../state/text.js';
import { cursorWindow } from '../state/width.js';

export function TextArea({ state, width, height, focused }: { state: TextState; width: number; height: number; focused: boolean }) {
  const lines = state.value.split('\n');
  const { line, column } = cursorPosition(state);
  const top = Math.max(0, Math.min(line - Math.floor(height / 2), lines.length - height));
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(top, top + height).map((text, offset) => {
        const index = top + offset;
        if (!focused || index !== line) {
          return (
            <Text key={index} wrap="truncate-end">
              {text === '' ? ' ' : text}
            </Text>
          );
        }
        // In columns, by grapheme: wide characters and emoji keep the cursor in view (17tui T4).
        const { before, at, after } = cursorWindow(text, column, width);
        return (
          <Text key={index} wrap="truncate-end">
            {before}
            <Text inverse>{at}</Text>
            {after}
          </Text>
        );
      })}
    </Box>
  );
}
