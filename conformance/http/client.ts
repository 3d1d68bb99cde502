/**
 * The kit's only way to reach the target: a fetch function. Every request carries
 * `X-Switchboard-Run: <run-id>/<seq>` for log correlation, passes the profile guard, is paced from
 * the `RateLimit-*` headers, waits out `Retry-After` on a 429 (unless the check asked for the raw
 * answer), and is recorded as an exchange that observers and failure reports read.
 *
 * A request the target does not answer within the timeout, or a target that cannot be reached,
 * becomes a `NoAnswer` naming the route (a failure of the check that sent it). Once the run is
 * interrupted, the checks' requests are refused (`Interrupted`); the sweep's go on, still paced.
 */
import { Interrupted, NoAnswer } from '../runner/failure.js';
import { ProfileRefusal, guardRequest } from '../safety/guard.js';
import { ROUTES } from '../spec/routes.js';
import type { Ledger } from '../safety/ledger.js';
import type { ExchangeRecord, FormFieldRecord, Profile } from '../types.js';
import type { FetchFn } from '../options.js';
import { isDeadlineError, withDeadline } from './deadline.js';
import type { Pacer } from './pacer.js';

export type KeyHeader = 'x-service-api-key' | 'authorization' | 'x-api-key';

export interface SendOptions {
  readonly method?: string;
  /** Relative to the base URL (`/contacts`), or to the origin with `fromOrigin`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** A key label (`a`, `b`, `a:read`, ...); `null` sends no key. Default `a`. */
  readonly key?: string | null;
  /** Sends this literal key instead of a labelled one (unknown or revoked key checks). */
  readonly keyValue?: string;
  readonly keyHeader?: KeyHeader;
  /** JSON-serialised and sent with `Content-Type: application/json`. */
  readonly body?: unknown;
  /** Sent verbatim (malformed JSON checks). */
  readonly rawBody?: string;
  /** Sent as multipart/form-data (uploads); fetch sets the Content-Type with its boundary. */
  readonly form?: FormData;
  readonly headers?: Readonly<Record<string, string>>;
  readonly idempotencyKey?: string;
  /** No pacing wait and no 429 retry: the check wants the target's raw answer. */
  readonly raw?: boolean;
  /** Cannot change state even if accepted (a 405 probe, an empty PATCH); see the guard. */
  readonly harmless?: boolean;
  readonly fromOrigin?: boolean;
  /** Sends the sandbox operator token (`X-Sandbox-Token`) instead of a key: the simulator's clock and faults. */
  readonly operator?: boolean;
  /** The sweeper undoes ledger entries; the guard already vetted them at creation. */
  readonly sweep?: boolean;
  /** A shorter limit than the run's `--timeout` for this one request (the sandbox probe). */
  readonly timeoutMs?: number;
}

export interface KitResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body, or undefined when empty or not JSON. */
  readonly json: unknown;
  readonly exchange: ExchangeRecord;
}

export interface ResolvedKey {
  readonly value: string;
  /** The account whose quota the key spends (`a`, `b`, `inactive`). */
  readonly account: string;
}

export type ExchangeObserver = (response: KitResponse, context: { readonly keyLabel: string; readonly authenticated: boolean; readonly control: boolean }) => void;

export interface ClientDeps {
  readonly baseUrl: string;
  readonly runId: string;
  readonly fetch: FetchFn;
  readonly pacer: Pacer;
  readonly ledger: Ledger;
  readonly profile: () => Profile;
  readonly resolveKey: (label: string) => ResolvedKey | undefined;
  readonly timeoutMs: number;
  /** The sandbox operator token, when the user gave one. */
  readonly controlToken?: string | undefined;
  /** Interrupts the checks' traffic (not the sweep's). */
  readonly signal?: AbortSignal | undefined;
}

const MAX_429_RETRIES = 4;

/** A form as the report keeps it: text fields as they are, files by name, type and size. */
function formFields(form: FormData): FormFieldRecord[] {
  const fields: FormFieldRecord[] = [];
  form.forEach((value, name) => {
    fields.push(typeof value === 'string' ? { name, value } : { name, file: { filename: value.name, type: value.type, size: value.size } });
  });
  return fields;
}

function describeForm(fields: readonly FormFieldRecord[]): string {
  const parts = fields.map((field) => (field.file ? `${field.name}=<file ${field.file.filename} ${field.file.type} ${field.file.size} bytes>` : `${field.name}=${JSON.stringify(field.value)}`));
  return `multipart/form-data: ${parts.join('; ')}`;
}

