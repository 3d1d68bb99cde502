/**
 * The in-process runtime: MSW request handlers over the same core. Everything under `baseUrl`
 * (and the sandbox control plane and the public media files beside it) is answered by the
 * simulator, including unknown routes, which get the simulator's 404 rather than passing through
 * to the network.
 *
 *   const server = setupServer(...createHandlers(sim, { baseUrl: 'https://api.example.test/api/v1' }));
 */
import { http, type HttpHandler } from 'msw';
import { BASE_PATH, CONTROL_PREFIX, PUBLIC_PREFIX } from '../core/paths.js';
import type { Simulator } from '../simulator.js';
import { checkOptionKeys, type KeyList } from '../util/option-keys.js';
import { fromFetchRequest, toFetchResponse } from './fetch.js';

export interface MswHandlerOptions {
  /** Where the API lives, ending in `/api/v1`, e.g. `https://api.example.test/api/v1`. */
  baseUrl: string;
}

const HANDLER_OPTION_KEYS = { baseUrl: true } as const satisfies KeyList<MswHandlerOptions>;
const EXAMPLE = `e.g. https://api.example.test${BASE_PATH}`;

/** The absolute URL the handlers answer under; a missing or relative one is refused by name (audit 10d, F5). */
function apiUrlOf(options: MswHandlerOptions | undefined): URL {
  checkOptionKeys('createHandlers', options, HANDLER_OPTION_KEYS, { url: 'baseUrl', baseURL: 'baseUrl', origin: 'baseUrl' });
  const baseUrl: unknown = options?.baseUrl;
  if (typeof baseUrl !== 'string') throw new TypeError(`createHandlers: options.baseUrl is required: the absolute URL the API lives at, ending in ${BASE_PATH} (${EXAMPLE})`);
  if (!URL.canParse(baseUrl)) throw new TypeError(`createHandlers: baseUrl must be an absolute URL ending in ${BASE_PATH} (${EXAMPLE}), got "${baseUrl}"`);
  const url = new URL(baseUrl.replace(/\/+$/, ''));
  if (!url.pathname.endsWith(BASE_PATH)) throw new TypeError(`createHandlers: baseUrl must end in ${BASE_PATH} (${EXAMPLE}), got "${baseUrl}"`);
  return url;
}

export function createHandlers(sim: Simulator, options: MswHandlerOptions): HttpHandler[] {
  const url = apiUrlOf(options);
  // Anything in front of /api/v1 (a gateway prefix) is stripped before the core sees the path.
  const prefix = url.pathname.slice(0, -BASE_PATH.length);
  const apiRoot = `${url.origin}${url.pathname}`;
  const controlRoot = `${url.origin}${prefix}${CONTROL_PREFIX}`;
  const publicRoot = `${url.origin}${prefix}${PUBLIC_PREFIX}`;

  const resolve = async ({ request }: { request: Request }): Promise<Response> => {
    const simRequest = await fromFetchRequest(request);
    simRequest.path = simRequest.path.slice(prefix.length);
    // Files the simulator serves itself are addressed under the same gateway prefix.
    simRequest.origin = `${url.origin}${prefix}`;
    return toFetchResponse(await sim.handle(simRequest), request.method === 'HEAD');
  };

  // A predicate, not path patterns: MSW matches patterns with path-to-regexp and
  // `decodeURIComponent`, which throws on malformed percent-encoding (`/api-keys/%E0%A4%A`) and
  // turns into a 500 before the simulator can answer its 404. Here the raw pathname is compared.
  const under = (root: string, href: string): boolean => href === root || href.startsWith(`${root}/`);
  const matches = ({ request }: { request: Request }): boolean => {
    const { origin, pathname } = new URL(request.url);
    const href = `${origin}${pathname}`;
    return under(apiRoot, href) || under(controlRoot, href) || under(publicRoot, href);
  };

  return [http.all(matches, resolve)];
}
