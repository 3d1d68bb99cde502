/**
 * Connection hygiene for the node:http runtime: deliberate timeouts, a cap on open connections
 * that evicts the idlest one rather than turning new clients away, and the spec's error envelope
 * for what Node's HTTP parser refuses before a request ever reaches the simulator.
 *
 * Why eviction rather than refusal: a flood of sockets that connect and send nothing (or one byte
 * at a time) would otherwise fill the cap and lock every legitimate client out until the header
 * timeout passes. A connection with no request in progress is the cheapest thing to lose: it is
 * closed, oldest first, to make room.
 */
import { STATUS_CODES, type Server } from 'node:http';
import { JSON_CONTENT_TYPE } from '../core/json-content-type.js';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Time for a client to send the request head (Slowloris guard). Default 10 s. */
  readonly headersTimeoutMs?: number;
  /** Time for the whole request, body included. Default 120 s (uploads). */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open. Default 5 s. */
  readonly keepAliveTimeoutMs?: number;
  /** A socket with no traffic at all for this long is closed. Default 30 s. */
  readonly idleTimeoutMs?: number;
  /** Open connections at most; past it the idlest is closed. Default 1024. */
  readonly maxConnections?: number;
}

export const DEFAULT_CONNECTION_LIMITS: Required<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  maxConnections: 1024,
};

/** What `createServer` takes of the limits (timeouts are checked every second). */
export function serverOptions(limits: Required<ConnectionLimits>) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: 1_000,
    // A request without Host is answered in the spec's envelope by the handler (./node-http.ts),
    // not with Node's empty 400.
    requireHostHeader: false,
  };
}

interface Tracked {
  readonly socket: Socket;
  /** Requests in progress on it (HTTP/1.1 pipelining can stack them). */
  busy: number;
}

/**
 * What the request handler tells the connection manager: a request began or ended on this
 * socket. The handler says so itself (./node-http.ts, `listen`) rather than a second 'request'
 * listener adding a `once('close')` per response: measured, that listener and its wrapper cost
 * ~2 µs of server CPU per request under load (docs/decisions.md, "POST /contacts in memory,
 * third pass").
 */
export interface ConnectionTracker {
  begin(socket: Socket): void;
  end(socket: Socket): void;
}

/**
 * Tracks every connection; past the cap, closes the idlest (longest open with nothing in
 * progress). A request is in progress from when its handler starts until its answer is written.
 */
export function manageConnections(server: Server, limits: Required<ConnectionLimits>): ConnectionTracker {
  // Insertion order is age order: the first idle entry is the oldest idle connection.
  const open = new Map<Socket, Tracked>();
  server.on('connection', (socket: Socket) => {
    socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());
    open.set(socket, { socket, busy: 0 });
    socket.once('close', () => open.delete(socket));
    if (open.size > limits.maxConnections) evictIdlest(open, socket);
  });
  return {
    begin(socket) {
      const tracked = open.get(socket);
      if (tracked) tracked.busy++;
    },
    end(socket) {
      const tracked = open.get(socket);
      if (tracked) tracked.busy--;
    },
  };
}

function evictIdlest(open: Map<Socket, Tracked>, newcomer: Socket): void {
  for (const tracked of open.values()) {
    if (tracked.busy === 0 && tracked.socket !== newcomer) {
      tracked.socket.destroy();
      open.delete(tracked.socket);
      return;
    }
  }
  // Every other connection is mid-request: the newcomer is the one that waits, so it goes.
  newcomer.destroy();
  open.delete(newcomer);
}

/** The envelope for what the HTTP parser refused, by Node's error code. */
function parserRefusal(code: string | undefined): { status: number; code: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: 'The request head (URL and headers) is too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request did not arrive in time.' };
    default:
      return { status: 400, code: 'malformed_request', message: 'The request is not valid HTTP/1.1 and was not read.' };
  }
}

/** Parser-level rejections answer with the spec's JSON envelope instead of an empty 400. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = parserRefusal(error.code);
    const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}\r\n` +
        `Content-Type: ${JSON_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
