/**
 * JSON text in pieces, never as one string: a state of a million contacts is more text than V8
 * can hold in one string (about 512 MiB), so snapshots, state files and `seed export` write their
 * document element by element.
 *
 * The text is exactly what `JSON.stringify(value, null, indent)` gives (the tests compare them):
 * objects and arrays are walked here, and each array element is handed to `JSON.stringify` whole
 * (a record is small; the arrays of records are what grow). Pieces are joined into chunks of
 * about `chunkChars` characters so that a writer pays one call per chunk, not one per record.
 *
 * Runtime-neutral (no node:*): the fetch adapter streams these chunks into a ReadableStream too.
 */

export interface JsonTextOptions {
  /** As JSON.stringify's third argument (a number of spaces); none for compact text. */
  readonly indent?: number;
  /** About how many characters one yielded chunk holds. Default 64 Ki. */
  readonly chunkChars?: number;
}

const DEFAULT_CHUNK_CHARS = 64 * 1024;

/** The JSON text of `value` in chunks; joined, they equal `JSON.stringify(value, null, indent)`. */
export function* jsonTextChunks(value: unknown, options: JsonTextOptions = {}): Generator<string, void, undefined> {
  const limit = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
  let pending: string[] = [];
  let size = 0;
  for (const piece of pieces(value, options.indent ?? 0, '')) {
    pending.push(piece);
    size += piece.length;
    if (size >= limit) {
      yield pending.join('');
      pending = [];
      size = 0;
    }
  }
  if (size > 0) yield pending.join('');
}

/** The same text as UTF-8 bytes, for a socket, a file or a ReadableStream. */
export function* jsonByteChunks(value: unknown, options: JsonTextOptions = {}): Generator<Uint8Array, void, undefined> {
  const encoder = new TextEncoder();
  for (const chunk of jsonTextChunks(value, options)) yield encoder.encode(chunk);
}

/** A value JSON.stringify would leave out of an object (and write as null in an array). */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/**
 * Walks objects and arrays; an array's elements and every other value go to JSON.stringify whole,
 * re-indented to their depth (a JSON text has no raw newline inside a string, so every newline
 * JSON.stringify writes is layout).
 */
function* pieces(value: unknown, indent: number, depth: string): Generator<string, void, undefined> {
  if (typeof value !== 'object' || value === null || hasToJson(value)) {
    yield leaf(value, indent, depth);
    return;
  }
  const inner = indent > 0 ? depth + ' '.repeat(indent) : depth;
  const open = indent > 0 ? `\n${inner}` : '';
  const close = indent > 0 ? `\n${depth}` : '';
  const comma = indent > 0 ? `,\n${inner}` : ',';
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    yield `[${open}`;
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      yield (i > 0 ? comma : '') + (isSkipped(element) ? 'null' : leaf(element, indent, inner));
    }
    yield `${close}]`;
    return;
  }
  const colon = indent > 0 ? ': ' : ':';
  let first = true;
  for (const key of Object.keys(value)) {
    const member: unknown = (value as Record<string, unknown>)[key];
    if (isSkipped(member)) continue;
    yield `${first ? `{${open}` : comma}${JSON.stringify(key)}${colon}`;
    first = false;
    yield* pieces(member, indent, inner);
  }
  yield first ? '{}' : `${close}}`;
}

function leaf(value: unknown, indent: number, depth: string): string {
  const text = indent > 0 ? JSON.stringify(value, null, indent) : JSON.stringify(value);
  return indent > 0 && depth !== '' ? text.replaceAll('\n', `\n${depth}`) : text;
}
