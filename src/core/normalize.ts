/** Turns any `SimRequest` into the one shape the pipeline reads. */
import { ApiError } from './errors.js';
import type { NormalizedRequest, SimRequest } from './types.js';

export function normalizeRequest(request: SimRequest, maxBodyBytes: number): NormalizedRequest {
  const method = request.method.toUpperCase();
  let path = request.path;
  const query: Record<string, string> = {};
  const questionMark = path.indexOf('?');
  if (questionMark >= 0) {
    addQuery(query, path.slice(questionMark + 1));
    path = path.slice(0, questionMark);
  }
  if (typeof request.query === 'string') addQuery(query, request.query);
  else if (request.query) {
    for (const [name, value] of Object.entries(request.query)) {
      if (value !== undefined) query[name] = String(value);
    }
  }

  const headers: Record<string, string> = {};
  if (request.headers) {
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
    }
  }

  let rawBody: string | undefined;
  if (typeof request.body === 'string') rawBody = request.body;
  else if (request.body !== undefined) rawBody = JSON.stringify(request.body);
  // Characters are a lower bound on UTF-8 bytes; adapters enforce the exact byte limit on the wire.
  if (rawBody !== undefined && rawBody.length > maxBodyBytes) throw tooLarge(maxBodyBytes);
  return { method, path, query, headers, rawBody };
}

export function tooLarge(maxBodyBytes: number): ApiError {
  return new ApiError('payload_too_large', `The request body is larger than ${maxBodyBytes} bytes.`, {
    param: 'body',
  });
}

function addQuery(into: Record<string, string>, text: string): void {
  for (const [name, value] of new URLSearchParams(text)) {
    // The first occurrence of a repeated parameter wins.
    if (!(name in into)) into[name] = value;
  }
}
