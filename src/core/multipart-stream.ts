/**
 * multipart/form-data read as it streams: text fields are collected (they are small: 1 MiB at
 * most each), file parts are handed chunk by chunk to the route's `FileSink`, which keeps only
 * what the route needs (a header, metadata, or the bytes when the route stores them). The whole
 * body is never held by the core.
 *
 * The parser is `multipasta` (docs/decisions.md, "Streamed uploads"): a push parser over plain
 * `Uint8Array`s with no runtime dependency, so the same code runs under node, MSW and browsers.
 * Each chunk is written synchronously and the sink consumes it before the next is pulled, so
 * memory is bounded by one chunk plus what the sinks keep.
 */
import { make, type MultipartError, type PartInfo } from 'multipasta';
import type { StreamedBody } from './body-stream.js';
import { ApiError, invalidParam } from './errors.js';
import { createStreamDigest, type StreamDigest } from './sha256-stream.js';
import type { FilePartInfo, FileSink, InspectedFile } from './types.js';

/** A text field larger than this is refused (413 naming the body): forms carry files as files. */
export const FIELD_MAX_BYTES = 1024 * 1024;
/** Fields plus files in one form; the upload routes take two to four. */
export const PARTS_MAX = 64;

export interface MultipartReadOptions<T> {
  /** A sink for each file part as it starts. */
  readonly fileSink: (info: FilePartInfo) => FileSink<T>;
  /** Compute the idempotency fingerprint (a SHA-256 of each file as it streams). */
  readonly fingerprint: boolean;
}

export interface StreamedForm<T> {
  readonly fields: Readonly<Record<string, string | InspectedFile<T>>>;
  /** What idempotency compares: the fields and each file's name, type, size and digest. */
  readonly fingerprint: string | undefined;
}

/** Whether a multipart Content-Type carries its boundary parameter. */
function hasBoundary(contentType: string): boolean {
  return /;\s*boundary\s*=\s*("[^"]+"|[^;\s]+)/i.test(contentType);
}

function failure(error: MultipartError): ApiError {
  switch (error._tag) {
    case 'InvalidBoundary':
      return invalidParam('Content-Type', 'The multipart/form-data Content-Type names no boundary.');
    case 'ReachedLimit':
      return new ApiError(
        'payload_too_large',
        error.limit === 'MaxParts' ? `A form takes at most ${PARTS_MAX} parts.` : `A text field of a form takes at most ${FIELD_MAX_BYTES} bytes; send files as file parts.`,
        { param: 'body' },
      );
    case 'EndNotReached':
      return invalidParam('body', 'The multipart/form-data body ends before its closing boundary (it was cut short).');
    case 'BadHeaders':
      return invalidParam('body', `The multipart/form-data body has a part whose headers cannot be read (${error.error.reason}).`);
    case 'InvalidDisposition':
      return invalidParam('body', 'The multipart/form-data body has a part without a form-data name.');
  }
}

/** The charset a text part declares (`Content-Type: text/plain; charset=...`), UTF-8 when none. */
function charsetOf(info: PartInfo): string {
  return info.contentTypeParameters['charset'] ?? 'UTF-8';
}

/**
 * A text field's value, or undefined when its bytes are not text in its charset (invalid UTF-8):
 * refused by name, as a JSON body that is not UTF-8 is refused (audit 13d, D4), never stored with
 * U+FFFD in place of the bytes. Decoded as multipasta's `decodeField` does otherwise (a leading
 * BOM dropped; an unknown charset read as UTF-8). File parts are bytes and never decoded.
 */
function fieldText(info: PartInfo, value: Uint8Array): string | undefined {
  try {
    return decoderFor(charsetOf(info)).decode(value);
  } catch {
    return undefined;
  }
}

const decoders = new Map<string, TextDecoder>();
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decoderFor(charset: string): TextDecoder {
  const label = charset.trim().toLowerCase();
  if (label === 'utf-8' || label === 'utf8' || label === '') return UTF8;
  let decoder = decoders.get(label);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(label, { fatal: true });
    } catch {
      decoder = UTF8;
    }
    // Bounded by the labels TextDecoder knows (an unknown one maps to UTF-8 and is not kept).
    if (decoder !== UTF8) decoders.set(label, decoder);
  }
  return decoder;
}

