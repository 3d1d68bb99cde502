/**
 * The node runtime's webhook transport: undici `request` on dedicated Agents. Why not the global
 * fetch the neutral core defaults to: a dedicated connection pool (a hanging receiver cannot hold
 * sockets the rest of the process needs), no WHATWG Request/Response per delivery, a body we can
 * destroy after the capped read, and a connector we control, which is where egress is enforced:
 * the connector resolves the name itself, checks every address it got (src/resources/webhooks/
 * egress.ts) and connects to the address it checked, with the name kept for TLS (SNI and the
 * certificate check). There is no second lookup between check and connect, so a name that
 * answers "public" to the check and "127.0.0.1" a moment later (DNS rebinding) gains nothing.
 *
 * One overall deadline (AbortSignal) covers lookup, connect, headers and body, so `timeout_ms`
 * means what it says; redirects are never followed.
 */
import { lookup } from 'node:dns/promises';
import { Agent, buildConnector, request } from 'undici';
import { EgressRefused, pickCheckedAddress, planHost, type LoopbackAllowance } from '../resources/webhooks/egress.js';
import { MAX_RESPONSE_BYTES } from '../resources/webhooks/limits.js';
import {
  networkError,
  timeoutError,
  WebhookTransportError,
  type WebhookTransport,
  type WebhookTransportRequest,
  type WebhookTransportResponse,
} from '../resources/webhooks/transport.js';

/** Every address a name has (A and AAAA), as the system resolver answers. */
export type Resolver = (host: string) => Promise<readonly string[]>;

export interface UndiciTransportOptions {
  /** Bytes of a receiver's answer read before the connection is dropped. Default 64 KiB. */
  maxResponseBytes?: number;
  /** Sockets per receiver origin. Default 8 (per-endpoint FIFO uses one per endpoint). */
  connectionsPerOrigin?: number;
  /** How names are resolved. Default: the system resolver (`dns.lookup`, every address). */
  resolve?: Resolver;
}

export interface UndiciTransport extends WebhookTransport {
  /** Drops the pools and any attempt still in flight (a hanging receiver must not delay shutdown). */
  close(): Promise<void>;
}

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A connector that only ever opens a socket to an address the egress rules allow. */
function guardedConnector(allowance: LoopbackAllowance, resolve: Resolver): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    const plan = planHost(options.hostname, port, allowance);
    if (plan.kind === 'refused') {
      callback(new EgressRefused(plan.reason), null);
      return;
    }
    const address = plan.kind === 'address' ? Promise.resolve(plan.address) : resolve(plan.host).then((all) => pickCheckedAddress(plan.host, all, port, allowance));
    address.then(
      (checked) =>
        connect(
          {
            ...options,
            hostname: checked,
            // TLS still names the host the URL names (SNI, certificate check), not the address.
            ...(plan.kind === 'resolve' && options.protocol === 'https:' ? { servername: options.servername ?? plan.host } : {}),
          },
          callback,
        ),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

function refusalIn(error: unknown): EgressRefused | undefined {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    if (at instanceof EgressRefused) return at;
  }
  return undefined;
}

export function createUndiciTransport(options: UndiciTransportOptions = {}): UndiciTransport {
  const limit = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const resolve = options.resolve ?? systemResolver;
  // One pool per loopback allowance (a simulator has one; the map keeps the transport shareable).
  const agents = new Map<string, Agent>();
  const agentFor = (allowance: LoopbackAllowance): Agent => {
    const key = JSON.stringify(allowance);
    let agent = agents.get(key);
    if (!agent) {
      agent = new Agent({
        connections: options.connectionsPerOrigin ?? 8,
        keepAliveTimeout: 4_000,
        keepAliveMaxTimeout: 30_000,
        connect: guardedConnector(allowance, resolve),
      });
      agents.set(key, agent);
    }
    return agent;
  };

  async function send({ url, headers, body, timeoutMs, loopback }: WebhookTransportRequest): Promise<WebhookTransportResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: agentFor(loopback),
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        const room = limit - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= limit) break; // leaving the loop destroys the body: the rest is never read
      }
      return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
    } catch (error) {
      const refused = refusalIn(error);
      if (refused) throw new WebhookTransportError('refused', refused.message);
      const code = (error as { code?: unknown } | null)?.code;
      const timedOut = controller.signal.aborted || (typeof code === 'string' && code.includes('TIMEOUT'));
      throw timedOut ? timeoutError(timeoutMs) : networkError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  return Object.assign(send, {
    close: async () => {
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.destroy()));
    },
  });
}
