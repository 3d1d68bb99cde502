/**
 * Reading a request body, once the pipeline knows the request is routed, authenticated and
 * allowed: up to the route's own limit, checked against the content type the route takes, and
 * decoded for it (JSON text, or a multipart form with its files). A body a refused request sent
 * is never read at all.
 *
 * Multipart bodies are parsed by the platform's own parser (the Fetch `Response.formData()` that
 * Node and browsers ship), so both runtimes take exactly the same requests; files arrive as bytes,
 * and their type is for the route to judge from those bytes, never from the declared type.
 */
import { ApiError } from './errors.js';
import { sha256, toHex } from './hash.js';
import { textOverLimit } from './normalize.js';
import type { NormalizedRequest, UploadedFile } from './types.js';

export type BodyKind = 'json' | 'multipart';

/** What the body turned out to be: JSON text, or multipart fields. Both absent: no body. */
export interface ReadBody {
  readonly text: string | undefined;
  readonly form: Readonly<Record<string, string | UploadedFile>> | undefined;
  /** What idempotency fingerprints: the text, or a digest-ready rendering of the bytes. */
  readonly fingerprint: string | undefined;
}

const NONE: ReadBody = { text: undefined, form: undefined, fingerprint: undefined };

export function tooLarge(maxBodyBytes: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`, { param: 'body' });
}

function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

function unsupported(kind: BodyKind, type: string): ApiError {
  const wanted = kind === 'json' ? 'application/json' : 'multipart/form-data';
  return new ApiError('unsupported_media_type', `This endpoint takes ${wanted}; the body was sent as ${type}.`, {
    param: 'Content-Type',
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export async function readBody(request: NormalizedRequest, kind: BodyKind, maxBytes: number): Promise<ReadBody> {
  const type = mediaType(request.headers['content-type']);
  if (request.bodySource === undefined) {
    // In-process callers hand over text (or a JSON value the normaliser serialised).
    const text = request.rawBody;
    if (text === undefined) return NONE;
    if (textOverLimit(text, maxBytes)) throw tooLarge(maxBytes);
    if (kind === 'multipart') throw unsupported(kind, type ?? 'text');
    if (type !== undefined && !isJsonType(type)) throw unsupported(kind, type);
    return { text, form: undefined, fingerprint: text };
  }
  const source = request.bodySource;
  if (source.declaredLength !== undefined && source.declaredLength > maxBytes) throw tooLarge(maxBytes);
  const bytes = await source.read(maxBytes);
  if (bytes === 'too_large') throw tooLarge(maxBytes);
  if (bytes.length === 0) return NONE;
  if (kind === 'multipart') {
    if (type !== 'multipart/form-data') throw unsupported(kind, type ?? 'no Content-Type');
    const form = await parseMultipart(bytes, request.headers['content-type']!);
    // Rendered only when idempotency asks for it (for a 25 MB upload it is not free).
    return {
      text: undefined,
      form,
      get fingerprint() {
        return formFingerprint(form);
      },
    };
  }
  if (type !== undefined && !isJsonType(type)) throw unsupported(kind, type);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid UTF-8 JSON.', { param: 'body' });
  }
  return { text, form: undefined, fingerprint: text };
}

/**
 * What idempotency compares for a form: its fields and files, not the bytes on the wire, whose
 * multipart boundary a client draws anew for every attempt (a retry re-encodes the same form).
 */
function formFingerprint(form: Readonly<Record<string, string | UploadedFile>>): string {
  const names = Object.keys(form).sort();
  const parts = names.map((name) => {
    const value = form[name]!;
    if (typeof value === 'string') return `${name}=${JSON.stringify(value)}`;
    return `${name}=file:${JSON.stringify(value.filename)}:${JSON.stringify(value.declaredType)}:${value.bytes.length}:${toHex(sha256(value.bytes))}`;
  });
  return `multipart:${parts.join('&')}`;
}

async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<Record<string, string | UploadedFile>> {
  let form: FormData;
  try {
    form = await new Response(ownBuffer(bytes), { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new ApiError('invalid_param', `The multipart/form-data body is malformed (${reason}).`, { param: 'body' });
  }
  const fields: Record<string, string | UploadedFile> = {};
  for (const [name, value] of form.entries()) {
    if (Object.hasOwn(fields, name)) throw new ApiError('invalid_param', `The field ${name} is sent more than once.`, { param: name });
    if (typeof value === 'string') fields[name] = value;
    else {
      const file: UploadedFile = {
        kind: 'file',
        filename: value.name,
        declaredType: value.type,
        size: value.size,
        bytes: new Uint8Array(await value.arrayBuffer()),
      };
      fields[name] = file;
    }
  }
  return fields;
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

/** A body source over a web stream (the MSW runtime, `sim.fetch`): stops reading past the limit. */
export function streamSource(stream: ReadableStream<Uint8Array> | null, declaredLength: number | undefined) {
  return {
    ...(declaredLength !== undefined ? { declaredLength } : {}),
    async read(maxBytes: number): Promise<Uint8Array | 'too_large'> {
      if (stream === null) return new Uint8Array(0);
      const reader = stream.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > maxBytes) {
          // Not awaited: some hosts (MSW's interceptor) settle a cancel only once the sender is done.
          reader.cancel().catch(() => {});
          return 'too_large';
        }
        chunks.push(value);
      }
      const out = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.length;
      }
      return out;
    },
  };
}
