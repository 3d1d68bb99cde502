/**
 * The in-process runtime: MSW request handlers over the same core. Everything under `baseUrl`
 * (and the sandbox control plane beside it) is answered by the simulator, including unknown
 * routes, which get the simulator's 404 rather than passing through to the network.
 *
 *   const server = setupServer(...createHandlers(sim, { baseUrl: 'https://api.example.test/api/v1' }));
 */
import { type HttpHandler } from 'msw';
import type { Simulator } from '../simulator.js';
export interface MswHandlerOptions {
    /** Where the API lives, ending in `/api/v1`, e.g. `https://api.example.test/api/v1`. */
    baseUrl: string;
}
export declare function createHandlers(sim: Simulator, options: MswHandlerOptions): HttpHandler[];
