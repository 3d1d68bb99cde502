/**
 * A JSON value as display lines with fold points: each object or array opens a line whose path
 * (`$.data`, `$.data[0]`) can be folded to `{…} 3 keys`. The JSON view draws these lines with a
 * colour per token kind; the reducer only keeps the set of folded paths and a cursor.
 */
import { isSecretField, maskSecret } from '../target/mask.js';

export type TokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punct' | 'fold';

export interface Token {
  readonly text: string;
  readonly kind: TokenKind;
}

export interface JsonLine {
  readonly depth: number;
  readonly tokens: readonly Token[];
  /** Set on lines that open an object or array: the path to fold. */
  readonly path?: string;
  readonly folded?: boolean;
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

function scalar(value: unknown): Token {
  if (value === null) return { text: 'null', kind: 'null' };
  if (typeof value === 'string') return { text: JSON.stringify(value), kind: 'string' };
  if (typeof value === 'number') return { text: String(value), kind: 'number' };
  if (typeof value === 'boolean') return { text: String(value), kind: 'boolean' };
  return { text: JSON.stringify(value) ?? 'undefined', kind: 'null' };
}

export interface JsonLinesOptions {
  /** Show secret fields (`api_key`, `signing_secret`...) as they are. Default false: masked. */
  readonly reveal?: boolean;
}

export function jsonLines(value: unknown, folded: ReadonlySet<string> = new Set(), options: JsonLinesOptions = {}): JsonLine[] {
  const lines: JsonLine[] = [];
  const walk = (item: unknown, path: string, depth: number, key: string | undefined, last: boolean, secret: boolean): void => {
    const head: Token[] = key === undefined ? [] : [{ text: JSON.stringify(key), kind: 'key' }, { text: ': ', kind: 'punct' }];
    const comma: Token[] = last ? [] : [{ text: ',', kind: 'punct' }];
    if (item !== null && typeof item === 'object') {
      const isArray = Array.isArray(item);
      const entries: [string | number, unknown][] = isArray ? (item as unknown[]).map((value, index) => [index, value]) : Object.entries(item as object);
      const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) {
        lines.push({ depth, tokens: [...head, { text: `${open}${close}`, kind: 'punct' }, ...comma] });
        return;
      }
      if (folded.has(path)) {
        const count = `${entries.length} ${isArray ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
        lines.push({ depth, tokens: [...head, { text: `${open}…${close}`, kind: 'punct' }, ...comma, { text: ` ${count}`, kind: 'fold' }], path, folded: true });
        return;
      }
      lines.push({ depth, tokens: [...head, { text: open, kind: 'punct' }], path, folded: false });
      entries.forEach(([childKey, child], index) => {
        const hide = !options.reveal && typeof childKey === 'string' && isSecretField(childKey);
        walk(child, childPath(path, childKey), depth + 1, typeof childKey === 'string' ? childKey : undefined, index === entries.length - 1, hide);
      });
      lines.push({ depth, tokens: [{ text: close, kind: 'punct' }, ...comma] });
      return;
    }
    const token = secret && typeof item === 'string' ? { text: JSON.stringify(maskSecret(item)), kind: 'string' as const } : scalar(item);
    lines.push({ depth, tokens: [...head, token, ...comma] });
  };
  walk(value, '$', 0, undefined, true, false);
  return lines;
}

/** Every foldable path of a value (for "fold all"), outermost excluded. */
export function foldablePaths(value: unknown): string[] {
  return jsonLines(value)
    .map((line) => line.path)
    .filter((path): path is string => path !== undefined && path !== '$');
}

/** The plain text of a line (tests, captures, width measuring). */
export function lineText(line: JsonLine): string {
  return `${'  '.repeat(line.depth)}${line.tokens.map((token) => token.text).join('')}`;
}
