/**
 * `switchboard record`: a recording reverse proxy. The integrator points their app at it (the
 * proxy's URL plus /api/v1); every exchange is forwarded to the target unchanged and recorded
 * (redacted) as a step of the scenario file.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RecordOptions } from './exchange.js';
import { Recorder } from './recorder.js';
import { withDeadline } from '../../../conformance/http/deadline.js';
import type { ScenarioInput } from '../schema.js';

export interface RecordProxyOptions extends RecordOptions {
  /** Where requests go: the target's origin, or its base URL (a trailing /api/v1 is dropped). */
  readonly target: string;
  readonly port?: number;
  readonly host?: string;
  /** The scenario file, rewritten as exchanges arrive. */
  readonly out?: string;
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Per forwarded request (default 30 s). */
  readonly timeoutMs?: number;
  readonly onExchange?: (summary: { method: string; url: string; status: number }) => void;
  readonly onError?: (error: unknown) => void;
}

export interface RecordingProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:4500 (the app uses <url>/api/v1). */
  readonly url: string;
  readonly port: number;
  readonly recorder: Recorder;
  scenario(): ScenarioInput;
  /** Stops listening and writes the file one last time. */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'accept-encoding', 'proxy-connection', 'te', 'trailer']);
const RESPONSE_DROPPED = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function recordProxy(options: RecordProxyOptions): Promise<RecordingProxy> {
  const root = options.target.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  if (!/^https?:\/\//.test(root)) throw new Error(`--target must be an http:// or https:// URL, got "${options.target}"`);
  const fetchFn = options.fetch ?? ((request: Request) => fetch(request));
  const recorder = new Recorder(options.out, options);
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const headers = new Headers();
      const recordedHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        const text = Array.isArray(value) ? value.join(', ') : value;
        headers.set(name, text);
        recordedHeaders[name] = text;
      }
      const method = request.method ?? 'GET';
      const url = `${root}${request.url ?? '/'}`;
      let upstream: Response;
      let payload: Buffer;
      try {
        // withDeadline, not AbortSignal.timeout on the Request: undici can lose a Request's signal
        // after a GC and wait forever (undici#4068). The body is read under the same deadline.
        ({ upstream, payload } = await withDeadline(options.timeoutMs ?? 30_000, async (signal) => {
          const answer = await fetchFn(
            new Request(url, {
              method,
              headers,
              ...(body.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
              signal,
            }),
          );
          return { upstream: answer, payload: Buffer.from(await answer.arrayBuffer()) };
        }));
      } catch (error) {
        const message = `switchboard record: ${root} could not be reached (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)})`;
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'bad_gateway', message } }));
        return;
      }
      const responseHeaders: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!RESPONSE_DROPPED.has(name)) responseHeaders[name] = value;
      });
      response.writeHead(upstream.status, { ...responseHeaders, 'content-length': String(payload.length) });
      response.end(payload);
      recorder.add({
        method,
        url: request.url ?? '/',
        requestHeaders: recordedHeaders,
        ...(body.length > 0 ? { requestBody: body.toString('utf8') } : {}),
        status: upstream.status,
        responseHeaders,
        ...(payload.length > 0 ? { responseBody: payload.toString('utf8') } : {}),
      });
      options.onExchange?.({ method, url: request.url ?? '/', status: upstream.status });
    })().catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    port,
    recorder,
    scenario: () => recorder.scenario(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(() => {
          try {
            recorder.flush();
            resolve();
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        for (const socket of sockets) socket.destroy();
      }),
  };
}
