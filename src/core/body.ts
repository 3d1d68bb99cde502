/**
 * Reading a request body, once the pipeline knows the request is routed, authenticated and
 * allowed: up to the route's own limit, checked against the content type the route takes, and
 * decoded for it. A body a refused request sent is never read at all.
 *
 * - `json`: the text, gathered up to the limit (1 MiB unless the route says otherwise).
 * - `multipart`: streamed through ./multipart-stream.ts; each file part goes to the route's
 *   `fileSink` as it arrives (by default one that keeps the bytes, for routes that store files).
 * - `stream`: the route's `intake` takes the chunks itself (./body-stream.ts), e.g. a restore.
 *
 * Files are judged by the route from their bytes, never from the declared name or type.
 */
import { bodyCutOff, openStreamedBody, tooLarge, type StreamedBody } from './body-stream.js';
import { concatBytes } from './bytes.js';
import { ApiError } from './errors.js';
import { readMultipart } from './multipart-stream.js';
import { textOverLimit } from './normalize.js';
import type { BodySource, FilePartInfo, FileSink, InspectedFile, NormalizedRequest, UploadedFile } from './types.js';

export { tooLarge };

export type BodyKind = 'json' | 'multipart' | 'stream';

/** What the body turned out to be: JSON text, multipart fields, or a streamed route's intake. */
export interface ReadBody {
  readonly text: string | undefined;
  readonly form: Readonly<Record<string, unknown>> | undefined;
  /** What idempotency fingerprints: the text, the form's fields and file digests, or the stream's digest. */
  readonly fingerprint: string | undefined;
  /** A `stream` route: what its intake gave (the body its schema checks), when it read one. */
  readonly intake?: { readonly value: unknown };
}

export interface BodyReadOptions {
  /** Whether idempotency will ask for a fingerprint (streamed bodies digest only then). */
  readonly fingerprint: boolean;
  /** `multipart`: where each file part's bytes go (default: kept, as an `UploadedFile`). */
  readonly fileSink?: (info: FilePartInfo) => FileSink<unknown>;
  /** `stream`: takes the body's chunks; what it returns is the body. */
  readonly intake?: (body: StreamedBody) => Promise<unknown>;
}

const NONE: ReadBody = { text: undefined, form: undefined, fingerprint: undefined };

function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * An upload route sent something other than a multipart form: its file is missing, which is the
 * 400 `invalid_param` section 7.1 has for it (the spec has no 415).
 */
function notMultipart(type: string): ApiError {
  return new ApiError('invalid_param', `This endpoint takes multipart/form-data with a file part; the body was sent as ${type}.`, {
    param: 'file',
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the request's body as its route takes it and hands it to `next`. Not an async function:
 * a JSON body from the wire (every POST /contacts) is decoded and handed on in the source read's
 * own `then`, one promise and one microtask turn per request, not an async frame that keeps its
 * locals across the await.
 */
export function readBodyThen<R>(
  request: NormalizedRequest,
  kind: BodyKind,
  maxBytes: number,
  options: BodyReadOptions,
  next: (read: ReadBody) => R | Promise<R>,
): Promise<R> {
  if (kind === 'multipart') return readForm(request, maxBytes, options).then(next);
  if (kind === 'stream') return readStream(request, maxBytes, options).then(next);
  const source = request.bodySource;
  try {
    if (source === undefined) return Promise.resolve(inProcessText(request.rawBody, maxBytes)).then(next);
    if (source.declaredLength !== undefined && source.declaredLength > maxBytes) throw tooLarge(maxBytes);
    return source.read(maxBytes).then((bytes) => next(jsonText(bytes, maxBytes)));
  } catch (error) {
    return Promise.reject(error);
  }
}

async function readStream(request: NormalizedRequest, maxBytes: number, options: BodyReadOptions): Promise<ReadBody> {
  if (options.intake === undefined) throw new Error('A stream route needs an intake.');
  if (request.bodySource === undefined && request.rawBody === undefined) return NONE;
  const body = openStreamedBody(request, maxBytes, { digest: options.fingerprint });
  const value = await options.intake(body);
  return { text: undefined, form: undefined, fingerprint: options.fingerprint ? `stream:${body.digestHex()}` : undefined, intake: { value } };
}

/**
 * In-process callers hand over text (or a JSON value the normaliser serialised). A leading byte
 * order mark is dropped, as the wire's UTF-8 decoder drops it from the bytes (`utf8` above), so
 * `sim.request` with that text answers what HTTP answers for its bytes (audit 13c, C5). The limit
 * counts it, as it counts the wire's three bytes.
 */
function inProcessText(text: string | undefined, maxBytes: number): ReadBody {
  if (text === undefined) return NONE;
  if (textOverLimit(text, maxBytes)) throw tooLarge(maxBytes);
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  return { text, form: undefined, fingerprint: text };
}

const BYTE_ORDER_MARK = 0xfeff;

/**
 * Whatever the declared type (curl -d says application/x-www-form-urlencoded), a JSON route
 * reads JSON: section 7.1 answers a body that is not JSON with 400 invalid_json, and has no 415.
 */
function jsonText(bytes: Uint8Array | 'too_large', maxBytes: number): ReadBody {
  if (bytes === 'too_large') throw tooLarge(maxBytes);
  if (bytes.length === 0) return NONE;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8 JSON.', { param: 'body' });
  }
  return { text, form: undefined, fingerprint: text };
}

/** A multipart body, streamed: files go to the route's sink as they arrive. */
async function readForm(request: NormalizedRequest, maxBytes: number, options: BodyReadOptions): Promise<ReadBody> {
  if (request.bodySource === undefined) {
    if (request.rawBody === undefined) return NONE;
    throw notMultipart(mediaType(request.headers['content-type']) ?? 'text');
  }
  const type = mediaType(request.headers['content-type']);
  if (type !== 'multipart/form-data') {
    if (request.bodySource.declaredLength === 0) return NONE;
    throw notMultipart(type ?? 'no Content-Type');
  }
  const body = openStreamedBody(request, maxBytes);
  const custom = options.fileSink;
  const form = await readMultipart<unknown>(body, { fileSink: custom ?? keepBytes, fingerprint: options.fingerprint });
  if (form === undefined) return NONE;
  return { text: undefined, form: custom ? form.fields : asUploadedFiles(form.fields), fingerprint: form.fingerprint };
}

/** The default sink: the file's bytes, for routes that store them (bounded by the route's limit). */
function keepBytes(): FileSink<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    write(chunk) {
      chunks.push(chunk);
      size += chunk.length;
    },
    end() {
      // A copy of its own either way: a chunk is a view into the wire chunk it came in.
      return chunks.length === 1 ? chunks[0]!.slice() : concatBytes(chunks, size);
    },
  };
}

