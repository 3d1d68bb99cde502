/**
 * A request body taken as a stream: the chunks as they arrive, never gathered by the core, with
 * the route's own byte limit enforced while they arrive. This is the one interface streamed
 * routes build on (multipart uploads through ./multipart-stream.ts; `POST /_sandbox/restore` can
 * hand `chunks()` to a chunked restore). docs/architecture.md, "Streamed request bodies".
 *
 * Where the bytes come from:
 *   - node (`serve`, `listen`): the `IncomingMessage`, read as an async iterable (adapters/node-http.ts);
 *   - fetch hosts (MSW, `sim.fetch`): the `Request.body` ReadableStream (`streamSource` in ./body.ts);
 *   - in-process callers (`sim.request` with a FormData or text): bytes already in memory, one chunk.
 */
import { ApiError } from './errors.js';
import { textOverLimit } from './normalize.js';
import { createStreamDigest, type StreamDigest } from './sha256-stream.js';
import type { NormalizedRequest } from './types.js';

export interface StreamedBody {
  /** The Content-Type header as sent; undefined when none was. */
  readonly contentType: string | undefined;
  /** The route's limit: `chunks()` throws 413 `payload_too_large` naming `body` past it. */
  readonly maxBytes: number;
  /**
   * The body's bytes as they arrive (none for a bodiless request). Callable once: the bytes are
   * not kept, so a second reader would find nothing.
   */
  chunks(): AsyncIterable<Uint8Array>;
  /** How many bytes `chunks()` has handed out so far. */
  readonly bytesRead: number;
  /** The SHA-256 of every byte handed out, when the body was opened with `digest` (idempotency). */
  digestHex(): string | undefined;
}

export function tooLarge(maxBytes: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`, { param: 'body' });
}

/**
 * The body's stream failed before its end: the client closed the connection mid-upload, or
 * stopped sending until the server's request timeout. A 400 naming `body` (nobody may be there to
 * read it, but the request log and any idempotency claim see a refused request), never a logged
 * 500: the server did nothing wrong. Adapters turn their stream's own errors into this.
 */
export function bodyCutOff(): ApiError {
  return new ApiError('invalid_param', 'The request body ended before it was complete: the connection closed or stopped sending.', { param: 'body' });
}

const encoder = new TextEncoder();

/**
 * The request's body as a stream, limited to `maxBytes`. A declared Content-Length past the
 * limit is refused at once, before a byte is read; a body that runs past it while streaming is
 * refused as soon as the byte that crosses it arrives (reading stops there).
 */
export function openStreamedBody(request: NormalizedRequest, maxBytes: number, options: { digest?: boolean } = {}): StreamedBody {
  const source = request.bodySource;
  if (source?.declaredLength !== undefined && source.declaredLength > maxBytes) throw tooLarge(maxBytes);
  const digest: StreamDigest | undefined = options.digest ? createStreamDigest() : undefined;
  let bytesRead = 0;
  let opened = false;

  async function* raw(): AsyncGenerator<Uint8Array> {
    if (source === undefined) {
      // In-process text (a JSON value the normaliser serialised, or text): one chunk.
      const text = request.rawBody;
      if (text === undefined) return;
      if (textOverLimit(text, maxBytes)) throw tooLarge(maxBytes);
      yield encoder.encode(text);
      return;
    }
    if (source.chunks) {
      yield* source.chunks(maxBytes);
      return;
    }
    // A source whose bytes are already in memory (sim.request with a FormData, a rewritten body).
    const bytes = await source.read(maxBytes);
    if (bytes === 'too_large') throw tooLarge(maxBytes);
    if (bytes.length > 0) yield bytes;
  }

  return {
    contentType: request.headers['content-type'],
    maxBytes,
    get bytesRead() {
      return bytesRead;
    },
    digestHex: () => digest?.hex(),
    async *chunks() {
      if (opened) throw new Error('A streamed body can be read once.');
      opened = true;
      for await (const chunk of raw()) {
        if (chunk.length === 0) continue;
        bytesRead += chunk.length;
        // Counted here too, so a source that does not enforce the limit still cannot pass it.
        if (bytesRead > maxBytes) throw tooLarge(maxBytes);
        digest?.update(chunk);
        yield chunk;
      }
    },
  };
}
