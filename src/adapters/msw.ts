/**
 * The in-process runtime: MSW request handlers over the same core. Everything under `baseUrl`
 * (and the sandbox control plane beside it) is answered by the simulator, including unknown
 * routes, which get the simulator's 404 rather than passing through to the network.
 *
 *   const server = setupServer(...createHandlers(sim, { baseUrl: 'https://api.example.test/api/v1' }));
 */
import { http, type HttpHandler } from 'msw';
import { BASE_PATH, CONTROL_PREFIX } from '../core/pipeline.js';
import type { Simulator } from '../simulator.js';
import { fromFetchRequest, toFetchResponse } from './fetch.js';

export interface MswHandlerOptions {
  /** Where the API lives, ending in `/api/v1`, e.g. `https://api.example.test/api/v1`. */
  baseUrl: string;
}

export function createHandlers(sim: Simulator, options: MswHandlerOptions): HttpHandler[] {
  const url = new URL(options.baseUrl.replace(/\/+$/, ''));
  if (!url.pathname.endsWith(BASE_PATH)) throw new Error(`baseUrl must end in ${BASE_PATH}: ${options.baseUrl}`);
  // Anything in front of /api/v1 (a gateway prefix) is stripped before the core sees the path.
  const prefix = url.pathname.slice(0, -BASE_PATH.length);
  const apiRoot = `${url.origin}${url.pathname}`;
  const controlRoot = `${url.origin}${prefix}${CONTROL_PREFIX}`;

  const resolve = async ({ request }: { request: Request }): Promise<Response> => {
    const simRequest = await fromFetchRequest(request);
    simRequest.path = simRequest.path.slice(prefix.length);
    return toFetchResponse(await sim.handle(simRequest));
  };

  return [
    http.all(apiRoot, resolve),
    http.all(`${apiRoot}/*`, resolve),
    http.all(controlRoot, resolve),
    http.all(`${controlRoot}/*`, resolve),
  ];
}