interface OpenFile<T> {
  readonly info: FilePartInfo;
  readonly sink: FileSink<T>;
  readonly digest: StreamDigest | undefined;
  size: number;
}

/**
 * Reads a multipart/form-data body. Undefined for a body of no bytes at all (the route decides
 * whether one is required). 400 naming `Content-Type` without a boundary, `body` for a malformed
 * or truncated body, the field for a field sent twice; 413 past the body's limit.
 */
export async function readMultipart<T>(body: StreamedBody, options: MultipartReadOptions<T>): Promise<StreamedForm<T> | undefined> {
  const contentType = body.contentType ?? '';
  if (!hasBoundary(contentType)) {
    // Not even started: nothing is read from a body we could not parse anyway.
    throw invalidParam('Content-Type', 'The multipart/form-data Content-Type names no boundary.');
  }
  // No prototype: a part may be named `__proto__`, and must then be a field like any other (an
  // unknown one, refused by name), not the object's prototype (audit 13d, D1).
  const fields = Object.create(null) as Record<string, string | InspectedFile<T>>;
  const ends: Promise<void>[] = [];
  const fingerprints: [name: string, rendered: string][] = [];
  let error: ApiError | undefined;
  let done = false;

  const seen = new Set<string>();
  const firstTime = (name: string): boolean => {
    if (!seen.has(name)) return seen.add(name), true;
    error ??= invalidParam(name, `The field ${name} is sent more than once.`);
    return false;
  };

  const parser = make({
    headers: { 'content-type': contentType },
    maxParts: PARTS_MAX,
    maxFieldSize: FIELD_MAX_BYTES,
    onField(info: PartInfo, value: Uint8Array) {
      if (!firstTime(info.name)) return;
      const text = fieldText(info, value);
      if (text === undefined) {
        error ??= invalidParam(info.name, `The field ${info.name} is not valid ${charsetOf(info)} text.`);
        return;
      }
      fields[info.name] = text;
      if (options.fingerprint) fingerprints.push([info.name, JSON.stringify(text)]);
    },
    onFile(info: PartInfo) {
      if (!firstTime(info.name)) return () => {};
      const described: FilePartInfo = { field: info.name, filename: info.filename ?? '', declaredType: info.contentType };
      const file: OpenFile<T> = {
        info: described,
        sink: options.fileSink(described),
        digest: options.fingerprint ? createStreamDigest() : undefined,
        size: 0,
      };
      return (chunk: Uint8Array | null) => {
        if (chunk !== null) {
          file.size += chunk.length;
          file.digest?.update(chunk);
          file.sink.write(chunk);
          return;
        }
        const ending = finish(file);
        // Awaited below with the others; until then a failure must not count as unhandled.
        ending.catch(() => {});
        ends.push(ending);
      };
    },
    onError(reason: MultipartError) {
      error ??= failure(reason);
    },
    onDone() {
      done = true;
    },
  });

  async function finish(file: OpenFile<T>): Promise<void> {
    const content = await file.sink.end();
    const { field, filename, declaredType } = file.info;
    fields[field] = { kind: 'file', filename, declaredType, size: file.size, content };
    if (file.digest) fingerprints.push([field, `file:${JSON.stringify(filename)}:${JSON.stringify(declaredType)}:${file.size}:${file.digest.hex()}`]);
  }

  for await (const chunk of body.chunks()) {
    parser.write(chunk);
    // Stop reading at the first malformed byte: the rest of the body is not worth taking.
    if (error) throw error;
    if (done) break;
  }
  if (body.bytesRead === 0) return undefined;
  if (!done) parser.end();
  if (error) throw error;
  if (!done) throw invalidParam('body', 'The multipart/form-data body ends before its closing boundary (it was cut short).');
  await Promise.all(ends);
  return { fields, fingerprint: options.fingerprint ? renderFingerprint(fingerprints) : undefined };
}

/**
 * The form as idempotency compares it: fields by name, each file by name, type, size and digest,
 * never the bytes on the wire, whose boundary a client draws anew for every attempt.
 */
function renderFingerprint(parts: [name: string, rendered: string][]): string {
  const sorted = [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `multipart:${sorted.map(([name, rendered]) => `${name}=${rendered}`).join('&')}`;
}
