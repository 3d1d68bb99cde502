/**
 * The standalone runtime: node:http in front of the core. The body is read as bytes up to the
 * limit (a larger body is refused with 413 without buffering it), and the response is written
 * as one JSON text (reusing the kept text of sealed representations, ../core/wire-json.ts): no
 * WHATWG Request/Response per call (ARCHITECTURE.md decision 1).
 * Public entry: ./node.ts (`switchboard/node`), which also exports the webhook transport; `serve`
 * imports this module directly so that start-up does not pay for loading undici.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrors, DEFAULT_CONNECTION_LIMITS, manageConnections, serverOptions, type ConnectionLimits, type ConnectionTracker } from './connections.js';
import { bodyCutOff, tooLarge } from '../core/body-stream.js';
import { JSON_CONTENT_TYPE } from '../core/json-content-type.js';
import { BASE_PATH } from '../core/paths.js';
import { isStreamedBody, type StreamedBody } from '../core/streamed-body.js';
import type { BodySource, SimResponse } from '../core/types.js';
import { bodyToJson } from '../core/wire-json.js';
import type { Simulator } from '../simulator.js';
import { checkOptionKeys, type KeyList } from '../util/option-keys.js';

export interface NodeHandlerOptions {
  /** An upper bound on any body this server reads, whatever a route allows (default: the route's limit). */
  maxBodyBytes?: number;
  onError?: (error: unknown) => void;
  /**
   * `serve --state`: undefined when every committed change is on disk, else a promise that settles
   * when it is. A request that may have written waits for it before its answer goes out, so a 2xx
   * means durable; a rejection (the log could not be written) answers 503.
   */
  durable?: () => Promise<void> | undefined;
}

/** Reads change nothing a client was promised (a key's `last_used_at` at most): they never wait for the disk. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NOT_SAVED: SimResponse = {
  status: 503,
  headers: {},
  body: { error: { code: 'service_unavailable', message: 'The change could not be saved to the state file; the server keeps trying. Retry the request.' } },
};

export interface ListenOptions extends NodeHandlerOptions {
  host?: string;
  port?: number;
  /** Timeouts and the connection cap (./connections.ts); each defaults to a deliberate value. */
  connections?: ConnectionLimits;
}

const LISTEN_OPTION_KEYS = {
  host: true, port: true, connections: true, maxBodyBytes: true, onError: true, durable: true,
} as const satisfies KeyList<ListenOptions>;
const CONNECTION_OPTION_KEYS = {
  headersTimeoutMs: true, requestTimeoutMs: true, keepAliveTimeoutMs: true, idleTimeoutMs: true, maxConnections: true,
} as const satisfies KeyList<ConnectionLimits>;

export interface RunningServer {
  readonly server: Server;
  /** e.g. `http://127.0.0.1:4010` */
  readonly origin: string;
  /** e.g. `http://127.0.0.1:4010/api/v1` */
  readonly baseUrl: string;
  /** Stops accepting, lets in-flight requests finish, then closes idle keep-alive sockets. */
  close(): Promise<void>;
}

/**
 * The request body as a source the core reads when (and if) it decides to: after routing and
 * authentication, up to the route's limit. `read` gathers it (JSON routes); `chunks` hands it on
 * as it arrives (streamed routes: uploads), so a 1 GB upload is never in memory. Either records
 * that the body was taken, so a refused request's unread body can be left on the wire (the
 * connection then closes rather than read it), and either stops at the limit the same way.
 * A class, not an object of closures: one allocation per request with a body, not four.
 */
class IncomingBody implements BodySource {
  readonly declaredLength?: number;
  private wasTaken = false;

  constructor(
    private readonly request: IncomingMessage,
    private readonly cap: number,
  ) {
    const declared = request.headers['content-length'];
    if (declared !== undefined && DIGITS.test(declared)) this.declaredLength = Number(declared);
  }

  taken(): boolean {
    return this.wasTaken;
  }

