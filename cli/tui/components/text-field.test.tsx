/** A text field drawn in terminal columns (audit 17tui T4): wide text keeps the cursor in view. */
import { render } from 'ink-testing-library';
import { Box } from 'ink';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField.js';
import { TextArea } from './TextArea.js';
import { textOf } from '../state/text.js';
import { columnsOf } from '../state/width.js';

describe('a field holding wide characters', () => {
  it('shows the end of a long CJK value and the cursor, within its width', () => {
    const value = '日本語'.repeat(22);
    const app = render(
      <Box width={20}>
        <TextField state={textOf(value)} width={20} focused />
      </Box>,
    );
    const frame = app.lastFrame() ?? '';
    app.unmount();
    expect(frame).not.toContain('…');
    expect(columnsOf(frame.trimEnd())).toBeLessThanOrEqual(19);
    expect(value.endsWith(frame.trimEnd())).toBe(true);
  });

  it('the body editor scrolls a line of CJK and an emoji by columns, the cursor at its end in view', () => {
    const line = '日本語日本語日本語 🚀';
    const app = render(<TextArea state={textOf(line)} width={16} height={1} focused />);
    const frame = (app.lastFrame() ?? '').trimEnd();
    app.unmount();
    expect(frame).not.toContain('…');
    expect(frame.endsWith('🚀')).toBe(true);
    expect(columnsOf(frame)).toBeLessThanOrEqual(15);
  });
});
