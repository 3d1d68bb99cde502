/** Turns any `SimRequest` into the one shape the pipeline reads. */
import { ApiError } from './errors.js';
import type { HeaderValue, NormalizedRequest, SimRequest } from './types.js';

export function normalizeRequest(request: SimRequest): NormalizedRequest {
  const method = request.method.toUpperCase();
  let path = request.path;
  const query: Record<string, string> = {};
  let repeatedQuery: string[] | undefined;
  const questionMark = path.indexOf('?');
  if (questionMark >= 0) {
    repeatedQuery = addQuery(query, path.slice(questionMark + 1), repeatedQuery);
    path = path.slice(0, questionMark);
  }
  if (typeof request.query === 'string') repeatedQuery = addQuery(query, request.query, repeatedQuery);
  else if (request.query) {
    for (const [name, value] of Object.entries(request.query)) {
      if (value !== undefined) query[name] = String(value);
    }
  }

  const headers = request.headers ? lowerCaseHeaders(request.headers) : {};

  let rawBody: string | undefined;
  if (typeof request.body === 'string') rawBody = request.body;
  else if (request.body !== undefined) rawBody = serialise(request.body);
  const normalized: NormalizedRequest = { method, path, query, headers, rawBody, bodySource: request.bodySource, origin: request.origin };
  if (repeatedQuery) normalized.repeatedQuery = repeatedQuery;
  return normalized;
}

/**
 * Header names lower-cased, values joined into one string. Node's parser hands over exactly that
 * shape already (lower-case names, one string per header but `set-cookie`): such an object is
 * used as it is, read-only like the rest of the request, instead of being copied on every request.
 */
function lowerCaseHeaders(source: Readonly<Record<string, HeaderValue>>): Record<string, string> {
  for (const name in source) {
    // `toLowerCase` hands back the very string when nothing changes: no allocation on this walk.
    if (typeof source[name] !== 'string' || name.toLowerCase() !== name) return copyHeaders(source);
  }
  return source as Record<string, string>;
}

function copyHeaders(source: Readonly<Record<string, HeaderValue>>): Record<string, string> {
  const headers: Record<string, string> = {};
  // for-in, not Object.entries: no [name, value] array per header.
  for (const name in source) {
    const value = source[name];
    if (value === undefined) continue;
    headers[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return headers;
}

/** An in-process body as JSON text; one that cannot be (too deep, cyclic, a BigInt) is the caller's 400. */
function serialise(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch {
    throw new ApiError('invalid_json', 'The request body cannot be written as JSON (too deeply nested, cyclic, or not JSON data).', { param: 'body' });
  }
}

/**
 * True when in-process text is over the limit. The limit is on UTF-8 bytes, as the runtimes count
 * them on the wire, so a body of wide characters passes or fails alike everywhere. A string of n
 * UTF-16 units is at most 3n bytes, so short bodies skip the count.
 */
export function textOverLimit(text: string, maxBytes: number): boolean {
  return text.length * 3 > maxBytes && utf8Length(text) > maxBytes;
}

export function tooLarge(maxBodyBytes: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`, {
    param: 'body',
  });
}

/** The UTF-8 length of text, counted without encoding it (a lone surrogate encodes as 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * A timestamp whose `+` offset arrived unencoded (`?updated_since=2026-01-01T00:00:00+00:00`,
 * pasted from one of our own responses): form decoding turned the `+` into a space. Nothing else
 * has this shape, so the space is read back as the `+` it was.
 */
const OFFSET_SIGN_DECODED_AS_SPACE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?) (\d{2}:\d{2})$/;

/**
 * Adds each parameter's first value, and returns the names sent more than once (the pipeline
 * refuses those a route reads: repeated-query.ts). The list is only made when a repeat arrives.
 */
function addQuery(into: Record<string, string>, text: string, repeated: string[] | undefined): string[] | undefined {
  for (const [name, value] of new URLSearchParams(text)) {
    if (!(name in into)) into[name] = value.replace(OFFSET_SIGN_DECODED_AS_SPACE, '$1+$2');
    else if (!repeated) repeated = [name];
    else if (!repeated.includes(name)) repeated.push(name);
  }
  return repeated;
}