  read(routeLimit: number): Promise<Uint8Array | 'too_large'> {
    this.wasTaken = true;
    const maxBytes = Math.min(routeLimit, this.cap);
    const request = this.request;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const onData = (chunk: Buffer): void => {
        size += chunk.length;
        if (size > maxBytes) {
          request.off('data', onData);
          resolve('too_large');
          return;
        }
        chunks.push(chunk);
      };
      request.on('data', onData);
      request.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
      // A client that closes mid-body (or a request timeout that ends the socket): a refused request.
      request.on('error', () => reject(bodyCutOff()));
    });
  }

  async *chunks(routeLimit: number): AsyncGenerator<Uint8Array> {
    this.wasTaken = true;
    const maxBytes = Math.min(routeLimit, this.cap);
    let size = 0;
    // Not destroyed when the reader stops early (too large, malformed): the answer still goes
    // out on this socket, which then closes (see `send` below) instead of draining the rest.
    const iterator = this.request.iterator({ destroyOnReturn: false })[Symbol.asyncIterator]();
    let ended = false;
    try {
      for (;;) {
        let step: IteratorResult<unknown>;
        try {
          step = await iterator.next();
        } catch {
          // A client that closes mid-upload (or a request timeout that ends the socket).
          throw bodyCutOff();
        }
        if (step.done) {
          ended = true;
          return;
        }
        const bytes = step.value as Buffer;
        size += bytes.length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        yield bytes;
      }
    } finally {
      // What `for await` did: a reader that stops early lets go of the stream's listeners.
      if (!ended) await iterator.return?.();
    }
  }
}

const DIGITS = /^\d+$/;

/** How long a connection closed over a body it did not read goes on dropping what still arrives. */
const LINGER_MS = 2_000;

/**
 * A lingering close (RFC 9112 9.6; Apache's lingering_close). Closing a socket while the client's
 * bytes are still arriving makes the kernel answer them with a reset, and a reset can destroy the
 * answer (a 413, say) before the client has read it. So the rest of the body is read and dropped,
 * the answer and a FIN go out as usual, and the socket is destroyed only when the client is done
 * or LINGER_MS later, whichever comes first.
 */
function lingerBeforeClose(request: IncomingMessage): void {
  const socket = request.socket;
  request.resume();
  socket.destroySoon = function lingeringDestroySoon(this: typeof socket): void {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/**
 * One writeHead + one end: node joins the head and a string body into a single socket write.
 * Headers go as a flat [name, value, ...] list built here rather than as a spread-and-extended
 * object: in the benchmark (bench/http.ts) the object form cost measurably more per response.
 */
function send(response: ServerResponse, result: SimResponse, closeConnection = false, head = false): void | Promise<void> {
  const headers: string[] = [];
  for (const name in result.headers) headers.push(name, result.headers[name]!);
  if (isStreamedBody(result.body)) return sendStreamed(response, result.status, headers, result.body, closeConnection);
  let payload: string | Uint8Array | undefined;
  if (result.body instanceof Uint8Array) {
    // A file (public media): its bytes as they are, with the Content-Type the route gave.
    payload = result.body;
    headers.push('Content-Length', String(payload.byteLength));
  } else if (result.body !== undefined) {
    payload = bodyToJson(result.body);
    headers.push('Content-Type', JSON_CONTENT_TYPE, 'Content-Length', String(Buffer.byteLength(payload)));
  } else if (!head) headers.push('Content-Length', '0');
  if (closeConnection) headers.push('Connection', 'close');
  response.writeHead(result.status, headers);
  response.end(payload);
}

/**
 * A streamed body (a whole snapshot), chunked: each chunk is written when the socket took the
 * last one ('drain'), so a slow reader holds back the producer instead of filling the heap.
 */
async function sendStreamed(response: ServerResponse, status: number, headers: string[], body: StreamedBody, closeConnection: boolean): Promise<void> {
  headers.push('Content-Type', body.contentType);
  if (closeConnection) headers.push('Connection', 'close');
  response.writeHead(status, headers);
  for await (const chunk of body.chunks()) {
    if (response.destroyed) return;
    if (!response.write(chunk)) await drained(response);
  }
  response.end();
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** A request without a declared body (no Content-Length, no Transfer-Encoding) is not read at all. */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Where the client reached us: the Host it sent (what it can reach again), else the socket's
 * local address. Absolute URLs the simulator serves itself (media files) are built on it.
 */
function originOf(request: IncomingMessage): string {
  const host = request.headers.host;
  // A connection sends the same Host on every request: its origin is built and checked once.
  if (host !== undefined && host === lastHost) return lastOrigin;
  if (host !== undefined && /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) {
    lastHost = host;
    return (lastOrigin = `http://${host}`);
  }
  const { localAddress, localPort } = request.socket;
  const address = localAddress?.includes(':') ? `[${localAddress}]` : (localAddress ?? '127.0.0.1');
  return `http://${address}:${localPort ?? 80}`;
}

let lastHost: string | undefined;
let lastOrigin = '';

/**
 * What node:http itself would have refused with an empty body, answered in the spec's envelope
 * naming the header (audit 13d, D3), like every other transport-level refusal (./connections.ts).
 * An HTTP/1.1 request without `Host` (RFC 9112 3.2): `listen` turns off Node's own check
 * (`requireHostHeader`) so that this answers it; in a server of the caller's own with Node's
 * check on, it never gets here. The unread body, if any, is left on the wire and the connection
 * closes after the answer.
 */
function refusedWithoutHost(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.headers.host !== undefined || request.httpVersion !== '1.1') return false;
  refuse(request, response, 400, { code: 'invalid_param', message: 'An HTTP/1.1 request needs a Host header (RFC 9112 3.2).', param: 'Host' });
  return true;
}

function refuse(request: IncomingMessage, response: ServerResponse, status: number, error: { code: string; message: string; param: string }): void {
  const closing = hasBody(request);
  if (closing) lingerBeforeClose(request);
  send(response, { status, headers: {}, body: { error } }, closing, request.method === 'HEAD');
}

/**
 * An `Expect` other than `100-continue` (RFC 9110 10.1.1): 417 as Node answers it, but in the
 * spec's envelope naming the header, not an empty body (audit 13d, D3). Node emits
 * `checkExpectation` instead of answering itself once a listener is there.
 */
function answerExpectations(server: Server): void {
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const expect = request.headers.expect ?? '';
    refuse(request, response, 417, { code: 'expectation_failed', message: `Expect: ${expect} cannot be met; only 100-continue is supported.`, param: 'Expect' });
  });
}

