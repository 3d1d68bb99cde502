/**
 * The node runtime's webhook transport: undici `request` on a dedicated Agent. Why not the global
 * fetch the neutral core defaults to: a dedicated connection pool (a hanging receiver cannot hold
 * sockets the rest of the process needs), no WHATWG Request/Response per delivery, and a body we
 * can destroy after the capped read. One overall deadline (AbortSignal) covers connect, headers
 * and body, so `timeout_ms` means what it says; redirects are never followed.
 */
import { Agent, request } from 'undici';
import { MAX_RESPONSE_BYTES } from '../resources/webhooks/limits.js';
import {
  networkError,
  timeoutError,
  type WebhookTransport,
  type WebhookTransportRequest,
  type WebhookTransportResponse,
} from '../resources/webhooks/transport.js';

export interface UndiciTransportOptions {
  /** Bytes of a receiver's answer read before the connection is dropped. Default 64 KiB. */
  maxResponseBytes?: number;
  /** Sockets per receiver origin. Default 8 (per-endpoint FIFO uses one per endpoint). */
  connectionsPerOrigin?: number;
}

export interface UndiciTransport extends WebhookTransport {
  /** Drops the pool and any attempt still in flight (a hanging receiver must not delay shutdown). */
  close(): Promise<void>;
}

export function createUndiciTransport(options: UndiciTransportOptions = {}): UndiciTransport {
  const limit = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const agent = new Agent({
    connections: options.connectionsPerOrigin ?? 8,
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 30_000,
  });

  async function send({ url, headers, body, timeoutMs }: WebhookTransportRequest): Promise<WebhookTransportResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: agent,
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
      const code = (error as { code?: unknown } | null)?.code;
      const timedOut = controller.signal.aborted || (typeof code === 'string' && code.includes('TIMEOUT'));
      throw timedOut ? timeoutError(timeoutMs) : networkError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  return Object.assign(send, { close: () => agent.destroy() });
}
