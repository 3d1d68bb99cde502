/**
 * One chunk read from the terminal, as key presses. ink hands over every run of bytes without an
 * escape as one "input" (a paste), so on a slow machine or a terminal that batches reads, `jj\r`
 * arrives as one string: the enter in it would be lost. Each control byte (enter, tab, backspace,
 * ctrl+letter) becomes its own key press, as ink would have reported it alone; printable text stays
 * whole while a field takes text (a paste), and is one key per character otherwise.
 */
import type { Key } from 'ink';

export interface KeyPress {
  readonly input: string;
  readonly key: Key;
}

function plain(key: Key): Key {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(key)) out[name] = typeof value === 'boolean' ? false : value;
  return out as Key;
}

/** What ink's parse-keypress makes of one control byte. */
function controlKey(char: string, base: Key): KeyPress {
  if (char === '\r' || char === '\n') return { input: '', key: { ...base, return: true } };
  if (char === '\t') return { input: '', key: { ...base, tab: true } };
  if (char === '\b') return { input: '', key: { ...base, backspace: true } };
  if (char === '\u007f') return { input: '', key: { ...base, delete: true } };
  const code = char.charCodeAt(0);
  if (code >= 1 && code <= 26) return { input: String.fromCharCode(code + 96), key: { ...base, ctrl: true } };
  return { input: char, key: base };
}

const CONTROL = /[\u0000-\u001f\u007f]/;

export function splitChunk(input: string, key: Key, typing: boolean): KeyPress[] {
  // Escape sequences (arrows, alt+x) come apart already; a single key is what it is.
  if ([...input].length <= 1 || key.meta || key.ctrl || input.includes('\u001b')) return [{ input, key }];
  const base = plain(key);
  const out: KeyPress[] = [];
  let run = '';
  const flush = (): void => {
    if (run === '') return;
    if (typing) out.push({ input: run, key: base });
    else for (const char of run) out.push({ input: char, key: { ...base, shift: /[A-Z]/.test(char) } });
    run = '';
  };
  for (const char of input) {
    if (!CONTROL.test(char)) {
      run += char;
      continue;
    }
    flush();
    out.push(controlKey(char, base));
  }
  flush();
  return out;
}
