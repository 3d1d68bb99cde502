/**
 * A loopback HTTP proxy in front of a simulator served by `listen`, for the conformance kit's
 * foreign-server tests. It hides the simulator's control plane (`/_sandbox/...` answers 404), so
 * the kit sees what an implementer's server looks like, and it can plant one server bug at a time
 * from outside the simulator: rewrite a request, rewrite a response, send extra requests upstream
 * (to leak another account's data), or never answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  readonly method: string;
  /** Path and query, e.g. `/api/v1/tags?limit=2`. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface ProxyResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export type Upstream = (request: ProxyRequest) => Promise<ProxyResponse>;

/** A planted bug: answers the request (usually through `upstream`), or `hang` to never answer. */
export type Bug = (request: ProxyRequest, upstream: Upstream) => Promise<ProxyResponse | 'hang'>;

export interface BugProxy {
  readonly origin: string;
  readonly baseUrl: string;
  /** Requests the proxy saw (method and path), for assertions. */
  readonly seen: { method: string; url: string }[];
  setBug(bug: Bug | undefined): void;
  close(): Promise<void>;
}

export interface BugProxyOptions {
  readonly bug?: Bug;
  /** Forward `/_sandbox/...` instead of hiding it (the proxy then looks like the simulator). */
  readonly showSandbox?: boolean;
  /** Delay every answer by this many ms (a slow network). */
  readonly latencyMs?: number;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

function read(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(chunks.length === 0 ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): ProxyResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export async function startBugProxy(upstreamOrigin: string, options: BugProxyOptions = {}): Promise<BugProxy> {
  let bug = options.bug;
  const seen: { method: string; url: string }[] = [];
  const hanging = new Set<ServerResponse>();

  const upstream: Upstream = async (request) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name.toLowerCase())) headers[name] = value;
    const response = await fetch(`${upstreamOrigin}${request.url}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) out[name] = value;
    });
    return { status: response.status, headers: out, body: await response.text() };
  };

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers[name] = value;
    const request: ProxyRequest = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers, body: await read(incoming) };
    seen.push({ method: request.method, url: request.url });
    let answer: ProxyResponse | 'hang';
    if (!options.showSandbox && request.url.startsWith('/_sandbox')) {
      answer = bug ? await bug(request, async () => json(404, { error: { code: 'not_found', message: 'No such route.' } })) : json(404, { error: { code: 'not_found', message: 'No such route.' } });
    } else answer = bug ? await bug(request, upstream) : await upstream(request);
    if (answer === 'hang') {
      hanging.add(outgoing);
      outgoing.on('close', () => hanging.delete(outgoing));
      return;
    }
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    outgoing.writeHead(answer.status, answer.headers);
    outgoing.end(answer.body);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    seen,
    setBug: (next) => {
      bug = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