export function createNodeHandler(sim: Simulator, options: NodeHandlerOptions = {}) {
  return handlerFor(sim, options, undefined);
}

/** The handler, telling `connections` (listen's own server) when each request begins and ends. */
function handlerFor(sim: Simulator, options: NodeHandlerOptions, connections: ConnectionTracker | undefined) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const socket = request.socket;
    connections?.begin(socket);
    try {
      if (refusedWithoutHost(request, response)) return;
      const url = request.url ?? '/';
      const source = hasBody(request) ? new IncomingBody(request, options.maxBodyBytes ?? Number.POSITIVE_INFINITY) : undefined;
      const method = request.method ?? 'GET';
      const origin = originOf(request);
      const result = await sim.handle(
        source ? { method, path: url, headers: request.headers, origin, bodySource: source } : { method, path: url, headers: request.headers, origin },
      );
      const saved = options.durable && !READ_METHODS.has(request.method ?? 'GET') ? options.durable() : undefined;
      let answer = result;
      if (saved) {
        try {
          await saved;
        } catch {
          // The log reported the failure once (serve logs it); each request only learns its answer.
          answer = { ...NOT_SAVED, headers: result.headers };
        }
      }
      // A body the core did not take (a refused request) or stopped reading (too large) is left
      // unread: the connection closes after the answer instead of draining it.
      // A HEAD answer has no body: no Content-Length that would claim the GET's is empty.
      const closing = source !== undefined && (!source.taken() || !request.complete);
      if (closing) lingerBeforeClose(request);
      // Only a streamed body returns a promise: awaiting nothing would still cost a turn.
      const sending = send(response, answer, closing, request.method === 'HEAD');
      if (sending) await sending;
    } catch (error) {
      options.onError?.(error);
      if (!response.headersSent) {
        send(response, { status: 500, headers: {}, body: { error: { code: 'server_error', message: 'Unexpected failure.' } } });
      } else response.destroy();
    } finally {
      connections?.end(socket);
    }
  };
}

export async function listen(sim: Simulator, options: ListenOptions = {}): Promise<RunningServer> {
  checkOptionKeys('listen', options, LISTEN_OPTION_KEYS, { hostname: 'host' });
  checkOptionKeys('listen connections', options.connections, CONNECTION_OPTION_KEYS);
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const server = createServer(serverOptions(limits));
  const handler = handlerFor(sim, options, manageConnections(server, limits));
  server.on('request', (request: IncomingMessage, response: ServerResponse) => void handler(request, response));
  answerClientErrors(server);
  answerExpectations(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  return {
    server,
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
