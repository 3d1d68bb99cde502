/**
 * WHATWG Request/Response <-> the core's plain objects. Used by the MSW adapter (MSW already
 * builds a Request) and by `sim.fetch` for any fetch-style host. Web-standard only.
 */
import type { SimRequest, SimResponse } from '../core/types.js';
import { bodyToJson } from '../core/wire-json.js';

export async function fromFetchRequest(request: Request): Promise<SimRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const text = hasBody ? await request.text() : '';
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    body: text === '' ? undefined : text,
  };
}

export function toFetchResponse(response: SimResponse): Response {
  const headers = new Headers(response.headers);
  if (response.body === undefined) return new Response(null, { status: response.status, headers });
  headers.set('Content-Type', 'application/json');
  return new Response(bodyToJson(response.body), { status: response.status, headers });
}
