/**
 * One chunk read from the terminal, as key presses. ink hands over every run of bytes without an
 * escape as one "input" (a paste), so on a slow machine or a terminal that batches reads, `jj\r`
 * arrives as one string: the enter in it would be lost. Each control byte (enter, tab, backspace,
 * ctrl+letter) becomes its own key press, as ink would have reported it alone; printable text stays
 * whole while a field takes text (a paste), and is one key per character otherwise.
 *
 * While a field takes text, a newline inside a chunk is text too (a pasted second line), never an
 * enter: a single-line field makes it a space, and a paste never submits nor reaches the screen's
 * one-letter keys (audit 17tui, T2). A chunk of nothing but newlines is still enter presses.
 * With bracketed paste (the terminal marks a paste with ESC[200~ … ESC[201~) what is between the
 * marks is a paste whatever the chunks: see `PASTE_START`.
 */
import type { Key } from 'ink';

export interface KeyPress {
  readonly input: string;
  readonly key: Key;
  /** Text the terminal marked as pasted (bracketed paste): only ever text for a field. */
  readonly paste?: boolean;
}

/** The bracketed-paste marks as ink reports them (the escape stripped): ESC[200~ and ESC[201~. */
export const PASTE_START = '[200~';
export const PASTE_END = '[201~';

/** One chunk of a bracketed paste, as text: an enter ink parsed out of it is a newline. */
export function pasted(input: string, key: Key): KeyPress {
  return { input: key.return ? '\n' : key.tab ? '\t' : input, key: plain(key), paste: true };
}

/** No key at all: text as typed. */
export const PLAIN_KEY: Key = plain({
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false,
} as Key);

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
const NEWLINE = /[\r\n]/;

export function splitChunk(input: string, key: Key, typing: boolean): KeyPress[] {
  // Escape sequences (arrows, alt+x) come apart already; a single key is what it is.
  if ([...input].length <= 1 || key.meta || key.ctrl || input.includes('\u001b')) return [{ input, key }];
  const base = plain(key);
  const out: KeyPress[] = [];
  // Typed text keeps its newlines (a paste), unless the chunk is only enter presses.
  const newlineIsText = typing && !/^[\r\n]+$/.test(input);
  let run = '';
  const flush = (): void => {
    if (run === '') return;
    if (typing) out.push({ input: run, key: base });
    else for (const char of run) out.push({ input: char, key: { ...base, shift: /[A-Z]/.test(char) } });
    run = '';
  };
  for (const char of input) {
    if (!CONTROL.test(char) || (newlineIsText && NEWLINE.test(char))) {
      run += char;
      continue;
    }
    flush();
    out.push(controlKey(char, base));
  }
  flush();
  return out;
}
