/**
 * Parses one JSON document that arrives in chunks, never holding its whole text: a snapshot of a
 * million contacts is more text than V8 can hold in one string (about 512 MiB).
 *
 * It works on the bytes. The document's outline (objects, and the arrays directly in them) is
 * walked here one token at a time; the elements of an array are parsed by the engine's own
 * `JSON.parse`, many at once: every run of whole elements the buffer holds becomes one
 * `JSON.parse('[' + run + ']')`. A snapshot's records are array elements, so a megabyte of
 * records is one native parse, and only the bytes of the element still arriving are kept between
 * chunks. Native parsing also means native validation: what this accepts is exactly what
 * `JSON.parse` accepts (the tests compare them on generated documents cut at random places), and
 * the value built is the same.
 *
 * Where a run of elements ends (./json-element-runs.ts): first a guess, found by the engine's own
 * byte search without looking at each byte in JavaScript: the last `}` (or `]`) followed by a
 * comma and an element like the first. The guess is proved by the parse itself: a slice from an
 * element's start that parses as a list of values is exactly a run of whole elements (a cut
 * inside a string leaves it unterminated, a cut inside a nested value leaves a bracket open, and
 * the run is followed by the array's own comma). When the guess fails (a comma between records
 * inside a record's nested array, or inside a string), the array is read from then on by a
 * structural scan that follows strings, escapes and depth byte by byte: exact, and a few times
 * slower, which only arrays of records holding arrays of objects pay.
 *
 * Bytes are decoded only in the slices handed to `JSON.parse`, by the fast non-fatal UTF-8
 * decoder; a slice whose text holds U+FFFD is decoded again strictly, so bytes that are not UTF-8
 * are refused as before. Errors name the byte offset and the JSON path of the value being read.
 * Runtime-neutral (no node:*). Measured in docs/decisions.md (issue 12, start-up at scale).
 */
import { RepeatedStrings } from './json-repeats.js';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, ElementScan, OPEN_BRACE, OPEN_BRACKET, QUOTE, runByGuess, SPACE_BYTES } from './json-element-runs.js';

export class JsonChunkError extends Error {
  override readonly name = 'JsonChunkError';
}

type Frame =
  | { readonly kind: 'object'; readonly value: Record<string, unknown>; key: string | undefined; expect: 'first-key' | 'key' | 'colon' | 'value' | 'comma' }
  | {
      readonly kind: 'array';
      value: unknown[];
      expect: 'first-value' | 'value' | 'comma';
      /** Set once a guessed run failed to parse here: this array is read by the structural scan. */
      scanOnly: boolean;
      /** The scan of the elements still arriving, kept between chunks. */
      scan: ElementScan | undefined;
      /** Shares repeated strings between this array's elements as they are parsed (./json-repeats.ts). */
      readonly repeats: RepeatedStrings;
    };

const COLON = 0x3a;
const REPLACEMENT_CHARACTER = '\uFFFD';

/** Where a scalar token (number, true, false, null) ends: JSON's delimiters and whitespace. */
function isDelimiter(code: number): boolean {
  return SPACE_BYTES[code] === 1 || code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === COLON;
}

export interface JsonChunkParserOptions {
  /**
   * The text of `bytes` when they are all ASCII, else undefined: a runtime's native shortcut
   * (Node: `isAscii` and a Latin-1 copy, about twice as fast as TextDecoder on a state file).
   * Without it every slice goes through TextDecoder.
   */
  readonly asciiText?: (bytes: Uint8Array) => string | undefined;
}

export class JsonChunkParser {
  private readonly asciiText: ((bytes: Uint8Array) => string | undefined) | undefined;
  private readonly looseDecoder = new TextDecoder('utf-8');
  private readonly strictDecoder = new TextDecoder('utf-8', { fatal: true });
  private readonly encoder = new TextEncoder();
  /** The bytes not yet consumed start at `index`; `bytes` holds `length` bytes. */
  private bytes = new Uint8Array(0);
  private length = 0;
  private index = 0;
  /** Bytes dropped from the front of the buffer so far (for error offsets). */
  private dropped = 0;
  private readonly stack: Frame[] = [];
  private root: { value: unknown } | undefined;
  private ended = false;

