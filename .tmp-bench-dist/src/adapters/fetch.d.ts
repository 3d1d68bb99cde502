/**
 * WHATWG Request/Response <-> the core's plain objects. Used by the MSW adapter (MSW already
 * builds a Request) and by `sim.fetch` for any fetch-style host. Web-standard only.
 */
import type { SimRequest, SimResponse } from '../core/types.js';
export declare function fromFetchRequest(request: Request): Promise<SimRequest>;
export declare function toFetchResponse(response: SimResponse): Response;
