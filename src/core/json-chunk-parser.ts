/**
 * Parses one JSON document that arrives in chunks, never holding its whole text: a snapshot of a
 * million contacts is more text than V8 can hold in one string (about 512 MiB).
 *
 * The document's outline (objects, and the arrays directly in them) is walked here, one token at
 * a time; every array element, and every scalar, is parsed by the engine's own `JSON.parse` from
 * its own slice of text. A snapshot's records are array elements, so each record is one native
 * parse of a few hundred bytes, and only the text of the record being read is kept. Native
 * parsing also means native validation: what this accepts is exactly what `JSON.parse` accepts
 * (the tests compare them on generated documents cut at random places), and the value built is
 * the same.
 *
 * Measured against a general streaming tokenizer (@streamparser/json, which builds every value
 * token by token in JavaScript), this was about 3x faster on a state file; see docs/decisions.md.
 * Runtime-neutral (no node:*).
 */

export class JsonChunkError extends Error {
  override readonly name = 'JsonChunkError';
}

type Frame =
  | { readonly kind: 'object'; readonly value: Record<string, unknown>; key: string | undefined; expect: 'first-key' | 'key' | 'colon' | 'value' | 'comma' }
  | { readonly kind: 'array'; readonly value: unknown[]; expect: 'first-value' | 'value' | 'comma' };

/** An array element being read: where it starts in the buffer, and how far the scan got. */
interface Capture {
  start: number;
  pos: number;
  depth: number;
  /** The opening quote of the string the scan is inside, or -1. */
  stringOpen: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(code: number): boolean {
  return code === SPACE || code === LF || code === CR || code === TAB;
}

/** Where a scalar token (number, true, false, null) ends: JSON's delimiters and whitespace. */
function isDelimiter(code: number): boolean {
  return isSpace(code) || code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === COLON;
}

export class JsonChunkParser {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private buffer = '';
  private index = 0;
  /** Characters dropped from the front of the buffer so far (for error positions). */
  private dropped = 0;
  private readonly stack: Frame[] = [];
  private capture: Capture | undefined;
  private root: { value: unknown } | undefined;
  private ended = false;
  /** Where the text ended (in characters ever received) when a batch last failed; see readBatch. */
  private batchFailedAt = -1;

  /** Feeds the next piece of the document (bytes are UTF-8; a character may be split between chunks). */
  write(chunk: Uint8Array | string): void {
    if (this.ended) throw new JsonChunkError('the document was already ended');
    this.buffer += typeof chunk === 'string' ? chunk : this.decode(chunk, true);
    this.run(false);
    this.compact();
  }

  /** The end of the document: its value, or a JsonChunkError when it is incomplete or not JSON. */
  end(): unknown {
    if (!this.ended) {
      this.buffer += this.decode(new Uint8Array(0), false);
      this.ended = true;
      this.run(true);
    }
    if (this.root === undefined || this.stack.length > 0 || this.capture !== undefined) throw this.fail('the document ends before its value does');
    return this.root.value;
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    try {
      return this.decoder.decode(bytes, { stream });
    } catch {
      throw this.fail('the text is not valid UTF-8');
    }
  }

  /** Drops what was consumed, keeping an element still being read. */
  private compact(): void {
    const keep = this.capture ? this.capture.start : this.index;
    if (keep === 0) return;
    this.buffer = this.buffer.slice(keep);
    this.dropped += keep;
    this.index -= keep;
    if (this.capture) {
      this.capture.pos -= keep;
      if (this.capture.stringOpen >= 0) this.capture.stringOpen -= keep;
      this.capture.start = 0;
    }
  }

  private fail(message: string): JsonChunkError {
    return new JsonChunkError(`${message} (at character ${this.dropped + this.index})`);
  }

  /** Advances as far as the buffer allows. `final`: no more text is coming. */
  private run(final: boolean): void {
    const text = this.buffer;
    for (;;) {
      if (this.capture) {
        if (!this.scanCapture(text)) return;
        continue;
      }
      while (this.index < text.length && isSpace(text.charCodeAt(this.index))) this.index++;
      if (this.index >= text.length) return;
      if (this.root !== undefined && this.stack.length === 0) throw this.fail('unexpected text after the document');
      const code = text.charCodeAt(this.index);
      const frame = this.stack[this.stack.length - 1];
      if (frame === undefined || (frame.kind === 'object' && frame.expect === 'value')) {
        if (!this.readValue(text, code, final)) return;
      } else if (frame.kind === 'object') {
        if (!this.stepObject(frame, text, code, final)) return;
      } else if (!this.stepArray(frame, text, code, final)) return;
    }
  }

