/**
 * `switchboard/node`: the node:http runtime (listen, createNodeHandler) and the node webhook
 * transport. The server itself lives in node-http.ts so that `serve` can import it without
 * loading undici at start-up (bench/startup.ts); the transport is loaded on first delivery.
 */
export {
  createNodeHandler,
  listen,
  type ListenOptions,
  type NodeHandlerOptions,
  type RunningServer,
} from './node-http.js';
export { createUndiciTransport, type Resolver, type UndiciTransport, type UndiciTransportOptions } from './undici-transport.js';