function formatSeconds(ms: number): string {
  return Number.isInteger(ms / 1000) ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** fetch's own words for a port on the Fetch standard's blocked list (1, 22, 25, ...): says nothing on its own. */
export const BLOCKED_PORT = 'the port is on fetch\'s blocked list ("bad port"): use another port';

/** `ECONNREFUSED`, `ENOTFOUND`, ... rather than undici's bare "fetch failed". */
export function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message === 'bad port') return BLOCKED_PORT;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return error.message;
}

export class KitClient {
  private seq = 0;
  readonly observers: ExchangeObserver[] = [];
  readonly usage = { used: 0, control: 0, rateLimited: 0, byAccount: {} as Record<string, number> };

  constructor(private readonly deps: ClientDeps) {}

  get origin(): string {
    return new URL(this.deps.baseUrl).origin;
  }

  url(path: string, query?: SendOptions['query'], fromOrigin = false): string {
    const base = fromOrigin ? this.origin : this.deps.baseUrl;
    const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const text = search.toString();
    return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
  }

  get timeoutMs(): number {
    return this.deps.timeoutMs;
  }

  /**
   * Whether the key's account has no record at `item` (`/tags/49`): its GET answers 404, or, where
   * the spec gives the item no GET (tags, invitations, blocks), one complete page of the collection
   * does not list that id.
   */
  private async absentFrom(item: string, key: string): Promise<boolean> {
    const shape = item.replace(/\/\d+/g, '/{}');
    const readable = ROUTES.some((route) => route.method === 'GET' && route.path.replace(/\{[^}]*\}/g, '{}') === shape);
    // A 404 means "no such record" only on a route the spec serves; elsewhere it is "no such route".
    if (readable) return (await this.send({ path: item, key })).status === 404;
    const cut = item.lastIndexOf('/');
    const id = Number(item.slice(cut + 1));
    const listed = await this.send({ path: item.slice(0, cut), key, query: { limit: 100 } });
    const body = listed.json as { data?: unknown; has_more?: unknown } | undefined;
    if (listed.status !== 200 || !Array.isArray(body?.data) || body.has_more === true) return false;
    return !body.data.some((entry) => (entry as { id?: unknown } | null)?.id === id);
  }

  async send(options: SendOptions): Promise<KitResponse> {
    // The sweep and the operator's clock are never interrupted: they keep the target clean and
    // the pacing honest after a Ctrl-C.
    const signal = options.sweep || options.operator ? undefined : this.deps.signal;
    if (signal?.aborted) throw new Interrupted();
    const method = (options.method ?? 'GET').toUpperCase();
    const label = options.operator ? 'operator' : options.keyValue !== undefined ? 'literal' : options.key === undefined ? 'a' : (options.key ?? 'none');
    const resolved = options.operator || options.keyValue !== undefined || options.key === null ? undefined : this.deps.resolveKey(label);
    if (label !== 'literal' && label !== 'none' && label !== 'operator' && !resolved) throw new Error(`no key labelled "${label}"`);
    if (!options.sweep && !options.fromOrigin) {
      // The account of the key decides whose records the request touches; a literal key's
      // account is not known here, so either account's records count as the kit's.
      const account = resolved?.account === 'a' || resolved?.account === 'b' ? resolved.account : undefined;
      try {
        guardRequest(this.deps.profile(), this.deps.ledger, method, options.path, options.harmless ?? false, account);
      } catch (error) {
        if (!(error instanceof ProfileRefusal) || error.otherAccountItems.length === 0) throw error;
        // The kit's record of its other account: only when the key's own account has no such
        // record (404) can the request not touch someone else's.
        for (const item of error.otherAccountItems) if (!(await this.absentFrom(item, options.key ?? 'a'))) throw error;
      }
    }
    const keyValue = options.keyValue ?? resolved?.value;
    const paced = resolved !== undefined && !options.fromOrigin;

    for (let attempt = 0; ; attempt++) {
      if (paced) {
        if (options.raw) this.deps.pacer.note(resolved.account);
        else await this.deps.pacer.before(resolved.account, 1, signal);
      }
      if (signal?.aborted) throw new Interrupted();
      const response = await this.onceRetryingStaleSocket(method, options, label, keyValue);
      if (paced) this.deps.pacer.after(resolved.account, response.headers, response.exchange.durationMs);
      this.count(options.fromOrigin ? undefined : (resolved?.account ?? 'unauthenticated'), response.status);
      for (const observe of this.observers) {
        observe(response, { keyLabel: label, authenticated: resolved !== undefined, control: options.fromOrigin ?? false });
      }
      if (response.status !== 429 || options.raw || attempt >= MAX_429_RETRIES) return response;
      await this.deps.pacer.retryAfter(response.headers, signal);
      if (signal?.aborted) throw new Interrupted();
    }
  }

  private count(account: string | undefined, status: number): void {
    if (account === undefined) {
      this.usage.control++;
      return;
    }
    this.usage.used++;
    this.usage.byAccount[account] = (this.usage.byAccount[account] ?? 0) + 1;
    if (status === 429) this.usage.rateLimited++;
  }

  /**
   * A read that dies on a socket the server had already closed is sent once more on a new one:
   * a pooled keep-alive connection can go stale between requests (the server's idle timeout, or
   * a server restarted on the same port), and the request never reached the server. Only GET and
   * HEAD, which a client may repeat (RFC 9110, 9.2.2); a write is never sent twice.
   */
  private async onceRetryingStaleSocket(method: string, options: SendOptions, label: string, keyValue: string | undefined): Promise<KitResponse> {
    try {
      return await this.once(method, options, label, keyValue);
    } catch (error) {
      if (!(error instanceof NoAnswer) || error.kind !== 'unreachable' || (method !== 'GET' && method !== 'HEAD')) throw error;
      if (!/UND_ERR_SOCKET|ECONNRESET|other side closed/.test(error.detail)) throw error;
      return this.once(method, options, label, keyValue);
    }
  }

  private async once(method: string, options: SendOptions, label: string, keyValue: string | undefined): Promise<KitResponse> {
    const seq = ++this.seq;
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Switchboard-Run': `${this.deps.runId}/${seq}` };
    if (options.operator) {
      if (this.deps.controlToken === undefined) throw new Error('the operator token is needed (--control-token)');
      headers['X-Sandbox-Token'] = this.deps.controlToken;
    } else if (keyValue !== undefined) {
      const header = options.keyHeader ?? 'x-service-api-key';
      if (header === 'authorization') headers['Authorization'] = `Bearer ${keyValue}`;
      else if (header === 'x-api-key') headers['X-Api-Key'] = keyValue;
      else headers['X-Service-Api-Key'] = keyValue;
    }
    let body: string | FormData | undefined;
    if (options.form !== undefined) body = options.form;
    else if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    Object.assign(headers, options.headers);

    const url = this.url(options.path, options.query, options.fromOrigin);
    const limitMs = Math.min(options.timeoutMs ?? this.deps.timeoutMs, this.deps.timeoutMs);
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      // The body is read under the same deadline: a server that sends headers and then stalls
      // has not answered either. withDeadline, not AbortSignal.timeout on the Request: undici
      // can lose a Request's signal after a GC and wait forever (undici#4068).
      ({ response, text } = await withDeadline(limitMs, async (signal) => {
        const answer = await this.deps.fetch(new Request(url, { method, headers, body, signal }));
        return { response: answer, text: await answer.text() };
      }));
    } catch (error) {
      const exchange: ExchangeRecord = {
        seq,
        method,
        url,
        requestHeaders: headers,
        requestBody: typeof body === 'string' || body === undefined ? body : describeForm(formFields(body)),
        status: 0,
        responseHeaders: {},
        responseBody: '',
        durationMs: performance.now() - started,
        keyLabel: label,
      };
      const where = `${method} ${new URL(url).pathname}`;
      if (isDeadlineError(error)) {
        throw new NoAnswer(`${where}: no answer in ${formatSeconds(limitMs)} s`, exchange, 'timeout');
      }
      const cause = causeOf(error);
      throw new NoAnswer(`${where}: could not reach ${new URL(url).origin} (${cause})`, exchange, 'unreachable', cause);
    }
    const durationMs = performance.now() - started;
    let json: unknown;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    const exchange: ExchangeRecord = {
      seq,
      method,
      url,
      requestHeaders: headers,
      requestBody: typeof body === 'string' || body === undefined ? body : describeForm(formFields(body)),
      ...(body instanceof FormData ? { requestForm: formFields(body) } : {}),
      status: response.status,
      responseHeaders,
      responseBody: text,
      durationMs,
      keyLabel: label,
    };
    return { status: response.status, headers: response.headers, text, json, exchange };
  }
}
