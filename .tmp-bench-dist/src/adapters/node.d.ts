/**
 * The standalone runtime: node:http in front of the core. The body is read as bytes up to the
 * limit (a larger body is refused with 413 without buffering it), and the response is written
 * with one JSON.stringify: no WHATWG Request/Response per call (ARCHITECTURE.md decision 1).
 */
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Simulator } from '../simulator.js';
export interface NodeHandlerOptions {
    maxBodyBytes?: number;
    onError?: (error: unknown) => void;
}
export interface ListenOptions extends NodeHandlerOptions {
    host?: string;
    port?: number;
}
export interface RunningServer {
    readonly server: Server;
    /** e.g. `http://127.0.0.1:4010` */
    readonly origin: string;
    /** e.g. `http://127.0.0.1:4010/api/v1` */
    readonly baseUrl: string;
    /** Stops accepting, lets in-flight requests finish, then closes idle keep-alive sockets. */
    close(): Promise<void>;
}
export declare function createNodeHandler(sim: Simulator, options?: NodeHandlerOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
export declare function listen(sim: Simulator, options?: ListenOptions): Promise<RunningServer>;
