/**
 * Where a run of whole elements of a JSON array ends, in UTF-8 bytes (./json-chunk-parser.ts
 * parses each run with one native `JSON.parse`). Two ways:
 *
 * - `runByGuess`: the engine's byte search (`lastIndexOf`) finds the last `}` followed by a comma
 *   and a `{` (or `]`, `,`, `[` for arrays of arrays), the way one record follows another. Cheap
 *   (a handful of native searches per chunk) but only a guess: the parse proves it or refutes it.
 * - `ElementScan`: follows strings, escapes and nesting byte by byte, exactly; resumable across
 *   chunks. Several times slower than the guess, so it is the fallback.
 *
 * In a UTF-8 text the bytes of `"`, `\`, brackets, commas and whitespace never occur inside a
 * multi-byte character, so both work on bytes without decoding them.
 */

/** The bytes of JSON's structure (also read by ./json-chunk-parser.ts). */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;

/** 1 at JSON's whitespace bytes (space, tab, LF, CR). */
export const SPACE_BYTES = new Uint8Array(256);
for (const code of [0x20, 0x09, 0x0a, 0x0d]) SPACE_BYTES[code] = 1;

/** How many closing brackets from the end the guess looks at before it gives up on this chunk. */
const GUESS_TRIES = 64;

/**
 * The end (exclusive) of the longest run of elements that the guess finds in bytes [start,
 * length), the element at `start` being an object or an array; -1 when it finds none.
 */
export function runByGuess(bytes: Uint8Array, start: number, length: number): number {
  const opener = bytes[start];
  if (opener !== OPEN_BRACE && opener !== OPEN_BRACKET) return -1;
  const closer = opener === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
  let close = length - 1;
  for (let tries = 0; tries < GUESS_TRIES; tries++) {
    close = bytes.lastIndexOf(closer, close);
    if (close <= start) return -1;
    let next = close + 1;
    while (next < length && SPACE_BYTES[bytes[next]!] === 1) next++;
    if (bytes[next] === COMMA) {
      next++;
      while (next < length && SPACE_BYTES[bytes[next]!] === 1) next++;
      if (next < length && bytes[next] === opener) return close + 1;
    }
    close--;
  }
  return -1;
}

/** What a scan found: a run of whole elements ending at `end` (before a comma, or the array's `]`), or nothing yet. */
export type ScanResult = { readonly kind: 'run'; readonly end: number } | { readonly kind: 'more' };

const MORE: ScanResult = { kind: 'more' };

/**
 * The exact structural scan of an array's elements from `start`, resumable: `advance` again with
 * more bytes continues where it stopped (after `shift` when the buffer dropped bytes in front).
 */
export class ElementScan {
  private pos: number;
  private depth = 0;
  private escaped = false;
  /** The last comma between two elements seen so far, or -1. */
  private lastComma = -1;
  inString = false;

  constructor(private start: number) {
    this.pos = start;
  }

  /** The buffer dropped `count` bytes from its front. */
  shift(count: number): void {
    this.start -= count;
    this.pos -= count;
    if (this.lastComma >= 0) this.lastComma -= count;
  }

  /**
   * Scans up to `length`. Returns the end of the array's elements when its `]` (or any closing
   * bracket at the array's level: the parse then reports it) is reached; else the end of the last
   * whole element seen, if any; else `more`.
   */
  advance(bytes: Uint8Array, length: number): ScanResult {
    let pos = this.pos;
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let lastComma = this.lastComma;
    for (; pos < length; pos++) {
      const code = bytes[pos]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) {
        inString = true;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth++;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (depth === 0) return { kind: 'run', end: pos };
        depth--;
      } else if (code === COMMA && depth === 0) {
        lastComma = pos;
      }
    }
    if (lastComma >= 0) return { kind: 'run', end: lastComma };
    this.pos = pos;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return MORE;
  }

  /** The ends (exclusive) of each element in a run [start, end) the scan delimited (for error messages). */
  static elementEnds(bytes: Uint8Array, start: number, end: number): number[] {
    const ends: number[] = [];
    const scan = new ElementScan(start);
    // After a comma there is always one more element, even an empty one (`[1,2,]`).
    for (let from = start; ; ) {
      const found = scan.advanceTo(bytes, from, end);
      ends.push(found);
      if (found >= end) return ends;
      from = found + 1;
    }
  }

  /** The first comma at the array's level in [from, end), or `end`. */
  private advanceTo(bytes: Uint8Array, from: number, end: number): number {
    let depth = 0;
    let inString = false;
    let escaped = false;
    for (let pos = from; pos < end; pos++) {
      const code = bytes[pos]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
      else if (code === COMMA && depth === 0) return pos;
    }
    return end;
  }
}