  private stepObject(frame: Extract<Frame, { kind: 'object' }>, text: string, code: number, final: boolean): boolean {
    switch (frame.expect) {
      case 'first-key':
      case 'key': {
        if (code === CLOSE_BRACE && frame.expect === 'first-key') return this.closeContainer();
        if (code !== QUOTE) throw this.fail('expected a property name');
        const end = this.stringEnd(text, this.index);
        if (end < 0) {
          if (final) throw this.fail('the document ends inside a property name');
          return false;
        }
        frame.key = this.parseSlice(text, this.index, end + 1) as string;
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

  private stepArray(frame: Extract<Frame, { kind: 'array' }>, text: string, code: number, final: boolean): boolean {
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
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (this.readBatch(frame, text)) return true;
      // An element that is an object or array: scanned to its end, then parsed natively whole.
      this.capture = { start: this.index, pos: this.index, depth: 0, stringOpen: -1 };
      return true;
    }
    return this.readScalar(text, code, final);
  }

  /**
   * The fast way through an array of records: every complete element the buffer holds, parsed by
   * one `JSON.parse('[' + elements + ']')`. The slice ends at the last `}` or `]` followed by a
   * comma; if that comma is not the array's own (it is inside a string, or in a nested or a later
   * array), the slice is not a valid list of values, the parse fails, and the elements are read
   * one by one instead. A slice that parses is exactly a run of whole elements: a cut inside a
   * string leaves it unterminated, a cut inside a nested value leaves a bracket open.
   */
  private readBatch(frame: Extract<Frame, { kind: 'array' }>, text: string): boolean {
    // One failed try per piece of text: otherwise every element would pay for a parse that fails.
    if (this.batchFailedAt === this.dropped + text.length) return false;
    const opener = text.charCodeAt(this.index);
    const closer = opener === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
    let comma = text.lastIndexOf(',');
    for (let tries = 0; tries < 256 && comma > this.index; tries++) {
      let end = comma - 1;
      while (end > this.index && isSpace(text.charCodeAt(end))) end--;
      let next = comma + 1;
      while (next < text.length && isSpace(text.charCodeAt(next))) next++;
      // Between two elements like the first: `},{` in an array of records.
      if (text.charCodeAt(end) === closer && text.charCodeAt(next) === opener) {
        let values: unknown;
        try {
          values = JSON.parse(`[${text.slice(this.index, end + 1)}]`);
        } catch {
          this.batchFailedAt = this.dropped + text.length;
          return false;
        }
        for (const value of values as unknown[]) frame.value.push(value);
        frame.expect = 'comma';
        this.index = end + 1;
        return true;
      }
      comma = text.lastIndexOf(',', comma - 1);
    }
    this.batchFailedAt = this.dropped + text.length;
    return false;
  }

  /** A value in an object, or the root: containers are walked into, scalars parsed. */
  private readValue(text: string, code: number, final: boolean): boolean {
    if (code === OPEN_BRACE) {
      this.index++;
      this.stack.push({ kind: 'object', value: {}, key: undefined, expect: 'first-key' });
      return true;
    }
    if (code === OPEN_BRACKET) {
      this.index++;
      this.stack.push({ kind: 'array', value: [], expect: 'first-value' });
      return true;
    }
    return this.readScalar(text, code, final);
  }

  private readScalar(text: string, code: number, final: boolean): boolean {
    let end: number;
    if (code === QUOTE) {
      const close = this.stringEnd(text, this.index);
      if (close < 0) {
        if (final) throw this.fail('the document ends inside a string');
        return false;
      }
      end = close + 1;
    } else {
      end = this.index;
      while (end < text.length && !isDelimiter(text.charCodeAt(end))) end++;
      if (end === this.index) throw this.fail('expected a value');
      // A number may go on in the next chunk.
      if (end >= text.length && !final) return false;
    }
    const value = this.parseSlice(text, this.index, end);
    this.index = end;
    this.place(value);
    return true;
  }

  /** Scans the captured element; true once it is complete (and placed). */
  private scanCapture(text: string): boolean {
    const capture = this.capture!;
    let pos = capture.pos;
    while (pos < text.length) {
      if (capture.stringOpen >= 0) {
        // Scanned again from its opening quote when more text comes: a backslash run may go on.
        const close = this.stringEnd(text, capture.stringOpen);
        if (close < 0) {
          capture.pos = text.length;
          return false;
        }
        capture.stringOpen = -1;
        pos = close + 1;
        continue;
      }
      const code = text.charCodeAt(pos);
      if (code === QUOTE) capture.stringOpen = pos;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) capture.depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        capture.depth--;
        if (capture.depth === 0) {
          const value = this.parseSlice(text, capture.start, pos + 1);
          this.capture = undefined;
          this.index = pos + 1;
          this.place(value);
          return true;
        }
      }
      pos++;
    }
    capture.pos = pos;
    return false;
  }

  /** The index of the quote that closes the string whose opening quote is at `open`; -1 if not here yet. */
  private stringEnd(text: string, open: number): number {
    let from = open + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) return -1;
      let backslashes = 0;
      for (let i = quote - 1; i > open && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
      if (backslashes % 2 === 0) return quote;
      from = quote + 1;
    }
  }

  private parseSlice(text: string, start: number, end: number): unknown {
    try {
      return JSON.parse(text.slice(start, end));
    } catch (error) {
      this.index = start;
      throw this.fail(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
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
