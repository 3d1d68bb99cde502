/**
 * The request pipeline: route -> auth -> limits -> scope -> gate -> idempotency hold -> body ->
 * idempotency replay -> validate -> handler -> envelope.
 * This is the only try/catch of the simulator: an `ApiError` from any step becomes the spec's
 * envelope; anything else becomes a logged 500 `server_error`.
 */
import { SandboxServerFault, type ServerFaults } from './server-faults.js';
import { addonInactive, extractApiKey, missingKey, requireScope, unknownKey, type AuthenticatedKey } from './auth.js';
import {
  OPERATOR_ACCOUNT_HEADER,
  OPERATOR_TOKEN_HEADER,
  invalidOperatorToken,
  missingOperatorToken,
  operatorAccount,
  operatorRequired,
} from './operator.js';
import { ApiError, errorBody } from './errors.js';
import { httpDate } from './http-date.js';
import { JSON_CONTENT_TYPE } from './json-content-type.js';
import { bodyToJson } from './wire-json.js';
import { IDEMPOTENT_METHODS, idempotencyKeyOf, requestFingerprint, validateIdempotencyKey, type IdempotencyHold, type IdempotencyKeys } from './idempotency.js';
import type { Logger } from './logger.js';
import { readBodyThen, type BodyReadOptions, type ReadBody } from './body.js';
import { normalizeRequest, utf8Length } from './normalize.js';
import { isStreamedBody } from './streamed-body.js';
import { MAX_LIMIT, parsePageRequest, type PageRequest } from './pagination.js';
import type { RateLimiter } from './rate-limit.js';
import type { Caller, MountedRoute, RouteResult } from './route.js';
import type { Router } from './router.js';
import type { NormalizedRequest, SimRequest, SimResponse } from './types.js';
import { parseOrThrow } from './validate.js';
import { refuseRepeatedQuery } from './repeated-query.js';
import { prototypePolluted, recordCheckOf } from '../store/record-check.js';
import type { Store } from '../store/store.js';

/** A route table served under a path prefix. */
export interface Mount {
  readonly prefix: string;
  readonly router: Router<MountedRoute>;
  /** The API counts requests against the quota and honours Idempotency-Key; the control plane does not. */
  readonly metered: boolean;
  /**
   * Served without a key (public files): no authentication, quota, scope or idempotency, and no
   * body is read. Handlers see `PUBLIC_CALLER`.
   */
  readonly public?: boolean;
}

/** The caller of a public route: nobody (account 0 owns nothing). */
export const PUBLIC_CALLER = { accountId: 0, keyId: 0, scope: 'read' } as const;

export interface PipelineDeps {
  readonly mounts: readonly Mount[];
  /** Documents served unauthenticated to GET, by exact path (the OpenAPI descriptions). */
  readonly documents: ReadonlyMap<string, () => unknown>;
  readonly store: Store;
  /**
   * The simulator's clock (./clock.ts), held at one real instant for each synchronous stretch of a
   * request (`holdWall`): one read of the wall clock where an authenticated write made three.
   */
  readonly clock: { now(): number; virtual(): boolean; holdWall(): boolean; releaseWall(): void };
  readonly authenticate: (key: string) => AuthenticatedKey | undefined;
  /** Changes whenever a key or an account's add-on may have changed (see `afterReadAtOneInstant`). */
  readonly authVersion: () => number;
  /** True for the sandbox operator's token (control-plane routes); constant time. */
  readonly isOperator: (token: string) => boolean;
  /** Whether an account exists (the operator names one for account powers). */
  readonly accountExists: (accountId: number) => boolean;
  readonly markKeyUsed: (keyId: number) => void;
  readonly rateLimiter: RateLimiter;
  readonly idempotency: IdempotencyKeys;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
  /** Server errors armed in the sandbox (POST /_sandbox/server-errors): spent where a route would run. */
  readonly serverFaults?: ServerFaults;
  /** Hears every answered request (serve's request log): what was asked, the status, whose account. */
  readonly onServed?: (served: ServedRequest) => void;
}

/** One answered request, as a request log shows it: never a key, a body or a query string. */
export interface ServedRequest {
  readonly method: string;
  /** The path without its query string (which can carry a contact's email or phone). */
  readonly path: string;
  readonly status: number;
  /** The account the key (or the operator's X-Sandbox-Account) named; undefined before that is known. */
  readonly accountId: number | undefined;
  readonly requestId: string;
}

