/** A window onto a list: the rows around the cursor, the cursor row inverse, the `/` filter line. */
import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { ListState } from '../state/list.js';
import { settle } from '../state/list.js';

export interface ListViewProps<T> {
  readonly items: readonly T[];
  readonly state: ListState;
  readonly height: number;
  readonly width: number;
  readonly focused?: boolean;
  readonly empty?: string;
  readonly render: (item: T, selected: boolean, index: number) => ReactNode;
}

export function ListView<T>({ items, state, height, width, focused = true, empty, render }: ListViewProps<T>) {
  const filterLine = state.filtering || state.filter !== '';
  const rows = Math.max(1, height - (filterLine ? 1 : 0));
  const settled = settle(state, items.length, rows);
  const visible = items.slice(settled.top, settled.top + rows);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {filterLine ? (
        <Text wrap="truncate-end">
          /{state.filter}
          {state.filtering ? <Text inverse> </Text> : null}
          <Text dimColor> {items.length} match{items.length === 1 ? '' : 'es'}</Text>
        </Text>
      ) : null}
      {items.length === 0 ? <Text dimColor>{empty ?? '(empty)'}</Text> : null}
      {visible.map((item, offset) => {
        const index = settled.top + offset;
        const selected = focused && index === settled.cursor;
        return (
          <Box key={index} width={width} height={1}>
            {render(item, selected, index)}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * A row's text, cut to the width; only the selected row is padded (its inverse bar spans the
 * line). Fewer characters per frame is less work for ink on every redraw of a busy list.
 */
export function Row({ text, selected, width, color, dim }: { text: string; selected: boolean; width: number; color?: string | undefined; dim?: boolean }) {
  const cut = text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
  return (
    <Text inverse={selected} color={color} dimColor={dim}>
      {selected ? cut.padEnd(width) : cut.trimEnd()}
    </Text>
  );
}
