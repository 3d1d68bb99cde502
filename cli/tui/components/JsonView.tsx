/** A folding, highlighted JSON body: the cursor line inverse, folded nodes as `{…} 3 keys`. */
import { Box, Text } from 'ink';
import { jsonLines, type JsonLine, type TokenKind } from '../data/json-lines.js';
import type { Theme } from '../theme.js';

function tokenColor(theme: Theme, kind: TokenKind): string | undefined {
  switch (kind) {
    case 'key':
      return theme.key;
    case 'string':
      return theme.string;
    case 'number':
      return theme.number;
    case 'boolean':
      return theme.boolean;
    case 'null':
    case 'fold':
      return theme.null;
    default:
      return undefined;
  }
}

export function JsonLineView({ line, theme, selected, width }: { line: JsonLine; theme: Theme; selected: boolean; width: number }) {
  return (
    <Box width={width} height={1}>
      <Text inverse={selected} wrap="truncate-end">
        {'  '.repeat(line.depth)}
        {line.tokens.map((token, index) => (
          <Text key={index} color={selected ? undefined : tokenColor(theme, token.kind)} dimColor={token.kind === 'fold'}>
            {token.text}
          </Text>
        ))}
      </Text>
    </Box>
  );
}

export interface JsonViewProps {
  readonly value: unknown;
  readonly folded: readonly string[];
  readonly cursor: number;
  readonly height: number;
  readonly width: number;
  readonly theme: Theme;
  readonly focused: boolean;
  readonly reveal?: boolean;
}

/** The first line shown so that the cursor stays on screen. */
export function scrollTop(cursor: number, height: number, count: number): number {
  if (count <= height) return 0;
  const half = Math.floor(height / 2);
  return Math.max(0, Math.min(count - height, cursor - half));
}

export function JsonView({ value, folded, cursor, height, width, theme, focused, reveal = false }: JsonViewProps) {
  const lines = jsonLines(value, new Set(folded), { reveal });
  const at = Math.min(cursor, lines.length - 1);
  const top = scrollTop(at, height, lines.length);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(top, top + height).map((line, offset) => (
        <JsonLineView key={top + offset} line={line} theme={theme} selected={focused && top + offset === at} width={width} />
      ))}
    </Box>
  );
}
