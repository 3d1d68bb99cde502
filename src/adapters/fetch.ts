/**
 * WHATWG Request/Response <-> the core's plain objects. Used by the MSW adapter (MSW already
 * builds a Request) and by `sim.fetch` for any fetch-style host. Web-standard only.
 */
import { ownBuffer, streamSource } from '../core/body.js';
import { httpDate } from '../core/http-date.js';
import { JSON_CONTENT_TYPE } from '../core/json-content-type.js';
import { isStreamedBody, toReadableStream } from '../core/streamed-body.js';
import type { SimRequest, SimResponse } from '../core/types.js';
import { bodyToJson } from '../core/wire-json.js';

/** The request as the core takes it; the body stays a stream the core reads after authentication. */
export function fromFetchRequest(request: Request): SimRequest {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const declared = request.headers.get('content-length');
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    origin: url.origin,
    ...(hasBody ? { bodySource: streamSource(request.body, declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined) } : {}),
  };
}

const utf8 = new TextEncoder();

/**
 * The answer as a Response, with the headers node:http writes (audit 13c, C2/C4/C6): JSON as
 * `application/json; charset=utf-8` with its `Content-Length`, a file with its length, a bodiless
 * answer with `Content-Length: 0`, and a `Date` (the wall clock's, when the pipeline stated none:
 * on a virtual clock it states the clock's). A HEAD answer (`head`) has no body and claims no
 * length of its own: a file's HEAD carries the GET's length, which the pipeline puts in its headers.
 */
export function toFetchResponse(response: SimResponse, head = false): Response {
  const headers = new Headers(response.headers);
  if (!headers.has('Date')) headers.set('Date', httpDate(Date.now()));
  if (response.body === undefined) {
    if (!head) headers.set('Content-Length', '0');
    return new Response(null, { status: response.status, headers });
  }
  // A file (public media): its bytes, with the Content-Type the route gave.
  if (response.body instanceof Uint8Array) {
    headers.set('Content-Length', String(response.body.byteLength));
    return new Response(ownBuffer(response.body), { status: response.status, headers });
  }
  // A streamed body (a whole snapshot): a ReadableStream the reader pulls chunk by chunk.
  if (isStreamedBody(response.body)) {
    headers.set('Content-Type', response.body.contentType);
    return new Response(toReadableStream(response.body), { status: response.status, headers });
  }
  const bytes = utf8.encode(bodyToJson(response.body));
  headers.set('Content-Type', JSON_CONTENT_TYPE);
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes, { status: response.status, headers });
}