function asUploadedFiles(fields: Readonly<Record<string, unknown>>): Record<string, string | UploadedFile> {
  // No prototype, as the parsed form (./multipart-stream.ts): a part named `__proto__` stays a field.
  const out = Object.create(null) as Record<string, string | UploadedFile>;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') out[name] = value;
    else {
      const file = value as InspectedFile<Uint8Array>;
      out[name] = { kind: 'file', filename: file.filename, declaredType: file.declaredType, size: file.size, bytes: file.content };
    }
  }
  return out;
}

/** The bytes as a view over a plain ArrayBuffer (what Fetch bodies take); copied only if shared. */
export function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

/** A body source over bytes already in memory (in-process callers sending a form or a file). */
export function bytesSource(bytes: Uint8Array): { declaredLength: number; read: (maxBytes: number) => Promise<Uint8Array | 'too_large'> } {
  return {
    declaredLength: bytes.length,
    read: async (maxBytes) => (bytes.length > maxBytes ? 'too_large' : bytes),
  };
}

/**
 * A body source over a web stream (the MSW runtime, `sim.fetch`): `chunks` pulls one chunk at a
 * time as the core asks (nothing is gathered), `read` gathers for JSON routes. Both stop reading
 * past the limit.
 */
export function streamSource(stream: ReadableStream<Uint8Array> | null, declaredLength: number | undefined): BodySource {
  async function* chunks(maxBytes: number): AsyncGenerator<Uint8Array> {
    if (stream === null) return;
    const reader = stream.getReader();
    let size = 0;
    let finished = false;
    try {
      for (;;) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch {
          throw bodyCutOff();
        }
        const { done, value } = step;
        if (done) {
          finished = true;
          return;
        }
        size += value.length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        yield value;
      }
    } finally {
      // A reader that stopped early (too large, malformed) lets go of the stream. Not awaited:
      // some hosts (MSW's interceptor) settle a cancel only once the sender is done.
      if (!finished) reader.cancel().catch(() => {});
    }
  }
  return {
    ...(declaredLength !== undefined ? { declaredLength } : {}),
    chunks,
    async read(maxBytes: number): Promise<Uint8Array | 'too_large'> {
      const parts: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of chunks(maxBytes)) {
          parts.push(chunk);
          size += chunk.length;
        }
      } catch (error) {
        if (error instanceof ApiError && error.code === 'payload_too_large') return 'too_large';
        throw error;
      }
      return concatBytes(parts, size);
    },
  };
}