/** An authenticated, allowed request on its way to its route, between the checks and the body read. */
interface AuthorisedCall {
  readonly request: NormalizedRequest;
  readonly route: MountedRoute;
  readonly rawParams: Record<string, string>;
  readonly key: AuthenticatedKey;
  /** The key as presented, and `authVersion` when it was checked: what the re-check after the body needs. */
  readonly presented: string;
  readonly authVersion: number;
  /** Who the route runs for (its gate already let them through). */
  readonly caller: Caller;
  readonly metered: boolean;
  readonly idempotent: boolean;
  readonly idempotencyHeader: string | undefined;
  /** The header key this request holds while its body arrives (undefined: no header, or a stored answer will reply). */
  readonly hold: IdempotencyHold | undefined;
  readonly onIdempotency: (finish: (response: SimResponse) => void) => void;
}

/** A handler may answer with a promise (any thenable): a route result is never one. */
function isPromise<T extends object>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}

const NO_PAGE: PageRequest = { list: '', limit: 0, after: undefined };
const NO_BODY: ReadBody = { text: undefined, form: undefined, fingerprint: undefined };
const FINGERPRINTED: BodyReadOptions = { fingerprint: true };
const NOT_FINGERPRINTED: BodyReadOptions = { fingerprint: false };

export function createPipeline(deps: PipelineDeps): (request: SimRequest) => Promise<SimResponse> {
  let requestCounter = 0;

  /**
   * Synchronous up to the body read, and after it: only a request that reads a body (or a route
   * that answers asynchronously) waits, and what waits is one `then`, not a chain of async
   * functions. Each async function that awaited kept a generator with every local it held alive
   * across the await; for POST /contacts they were about a third of the pipeline's allocation
   * (docs/decisions.md, "POST /contacts in memory, second pass").
   */
  return function handle(request: SimRequest): Promise<SimResponse> {
    const requestId = `req_${(++requestCounter).toString(36).padStart(6, '0')}`;
    const headers: Record<string, string> = { 'Request-Id': requestId };
    // On a virtual clock the answer's Date is the simulator's, like every time it states
    // (RateLimit-Reset, timestamps): a client computing Reset - Date gets the real wait. On the
    // wall clock each runtime stamps its own Date (node:http's, ../adapters/fetch.ts, sim.request),
    // the same instant, so nothing is added here.
    // Stamped here (its place among the headers) and checked again as the answer leaves
    // (`finish`): a request that moved the clock answers at the clock's new time.
    const startedVirtual = deps.clock.virtual();
    const startedAt = startedVirtual ? deps.clock.now() : 0;
    if (startedVirtual) headers['Date'] = httpDate(startedAt);
    let finishIdempotency: ((response: SimResponse) => void) | undefined;
    const caller: { accountId: number | undefined } = { accountId: undefined };
    let head = false;

    const finish = (response: SimResponse): SimResponse => {
      finishIdempotency?.(response);
      if (startedVirtual || deps.clock.virtual()) response = dated(response, startedVirtual, startedAt, deps.clock);
      if (head) response = headAnswer(response);
      deps.onServed?.({
        method: request.method.toUpperCase(),
        path: request.path.split('?')[0]!,
        status: response.status,
        accountId: caller.accountId,
        requestId,
      });
      return response;
    };
    // `headers` is this request's own object: used as it is when the route adds none.
    const answered = (outcome: RouteResult): SimResponse =>
      finish({ status: outcome.status, headers: outcome.headers ? { ...headers, ...outcome.headers } : headers, body: outcome.body });
    const failed = (error: unknown): SimResponse => finish(errorResponse(error, headers, deps));

    try {
      let outcome: RouteResult | Promise<RouteResult>;
      const held = deps.clock.holdWall();
      try {
        const normalized = normalizeRequest(request);
        // HEAD is GET without the body (RFC 9110 9.3.2): the same route, checks, status and headers.
        head = normalized.method === 'HEAD';
        outcome = run(head ? { ...normalized, method: 'GET' } : normalized, headers, (done) => (finishIdempotency = done), caller);
      } catch (error) {
        return Promise.resolve(failed(error));
      } finally {
        if (held) deps.clock.releaseWall();
      }
      return isPromise(outcome) ? outcome.then(answered, failed) : Promise.resolve(answered(outcome));
    } catch (error) {
      // What an async function would have done with a throw past its own try (a request log that threw).
      return Promise.reject(error);
    }
  };

  function run(
    request: NormalizedRequest,
    headers: Record<string, string>,
    onIdempotency: (finish: (response: SimResponse) => void) => void,
    caller: { accountId: number | undefined },
  ): RouteResult | Promise<RouteResult> {
    const document = deps.documents.get(request.path);
    if (document) {
      if (request.method !== 'GET') {
        throw new ApiError('method_not_allowed', `${request.method} is not allowed here.`, { headers: { Allow: 'GET' } });
      }
      return Promise.resolve(document()).then((body) => ({ status: 200, body }));
    }
    const mount = findMount(deps.mounts, request.path);
    if (!mount) throw new ApiError('not_found', 'No such endpoint.');
    const lookup = mount.router.lookup(request.method, request.path, mount.prefix.length);
    if (lookup.kind === 'not_found') {
      meterUnrouted(mount, request, headers, caller);
      throw new ApiError('not_found', 'No such endpoint.');
    }
    if (lookup.kind === 'method_not_allowed') {
      meterUnrouted(mount, request, headers, caller);
      throw new ApiError('method_not_allowed', `${request.method} is not allowed here.`, {
        headers: { Allow: lookup.allow.join(', ') },
      });
    }
    const route = lookup.route;
    if (mount.public) {
      const params = route.params ? parseParams(route, lookup.params) : lookup.params;
      if (request.repeatedQuery) refuseRepeatedQuery(route, request.repeatedQuery);
      const query = route.query ? parseOrThrow(route.query, request.query, 'query') : request.query;
      const context = { params, query, body: undefined, page: NO_PAGE, caller: PUBLIC_CALLER, request };
      return deps.store.transaction(() => route.handler(context, route.bound));
    }

    const operatorToken = route.access === undefined ? undefined : request.headers[OPERATOR_TOKEN_HEADER];
    if (operatorToken !== undefined) return runAsOperator(request, route, lookup.params, operatorToken, caller);
    const presented = extractApiKey(request.headers);
    if (presented === undefined) throw route.access === 'operator' ? missingOperatorToken() : missingKey();
    const key = deps.authenticate(presented);
    if (!key) throw unknownKey();
    caller.accountId = key.accountId;
    if (route.access === 'operator') throw operatorRequired();

    if (mount.metered) meter(key.accountId, headers);
    deps.markKeyUsed(key.keyId);
    if (!key.addonActive) throw addonInactive();
    requireScope(key.scope, route.scope);
    const routeCaller: Caller = { accountId: key.accountId, keyId: key.keyId, scope: key.scope };
    route.gate?.(routeCaller, route.bound);
    const idempotencyHeader = request.headers['idempotency-key'];
    const idempotent = mount.metered && IDEMPOTENT_METHODS.has(request.method) && (idempotencyHeader !== undefined || route.bodyIdempotencyKey !== undefined);
    // A header key is held before the body is read: a retry sent while this body is still
    // arriving gets 409 idempotency_in_progress instead of running beside it. (A body key can be
    // known only after the read; afterRead claims it.)
    const hold = idempotent && idempotencyHeader !== undefined ? holdKey(key.accountId, idempotencyHeader, onIdempotency) : undefined;
    // Only now, with the caller known and allowed, is the body read, up to the route's limit.
    const call: AuthorisedCall = {
      request, route, rawParams: lookup.params, key, presented, authVersion: deps.authVersion(), caller: routeCaller,
      metered: mount.metered, idempotent, idempotencyHeader, hold, onIdempotency,
    };
    if (!takesBody(route) && !IDEMPOTENT_METHODS.has(request.method)) return afterRead(call, NO_BODY);
    return readRouteBody(route, request, idempotent, (read) => afterReadAtOneInstant(call, read));
  }

  /**
   * An API path or method that does not exist, sent with a valid key, is still an authenticated
   * response (section 8: rate-limit headers "on every authenticated response"): it is counted and
   * carries the headers, and is 429 once the quota is spent, as any request of the account. The
   * answer stays 404/405 otherwise; a missing or unknown key changes nothing (a typo in a URL says
   * so, not "unauthorized": "Pipeline order and errors").
   */
  function meterUnrouted(mount: Mount, request: NormalizedRequest, headers: Record<string, string>, caller: { accountId: number | undefined }): void {
    if (!mount.metered || deps.rateLimiter.settings === 'off') return;
    const presented = extractApiKey(request.headers);
    const key = presented === undefined ? undefined : deps.authenticate(presented);
    if (!key) return;
    caller.accountId = key.accountId;
    meter(key.accountId, headers);
  }

  /** Counts one request of the account: its RateLimit-* headers, or 429 once the quota is spent. */
  function meter(accountId: number, headers: Record<string, string>): void {
    // With limiting off there is nothing to count, and no reason to read the clock (~120 ns here).
    if (deps.rateLimiter.settings === 'off') return;
    const limit = deps.rateLimiter.check(accountId, deps.clock.now());
    if (!limit) return;
    Object.assign(headers, limit.headers);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
  }

  /**
   * Holds the request's header key (400 when malformed, 409 when another request holds it) and
   * frees it with the answer, whatever the answer: a body that never completes (client gone,
   * timeout) fails the read, and that failure is answered too, so no hold outlives its request.
   */
  function holdKey(accountId: number, header: string, onIdempotency: AuthorisedCall['onIdempotency']): IdempotencyHold | undefined {
    const hold = deps.idempotency.hold(accountId, validateIdempotencyKey(header));
    if (hold !== undefined) onIdempotency(() => deps.idempotency.release(hold));
    return hold;
  }

  /**
   * `afterRead`, its synchronous part at one real instant (the second stretch of a request with a
   * body). A body can take seconds to arrive (an upload): a key revoked meanwhile, or an add-on
   * turned off, stops the write here, as revocation is immediate (3.7, 4.1). The key is checked
   * again only when something authentication reads has changed since (audit 14c C1).
   */
  function afterReadAtOneInstant(call: AuthorisedCall, read: ReadBody): RouteResult | Promise<RouteResult> {
    const held = deps.clock.holdWall();
    try {
      if (deps.authVersion() !== call.authVersion) {
        const current = deps.authenticate(call.presented);
        if (!current) throw unknownKey();
        if (!current.addonActive) throw addonInactive();
      }
      return afterRead(call, read);
    } finally {
      if (held) deps.clock.releaseWall();
    }
  }

  /** Idempotency (replay or claim), an armed fault, then the route: what follows the body read. */
  function afterRead(call: AuthorisedCall, read: ReadBody): RouteResult | Promise<RouteResult> {
    const { request, route, key } = call;
    const idempotency = call.idempotent ? idempotencyKeyOf(call.idempotencyHeader, route.bodyIdempotencyKey, read.text) : undefined;
    if (idempotency !== undefined) {
      const fingerprint = requestFingerprint(request.method, pathWithQuery(request), read.fingerprint);
      const outcome = deps.idempotency.begin(key.accountId, idempotency.key, fingerprint, idempotency.param, call.hold);
      if (outcome.kind === 'replay') {
        const replayHeaders: Record<string, string> = { ...outcome.record.headers, 'Idempotent-Replayed': 'true' };
        return { status: outcome.record.status, body: outcome.record.body, headers: replayHeaders };
      }
      call.onIdempotency((response) => {
        const stored = { ...response.headers };
        for (const name of Object.keys(stored)) if (/ratelimit|^request-id$|^date$/i.test(name)) delete stored[name];
        outcome.complete(response.status, response.body, stored, route.replaySecrets);
      });
    }

    if (call.metered && deps.serverFaults?.take(key.accountId) === true) throw new SandboxServerFault();
    return invoke(route, request, call.rawParams, read, call.caller);
  }

  /**
   * A control-plane route called with the operator token: the whole sandbox, or (account powers)
   * the account named in X-Sandbox-Account. Not metered, no idempotency, like the control plane.
   */
  async function runAsOperator(
    request: NormalizedRequest,
    route: MountedRoute,
    rawParams: Record<string, string>,
    token: string,
    caller: { accountId: number | undefined },
  ): Promise<RouteResult> {
    if (!deps.isOperator(token)) throw invalidOperatorToken();
    const accountId = route.access === 'account' ? operatorAccount(request.headers[OPERATOR_ACCOUNT_HEADER], deps.accountExists) : 0;
    if (accountId !== 0) caller.accountId = accountId;
    const read = takesBody(route) ? await readRouteBody(route, request, false, (body) => body) : NO_BODY;
    return invoke(route, request, rawParams, read, { accountId, keyId: 0, scope: 'full' });
  }

  /** The body, read the way the route takes it, up to its limit, then `next`; fingerprinted only when idempotency asks. */
  function readRouteBody<R>(route: MountedRoute, request: NormalizedRequest, fingerprint: boolean, next: (read: ReadBody) => R | Promise<R>): Promise<R> {
    // A JSON route (most of them) shares one options object instead of building it per request.
    const options =
      route.fileSink || route.intake
        ? { fingerprint, ...(route.fileSink ? { fileSink: route.fileSink } : {}), ...(route.intake ? { intake: route.intake } : {}) }
        : fingerprint
          ? FINGERPRINTED
          : NOT_FINGERPRINTED;
    return readBodyThen(request, route.bodyType ?? 'json', route.maxBodyBytes ?? deps.maxBodyBytes, options, next);
  }

  /** Validates params, query, page and body, then runs the handler in one transaction. */
  function invoke(route: MountedRoute, request: NormalizedRequest, rawParams: Record<string, string>, read: ReadBody, caller: Caller) {
    const params = route.params ? parseParams(route, rawParams) : rawParams;
    if (request.repeatedQuery) refuseRepeatedQuery(route, request.repeatedQuery);
    const query = route.query ? parseOrThrow(route.query, request.query, 'query') : request.query;
    const page = route.list && !route.list.wholeSet ? readPage(route, request.query, params) : NO_PAGE;
    const body = takesBody(route) ? parseBody(route, read) : undefined;
    return deps.store.transaction(() => route.handler({ params, query, body, page, caller, request }, route.bound));
  }
}

