/**
 * WHATWG Request/Response <-> the core's plain objects. Used by the MSW adapter (MSW already
 * builds a Request) and by `sim.fetch` for any fetch-style host. Web-standard only.
 */
import { ownBuffer, streamSource } from '../core/body.js';
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

export function toFetchResponse(response: SimResponse): Response {
  const headers = new Headers(response.headers);
  if (response.body === undefined) return new Response(null, { status: response.status, headers });
  // A file (public media): its bytes, with the Content-Type the route gave.
  if (response.body instanceof Uint8Array) return new Response(ownBuffer(response.body), { status: response.status, headers });
  // A streamed body (a whole snapshot): a ReadableStream the reader pulls chunk by chunk.
  if (isStreamedBody(response.body)) {
    headers.set('Content-Type', response.body.contentType);
    return new Response(toReadableStream(response.body), { status: response.status, headers });
  }
  headers.set('Content-Type', 'application/json');
  return new Response(bodyToJson(response.body), { status: response.status, headers });
}
