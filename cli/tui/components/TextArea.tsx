/** A multi-line editor (the console's JSON body): a window of lines around the cursor. */
import { Box, Text } from 'ink';
import { cursorPosition, type TextState } from '../state/text.js';

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
        const start = column >= width - 1 ? column - width + 2 : 0;
        const shown = text.slice(start);
        const at = column - start;
        return (
          <Text key={index} wrap="truncate-end">
            {shown.slice(0, at)}
            <Text inverse>{shown.slice(at, at + 1) || ' '}</Text>
            {shown.slice(at + 1)}
          </Text>
        );
      })}
    </Box>
  );
}