/**
 * The answer's `Date` as the answer leaves (audit 13c, C6; docs/sandbox.md: "once frozen or
 * moved, every answer's HTTP Date header is the clock's time"). A control route that froze, moved
 * or set the clock answers at the new time, in every runtime; one that put the clock back on the
 * wall (a reset) leaves the Date to the runtime, which stamps the wall clock's as on any answer on
 * the wall clock. Nothing is formatted again unless the clock moved while the request ran.
 */
function dated(response: SimResponse, startedVirtual: boolean, startedAt: number, clock: PipelineDeps['clock']): SimResponse {
  const virtual = clock.virtual();
  if (virtual && startedVirtual && Math.floor(clock.now() / 1000) === Math.floor(startedAt / 1000)) return response;
  const headers = { ...response.headers };
  if (virtual) headers['Date'] = httpDate(clock.now());
  else delete headers['Date'];
  return { ...response, headers };
}

/**
 * HEAD is GET without the body (RFC 9110 9.3.2), with the GET's headers, in every runtime: a file's
 * length (audit 13c, C4), a stream's type, and a JSON body's type and length in bytes (what
 * node:http, MSW and `sim.fetch` send with the GET). Only HEAD pays for the serialisation.
 */
function headAnswer(response: SimResponse): SimResponse {
  const body = response.body;
  if (body instanceof Uint8Array) return { ...response, headers: { ...response.headers, 'Content-Length': String(body.byteLength) }, body: undefined };
  if (body === undefined) return response;
  if (isStreamedBody(body)) return { ...response, headers: { ...response.headers, 'Content-Type': body.contentType }, body: undefined };
  const length = String(utf8Length(bodyToJson(body)));
  return { ...response, headers: { ...response.headers, 'Content-Type': JSON_CONTENT_TYPE, 'Content-Length': length }, body: undefined };
}

