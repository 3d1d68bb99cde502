/** A form: one field per line (label, value), the focused one editable, its help below. */
import { Box, Text } from 'ink';
import type { FormState } from '../state/form.js';
import type { Theme } from '../theme.js';
import { TextField } from './TextField.js';

export function FormView({ form, width, height, theme }: { form: FormState; width: number; height: number; theme: Theme }) {
  const labelWidth = Math.min(22, Math.max(...form.fields.map((field) => field.label.length + (field.required ? 1 : 0))) + 2);
  const valueWidth = Math.max(10, width - labelWidth - 1);
  const focused = form.fields[form.focus];
  // Fields scroll when the form is taller than the room (3 lines: title, help, error).
  const room = Math.max(1, height - 3);
  const top = Math.max(0, Math.min(form.focus - Math.floor(room / 2), form.fields.length - room));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {form.title}
        <Text dimColor>  enter submit · tab next · ←→ choose · esc cancel</Text>
      </Text>
      {form.fields.slice(top, top + room).map((field, offset) => {
        const index = top + offset;
        const state = form.values[index]!;
        const isFocused = index === form.focus;
        return (
          <Box key={field.name} height={1} width={width}>
            <Box width={labelWidth}>
              <Text color={isFocused ? theme.accent : undefined} bold={isFocused} wrap="truncate-end">
                {field.label}
                {field.required ? '*' : ''}
              </Text>
            </Box>
            <Box width={valueWidth}>
              {field.kind === 'choice' ? (
                <Text inverse={isFocused} wrap="truncate-end">
                  {isFocused ? '‹ ' : ''}
                  {state.value === '' ? '(not sent)' : state.value}
                  {isFocused ? ' ›' : ''}
                </Text>
              ) : (
                <TextField state={state} width={valueWidth} focused={isFocused} mask={field.kind === 'secret'} placeholder={field.required ? '' : '(optional)'} />
              )}
            </Box>
          </Box>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {focused?.help ?? ''}
      </Text>
      <Text color={theme.error} wrap="truncate-end">
        {form.error ?? ''}
      </Text>
    </Box>
  );
}
