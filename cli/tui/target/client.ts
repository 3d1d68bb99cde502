/**
 * Sends the TUI's requests to a connection: API calls with the target's key, control-plane calls
 * as the sandbox operator (X-Sandbox-Token + X-Sandbox-Account) or with the account key. Every
 * answer becomes an Exchange: status, headers, time, the parsed body, and what was sent with keys
 * redacted. A target that is down is an Exchange with `error` (one sentence), never a throw.
 */
import type { OutgoingRequest } from '../../../src/scenarios/target.js';
import { SECRET_HEADERS } from './mask.js';
import type { Connection } from './connection.js';

export interface SentRequest {
  readonly method: string;
  /** Relative to the API base (`/contacts?limit=5`) or the control plane (`/_sandbox/clock`). */
  readonly path: string;
  readonly url: string;
  /** Key and token headers show `<key>`/`<operator>`, never the value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface Exchange {
  readonly at: string;
  readonly request: SentRequest;
  /** 0 when the target could not be reached (see `error`). */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** Parsed JSON; undefined for an empty or non-JSON body. */
  readonly json?: unknown;
  readonly durationMs: number;
  readonly error?: string;
}

export interface SendOptions {
  readonly method: string;
  /** Relative path with its query, e.g. `/contacts?limit=5`. */
  readonly path: string;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The control plane instead of the API. */
  readonly control?: boolean;
  /** A control-plane call as the account (its key) rather than the operator. */
  readonly asAccount?: boolean;
}

export interface RateLimit {
  readonly limit: number;
  readonly remaining: number;
  readonly reset?: number;
}

function headerMap(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** Reads RateLimit-* (or X-RateLimit-*) from a response, when present. */
export function rateLimitOf(headers: Readonly<Record<string, string>>): RateLimit | undefined {
  const limit = Number(headers['ratelimit-limit'] ?? headers['x-ratelimit-limit']);
  const remaining = Number(headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining']);
  if (!Number.isFinite(limit) || !Number.isFinite(remaining) || headers['ratelimit-limit'] === undefined && headers['x-ratelimit-limit'] === undefined) return undefined;
  const reset = Number(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset']);
  return { limit, remaining, ...(Number.isFinite(reset) ? { reset } : {}) };
}

export class Client {
  constructor(
    readonly connection: Connection,
    private readonly onRateLimit: (rate: RateLimit) => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(options: SendOptions): Promise<Exchange> {
    const { connection } = this;
    const root = options.control ? connection.controlUrl : connection.baseUrl;
    const url = `${root}${options.path}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const shown: Record<string, string> = { ...options.headers };
    const operator = options.control && !options.asAccount && connection.controlToken !== undefined;
    if (operator) {
      headers['X-Sandbox-Token'] = connection.controlToken!;
      headers['X-Sandbox-Account'] = String(connection.accountId);
      shown['X-Sandbox-Token'] = '<operator>';
      shown['X-Sandbox-Account'] = String(connection.accountId);
    } else if (connection.apiKey !== undefined) {
      headers['X-Service-Api-Key'] = connection.apiKey;
      shown['X-Service-Api-Key'] = '<key>';
    }
    for (const name of Object.keys(shown)) if (SECRET_HEADERS.has(name.toLowerCase()) && !shown[name]!.startsWith('<')) shown[name] = '<redacted>';
    if (options.body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
      shown['Content-Type'] = 'application/json';
    }
    const path = options.control ? `/_sandbox${options.path}` : options.path;
    const request: SentRequest = { method: options.method, path, url, headers: shown, ...(options.body !== undefined ? { body: options.body } : {}) };
    const outgoing: OutgoingRequest = { method: options.method, url, headers, ...(options.body !== undefined ? { body: options.body } : {}) };
    const at = this.now().toISOString();
    const started = performance.now();
    try {
      const response = await connection.target.send(outgoing, undefined);
      const text = await response.text();
      const durationMs = performance.now() - started;
      const responseHeaders = headerMap(response);
      let json: unknown;
      if (text.trim() !== '') {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      const rate = options.control ? undefined : rateLimitOf(responseHeaders);
      if (rate) this.onRateLimit(rate);
      return { at, request, status: response.status, headers: responseHeaders, text, ...(json !== undefined ? { json } : {}), durationMs };
    } catch (error) {
      // The engine's targets throw TargetError with a sentence for people (down, hanging, refusing).
      const message = error instanceof Error ? error.message : String(error);
      return { at, request, status: 0, headers: {}, text: '', durationMs: performance.now() - started, error: message };
    }
  }

  /** GET/POST on the control plane as the operator; the body is an object (or none). */
  control(method: string, path: string, body?: unknown, asAccount = false): Promise<Exchange> {
    return this.send({ method, path, control: true, asAccount, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  }
}

/** The spec's error envelope `{error: {code, message, param?}}`, when the body is one. */
export function envelopeError(json: unknown): { code: string; message: string; param?: string } | undefined {
  const error = (json as { error?: { code?: unknown; message?: unknown; param?: unknown } } | undefined)?.error;
  if (!error || typeof error.code !== 'string') return undefined;
  return { code: error.code, message: typeof error.message === 'string' ? error.message : '', ...(typeof error.param === 'string' ? { param: error.param } : {}) };
}

/** One line for the status bar: `404 not_found: Contact 9 not found (param id)` or the network sentence. */
export function describeOutcome(exchange: Exchange): string {
  if (exchange.error) return exchange.error;
  const envelope = envelopeError(exchange.json);
  if (envelope) return `${exchange.status} ${envelope.code}: ${envelope.message}${envelope.param ? ` (param ${envelope.param})` : ''}`;
  if (exchange.status >= 400 && exchange.json === undefined) {
    const type = exchange.headers['content-type'] ?? 'no content type';
    return `${exchange.status}: not the spec's error envelope (${type}) ${JSON.stringify(exchange.text.slice(0, 60))}`;
  }
  return `${exchange.status} ${statusText(exchange.status)}`;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 409: 'Conflict', 410: 'Gone', 412: 'Precondition Failed', 413: 'Payload Too Large', 415: 'Unsupported Media Type',
  422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? '';
}