/**
 * The page a list request asks for. A cursor belongs to one list: the route and, for a list under
 * a resource (`/conversations/{id}/messages`), that resource, so a cursor from one conversation's
 * messages is 400 `starting_after` on another's, as on any other list (audit 16c L1).
 */
function readPage(route: MountedRoute, query: Readonly<Record<string, string>>, params: unknown): PageRequest {
  const owner = typeof params === 'object' && params !== null ? Object.values(params).map(String) : [];
  const list = owner.length === 0 ? route.operationId : `${route.operationId}:${owner.join(':')}`;
  return parsePageRequest(query, list, route.list?.defaultLimit, route.list?.maxLimit ?? MAX_LIMIT);
}

/** The mount whose prefix is the path or a whole-segment start of it (`/api/v1x` is not under `/api/v1`). */
function findMount(mounts: readonly Mount[], path: string): Mount | undefined {
  for (const mount of mounts) {
    const { prefix } = mount;
    if (path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47)) return mount;
  }
  return undefined;
}

function pathWithQuery(request: NormalizedRequest): string {
  const entries = Object.entries(request.query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? request.path : `${request.path}?${new URLSearchParams(entries).toString()}`;
}

/** A path parameter that fails its schema (a non-numeric id) names no resource: 404. */
function parseParams(route: MountedRoute, raw: Record<string, string>): unknown {
  const result = route.params!.safeParse(raw);
  if (!result.success) throw new ApiError('not_found', 'No such resource.');
  return result.data;
}

/** A route reads a body when it declares one, or streams one in (a stream route's intake is its schema). */
function takesBody(route: MountedRoute): boolean {
  return route.body !== undefined || route.bodyType === 'stream';
}

function parseBody(route: MountedRoute, read: ReadBody): unknown {
  if (route.bodyType === 'stream') {
    if (read.intake === undefined) {
      if (route.bodyRequired) throw new ApiError(route.bodyErrorCode ?? 'invalid_param', 'This endpoint needs a body.', { param: 'body' });
      return undefined;
    }
    return route.body ? parseOrThrow(route.body, read.intake.value, 'body', route.bodyErrorCode) : read.intake.value;
  }
  if (read.form !== undefined) return parseOrThrow(route.body!, read.form, 'body', route.bodyErrorCode);
  if (route.bodyType === 'multipart') {
    throw new ApiError('invalid_param', 'This endpoint takes a multipart/form-data body.', { param: 'body' });
  }
  const rawBody = read.text;
  let value: unknown = {};
  if (rawBody !== undefined && rawBody.trim() !== '') {
    try {
      value = JSON.parse(rawBody);
    } catch {
      throw new ApiError('invalid_json', 'The request body is not valid JSON.', { param: 'body' });
    }
  } else if (route.bodyRequired) {
    throw new ApiError(route.bodyErrorCode ?? 'invalid_param', 'This endpoint needs a JSON body (send {} when there is nothing to say).', {
      param: 'body',
    });
  }
  return checkBody(route.body!, value, route.bodyErrorCode);
}

/**
 * The parsed JSON itself when zod would accept it unchanged (../store/record-check.ts, compiled
 * once per schema): zod's parse copies every object, array and record it accepts, which cost
 * POST /contacts a copy of each body and most of its 6 µs of validation. Anything the compiled
 * check does not accept (a refused body, a schema that transforms or defaults) goes to zod, whose
 * answer (its output, or its first issue as the error) is used exactly as before.
 */
function checkBody(schema: NonNullable<MountedRoute['body']>, value: unknown, code: MountedRoute['bodyErrorCode']): unknown {
  const accepts = recordCheckOf(schema);
  if (accepts !== undefined && !prototypePolluted() && accepts(value)) return value;
  return parseOrThrow(schema, value, 'body', code);
}

/** 429: the account's quota or burst ceiling is spent (section 8). */
function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError('rate_limited', 'Too many requests. Wait for Retry-After and back off.', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

function errorResponse(error: unknown, headers: Record<string, string>, deps: PipelineDeps): SimResponse {
  if (error instanceof ApiError) {
    return { status: error.status, headers: { ...headers, ...error.headers }, body: errorBody(error) };
  }
  // An armed sandbox fault is asked for, not a defect: answered like one, not logged as one.
  if (!(error instanceof SandboxServerFault)) deps.logger.error('unhandled error while serving a request', error);
  const serverError = new ApiError('server_error', 'Unexpected failure. The request was not applied.');
  return { status: 500, headers, body: errorBody(serverError) };
}
