/**
 * How a delivery reaches the receiver. The model only sees this interface, so the neutral core
 * can run anywhere: the default transport is the global `fetch` (Node 20, browsers, workers);
 * the node runtime injects an undici one (src/adapters/undici-transport.ts).
 *
 * A transport must never hang the simulator: it enforces `timeoutMs` over the whole exchange
 * (connect, headers and body) and reads at most `maxResponseBytes` of the answer before it lets
 * go of the connection, so a receiver that stalls, resets or streams a huge body costs one
 * bounded attempt. It also applies the egress rules (./egress.ts) as far as its runtime can:
 * every transport refuses reserved names and disallowed address literals without a lookup; the
 * undici one also checks every address a name resolves to and connects to the checked one.
 */
import { planEgress, type LoopbackAllowance } from './egress.js';
import { MAX_RESPONSE_BYTES } from './limits.js';

export interface WebhookTransportRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  /** Loopback receivers the simulator allows (its `allowLocalWebhooks`). */
  readonly loopback: LoopbackAllowance;
}

export interface WebhookTransportResponse {
  readonly status: number;
  /** The start of the answer body (at most MAX_RESPONSE_BYTES, decoded as UTF-8). */
  readonly body: string;
}

/** Resolves with the receiver's answer (any status); rejects with `WebhookTransportError`. */
export type WebhookTransport = (request: WebhookTransportRequest) => Promise<WebhookTransportResponse>;

/** `refused`: the egress rules stopped the attempt before anything was sent. */
export type TransportFailure = 'timeout' | 'network' | 'refused';

export class WebhookTransportError extends Error {
  constructor(readonly kind: TransportFailure, message: string) {
    super(message);
    this.name = 'WebhookTransportError';
  }
}

export function timeoutError(timeoutMs: number): WebhookTransportError {
  return new WebhookTransportError('timeout', `timed out after ${timeoutMs} ms`);
}

/** A readable description of a network failure (fetch and undici hide the code in `cause`). */
export function networkError(error: unknown): WebhookTransportError {
  if (error instanceof WebhookTransportError) return error;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = (error as { code?: unknown } | null)?.code ?? cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  const detail = typeof code === 'string' ? code : typeof cause?.message === 'string' ? cause.message : message;
  return new WebhookTransportError('network', `connection failed: ${detail}`);
}

const decoder = new TextDecoder();

/** Reads a web stream up to `limit` bytes, then cancels it so the peer cannot make us buffer more. */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = limit - size;
      const piece = value.byteLength > room ? value.subarray(0, room) : value;
      chunks.push(piece);
      size += piece.byteLength;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(all);
}

/** Appended to the default transport's reserved-name refusal. */
export const RESERVED_NAME_HINT =
  'If an interceptor such as MSW answers this host in your tests, create the simulator with webhookTransport: createFetchTransport({ sendToReservedNames: true }).';

export interface FetchTransportOptions {
  /** Bytes of a receiver's answer read before the connection is dropped. Default 64 KiB. */
  readonly maxResponseBytes?: number;
  /**
   * Hand deliveries to reserved names (`https://hooks.test/...`) to `fetch` instead of failing
   * them. Only for a process whose fetch is intercepted (MSW's `http.post('https://hooks.test/*')`
   * in a test): without an interceptor the platform would look the name up. Default false.
   */
  readonly sendToReservedNames?: boolean;
}

/**
 * The default transport: global fetch with an AbortController timeout and no redirects. A
 * runtime-neutral core has no resolver, so a name is resolved by the platform's fetch without an
 * address check: servers use the node runtime's undici transport (`serve` does), which checks.
 */
export function createFetchTransport(options: FetchTransportOptions = {}): WebhookTransport {
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  return async ({ url, headers, body, timeoutMs, loopback }) => {
    const plan = planEgress(new URL(url), loopback);
    if (plan.kind === 'refused' && !(options.sendToReservedNames && plan.reservedName)) {
      // Here, in process, a reserved name is most often an MSW handler's host: say how to reach it (audit 10d F4).
      throw new WebhookTransportError('refused', plan.reservedName ? `${plan.reason} ${RESERVED_NAME_HINT}` : plan.reason);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: controller.signal });
      const text = await readCapped(response.body, maxResponseBytes);
      return { status: response.status, body: text };
    } catch (error) {
      throw controller.signal.aborted ? timeoutError(timeoutMs) : networkError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
