/**
 * Option values every command checks before it does any work (README "Exit codes": a bad option
 * value, or a file named by an option that cannot be read or written, exits 2 with one line naming
 * the option). An output file is checked at start, not when the first write fails: a server that
 * printed its ready line, or a pull that sent seventy requests, and then cannot write its file is
 * worse than one that refused to start.
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * `file` can be written (created or replaced, through a temp file beside it): not empty, not a
 * directory, in a directory that exists and is writable. Returns the file; throws naming `option`.
 */
export function writableFile(file: string, option: string): string {
  if (file.trim() === '') throw new Error(`${option} needs a file name, got an empty value`);
  const stats = statOf(file);
  if (stats?.isDirectory()) throw new Error(`${option} ${file}: is a directory, not a file`);
  const dir = dirname(file);
  const dirStats = statOf(dir);
  if (dirStats === undefined) throw new Error(`${option} ${file}: the directory ${dir} does not exist`);
  if (!dirStats.isDirectory()) throw new Error(`${option} ${file}: ${dir} is not a directory`);
  try {
    accessSync(dir, constants.W_OK);
    if (stats !== undefined) accessSync(file, constants.W_OK);
  } catch {
    throw new Error(`${option} ${file}: ${stats !== undefined ? 'the file' : `the directory ${dir}`} is not writable`);
  }
  return file;
}

/** A whole number above 0 (`--limit`, `--runs`, `--max-requests`). */
export function positiveInteger(text: string, option: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) throw new Error(`${option} must be a whole number above 0, got "${text}"`);
  return value;
}

/** A port number: 1 to 65535, or 0 too where the option documents 0 as "any free port". */
export function portNumber(text: string, option: string, zeroPicksAFreeOne: boolean): number {
  const value = Number(text);
  const lowest = zeroPicksAFreeOne ? 0 : 1;
  if (!/^\d+$/.test(text.trim()) || value < lowest || value > 65535) {
    throw new Error(`${option} must be a port number from ${lowest} to 65535${zeroPicksAFreeOne ? ' (0 picks a free one)' : ''}, got "${text}"`);
  }
  return value;
}

/**
 * `--redact email,phone` (or `none`): the body fields to redact. An empty value is refused: it is
 * what `--redact "$FIELDS"` with the variable unset gives, and reading it as "redact nothing"
 * would write personal data to a file without anyone asking for that.
 */
export function redactFields(text: string, option = '--redact'): string[] {
  if (text.trim() === 'none') return [];
  const fields = text.split(',').map((field) => field.trim()).filter(Boolean);
  if (fields.length === 0) throw new Error(`${option} needs field names (e.g. email,phone) or none, got "${text}"`);
  return fields;
}

/** `text` parses as an http:// or https:// URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http:// or https:// URL that parses. */
export function httpUrl(text: string, option: string): string {
  if (!isHttpUrl(text)) throw new Error(`${option} must be an http:// or https:// URL, got "${text}"`);
  return text;
}

/** A webhook signing secret as the API issues them (`whsec_` and base64). */
export function webhookSecret(text: string, option: string): string {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new Error(`${option} must be a whsec_... signing secret`);
  return text;
}