  constructor(options: JsonChunkParserOptions = {}) {
    this.asciiText = options.asciiText;
  }

  /** Feeds the next piece of the document (bytes are UTF-8; a character may be split between chunks). */
  write(chunk: Uint8Array | string): void {
    if (this.ended) throw new JsonChunkError('the document was already ended');
    this.append(typeof chunk === 'string' ? this.encoder.encode(chunk) : chunk);
    this.run(false);
  }

  /** The end of the document: its value, or a JsonChunkError when it is incomplete or not JSON. */
  end(): unknown {
    if (!this.ended) {
      this.ended = true;
      this.run(true);
    }
    if (this.root === undefined || this.stack.length > 0) throw this.fail('the document ends before its value does');
    return this.root.value;
  }

  /** Keeps the unconsumed bytes and adds the chunk after them (the caller may reuse its buffer). */
  private append(chunk: Uint8Array): void {
    const kept = this.length - this.index;
    const needed = kept + chunk.length;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2, 64 * 1024));
      grown.set(this.bytes.subarray(this.index, this.length));
      this.bytes = grown;
    } else if (this.index > 0) {
      this.bytes.copyWithin(0, this.index, this.length);
    }
    this.dropped += this.index;
    for (const frame of this.stack) if (frame.kind === 'array' && frame.scan) frame.scan.shift(this.index);
    this.index = 0;
    this.bytes.set(chunk, kept);
    this.length = needed;
  }

  /** Where the reader is, for error messages: the byte offset and the JSON path of the value being read. */
  private fail(message: string, at = this.index): JsonChunkError {
    const path = this.path();
    return new JsonChunkError(`${message} (at byte ${this.dropped + at}${path === '$' ? '' : `, in ${path}`})`);
  }

  private path(extraIndex?: number): string {
    let path = '$';
    for (const frame of this.stack) {
      if (frame.kind === 'array') path += `[${frame.value.length + (frame === this.stack[this.stack.length - 1] ? (extraIndex ?? 0) : 0)}]`;
      else if (frame.key !== undefined) path += /^[A-Za-z_$][\w$]*$/.test(frame.key) ? `.${frame.key}` : `[${JSON.stringify(frame.key)}]`;
    }
    return path;
  }

  /** Advances as far as the buffer allows. `final`: no more bytes are coming. */
  private run(final: boolean): void {
    for (;;) {
      const bytes = this.bytes;
      while (this.index < this.length && SPACE_BYTES[bytes[this.index]!] === 1) this.index++;
      if (this.index >= this.length) return;
      if (this.root !== undefined && this.stack.length === 0) throw this.fail('unexpected text after the document');
      const code = bytes[this.index]!;
      const frame = this.stack[this.stack.length - 1];
      let progressed: boolean;
      if (frame === undefined || (frame.kind === 'object' && frame.expect === 'value')) progressed = this.readValue(code, final);
      else if (frame.kind === 'object') progressed = this.stepObject(frame, code, final);
      else progressed = this.stepArray(frame, code, final);
      if (!progressed) return;
    }
  }

  private stepObject(frame: Extract<Frame, { kind: 'object' }>, code: number, final: boolean): boolean {
    switch (frame.expect) {
      case 'first-key':
      case 'key': {
        if (code === CLOSE_BRACE && frame.expect === 'first-key') return this.closeContainer();
        if (code !== QUOTE) throw this.fail('expected a property name');
        const end = this.stringEnd(this.index);
        if (end < 0) {
          if (final) throw this.fail('the document ends inside a property name');
          return false;
        }
        frame.key = this.parseSlice(this.index, end + 1) as string;
        this.index = end + 1;
        frame.expect = 'colon';
        return true;
      }
      case 'colon':
        if (code !== COLON) throw this.fail("expected ':' after a property name");
        this.index++;
        frame.expect = 'value';
        return true;
      default:
        if (code === COMMA) {
          this.index++;
          frame.expect = 'key';
          return true;
        }
        if (code === CLOSE_BRACE) return this.closeContainer();
        throw this.fail("expected ',' or '}'");
    }
  }

  private stepArray(frame: Extract<Frame, { kind: 'array' }>, code: number, final: boolean): boolean {
    if (frame.expect === 'comma') {
      if (code === COMMA) {
        this.index++;
        frame.expect = 'value';
        return true;
      }
      if (code === CLOSE_BRACKET) return this.closeContainer();
      throw this.fail("expected ',' or ']'");
    }
    if (code === CLOSE_BRACKET && frame.expect === 'first-value') return this.closeContainer();
    return this.readElements(frame, final);
  }

  /**
   * Reads every whole element the buffer holds from here, as one native parse: the guessed run
   * first (unless the guess failed in this array before), else the run the structural scan finds.
   */
  private readElements(frame: Extract<Frame, { kind: 'array' }>, final: boolean): boolean {
    const start = this.index;
    if (!frame.scanOnly) {
      // Guessed again with every chunk, even while a scan waits for the end of a long element.
      const end = runByGuess(this.bytes, start, this.length);
      if (end > start) {
        const values = this.tryParseRun(start, end);
        if (values !== undefined) {
          frame.scan = undefined;
          this.placeRun(frame, values, end);
          return true;
        }
        frame.scanOnly = true;
      }
    }
    const scan = (frame.scan ??= new ElementScan(start));
    const found = scan.advance(this.bytes, this.length);
    if (found.kind === 'more') {
      if (final) throw this.fail(scan.inString ? 'the document ends inside a string' : 'the document ends before its value does', this.length);
      return false;
    }
    frame.scan = undefined;
    if (found.end === start) throw this.fail('expected a value');
    const values = this.tryParseRun(start, found.end);
    if (values === undefined) throw this.failInRun(start, found.end);
    this.placeRun(frame, values, found.end);
    return true;
  }

  private placeRun(frame: Extract<Frame, { kind: 'array' }>, values: unknown[], end: number): void {
    frame.repeats.share(values);
    if (frame.value.length === 0) frame.value = values;
    else for (const value of values) frame.value.push(value);
    frame.expect = 'comma';
    this.index = end;
  }

  /** The elements in bytes [start, end), or undefined when that is not a list of JSON values. */
  private tryParseRun(start: number, end: number): unknown[] | undefined {
    const text = this.runText(start, end);
    try {
      return JSON.parse(text) as unknown[];
    } catch {
      return undefined;
    }
  }

  /**
   * `'[' + text of bytes [start, end) + ']'`. `JSON.parse` of a concatenation first copies it
   * into one flat string: a second megabyte-sized string per run (625 MB of garbage at a million
   * contacts, and the old-space collections it triggers). The run almost always has a byte of the
   * buffer on each side (the comma or bracket before it, the comma after it), so those two bytes
   * are overwritten with the brackets for the one decode, then put back: one string, no copy.
   */
  private runText(start: number, end: number): string {
    if (start === 0 || end >= this.length) return `[${this.decode(start, end)}]`;
    const bytes = this.bytes;
    const before = bytes[start - 1]!;
    const after = bytes[end]!;
    bytes[start - 1] = OPEN_BRACKET;
    bytes[end] = CLOSE_BRACKET;
    try {
      return this.decode(start - 1, end + 1, start);
    } finally {
      bytes[start - 1] = before;
      bytes[end] = after;
    }
  }

  /** The error of a run the scan delimited that did not parse: which element, where, and why. */
  private failInRun(start: number, end: number): JsonChunkError {
    const ends = ElementScan.elementEnds(this.bytes, start, end);
    let from = start;
    for (let element = 0; element < ends.length; element++) {
      const to = ends[element]!;
      try {
        JSON.parse(this.decode(from, to));
      } catch (error) {
        while (from < to && SPACE_BYTES[this.bytes[from]!] === 1) from++;
        const message = from === to ? 'expected a value' : `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
        return new JsonChunkError(`${message} (at byte ${this.dropped + from}, in ${this.path(element)})`);
      }
      from = to + 1;
    }
    return this.fail('not valid JSON', start);
  }

  /** A value in an object, or the root: containers are walked into, scalars parsed. */
  private readValue(code: number, final: boolean): boolean {
    if (code === OPEN_BRACE) {
      this.index++;
      this.stack.push({ kind: 'object', value: {}, key: undefined, expect: 'first-key' });
      return true;
    }
    if (code === OPEN_BRACKET) {
      this.index++;
      this.stack.push({ kind: 'array', value: [], expect: 'first-value', scanOnly: false, scan: undefined, repeats: new RepeatedStrings() });
      return true;
    }
    return this.readScalar(code, final);
  }

  private readScalar(code: number, final: boolean): boolean {
    let end: number;
    if (code === QUOTE) {
      const close = this.stringEnd(this.index);
      if (close < 0) {
        if (final) throw this.fail('the document ends inside a string');
        return false;
      }
      end = close + 1;
    } else {
      end = this.index;
      while (end < this.length && !isDelimiter(this.bytes[end]!)) end++;
      if (end === this.index) throw this.fail('expected a value');
      // A number may go on in the next chunk.
      if (end >= this.length && !final) return false;
    }
    const value = this.parseSlice(this.index, end);
    this.index = end;
    this.place(value);
    return true;
  }

  /** The index of the quote that closes the string whose opening quote is at `open`; -1 if not here yet. */
  private stringEnd(open: number): number {
    const bytes = this.bytes;
    let from = open + 1;
    for (;;) {
      const quote = bytes.indexOf(QUOTE, from);
      if (quote < 0 || quote >= this.length) return -1;
      let backslashes = 0;
      for (let i = quote - 1; i > open && bytes[i] === BACKSLASH; i--) backslashes++;
      if (backslashes % 2 === 0) return quote;
      from = quote + 1;
    }
  }

  private parseSlice(start: number, end: number): unknown {
    const text = this.decode(start, end);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw this.fail(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`, start);
    }
  }

  /**
   * The text of bytes [start, end). Every slice starts and ends at an ASCII byte of JSON's own
   * syntax, so it never splits a character. The loose decoder is several times faster than the
   * strict one; its U+FFFD for a bad sequence sends the slice to the strict one, which refuses it
   * (a U+FFFD the text really holds decodes the same both ways).
   */
  private decode(start: number, end: number, errorAt = start): string {
    const slice = this.bytes.subarray(start, end);
    const ascii = this.asciiText?.(slice);
    if (ascii !== undefined) return ascii;
    const text = this.looseDecoder.decode(slice);
    if (!text.includes(REPLACEMENT_CHARACTER)) return text;
    try {
      return this.strictDecoder.decode(slice);
    } catch {
      throw this.fail('the text is not valid UTF-8', errorAt);
    }
  }

  private closeContainer(): boolean {
    this.index++;
    const frame = this.stack.pop()!;
    this.place(frame.value);
    return true;
  }

  /** Puts a finished value where the outline expects it. */
  private place(value: unknown): void {
    const parent = this.stack[this.stack.length - 1];
    if (parent === undefined) {
      this.root = { value };
      return;
    }
    if (parent.kind === 'array') {
      parent.value.push(value);
      parent.expect = 'comma';
      return;
    }
    const key = parent.key!;
    // JSON.parse makes "__proto__" an own property; plain assignment would set the prototype.
    if (key === '__proto__') Object.defineProperty(parent.value, key, { value, enumerable: true, writable: true, configurable: true });
    else parent.value[key] = value;
    parent.key = undefined;
    parent.expect = 'comma';
  }
}

/** Parses a document from its chunks; refuses (JsonChunkError) more than `maxBytes` of it. */
export async function parseJsonChunks(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<unknown> {
  const parser = new JsonChunkParser();
  let size = 0;
  for await (const chunk of chunks) {
    size += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    if (size > maxBytes) throw new JsonChunkTooLarge(maxBytes);
    parser.write(chunk);
  }
  return parser.end();
}

export class JsonChunkTooLarge extends JsonChunkError {
  constructor(readonly maxBytes: number) {
    super(`the document is larger than ${maxBytes} bytes`);
  }
}
