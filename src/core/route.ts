/**
 * A route of the table that drives the router, validation, the scope check and the OpenAPI
 * document. Schemas come from `resources/<group>/schemas.ts`; the handler maps HTTP to the model
 * in a few lines. A handler gets the parsed request and, second, what its owner bound it to (a
 * group's model and needs, or the simulator's control surface), so it never reaches past that.
 */
import type { z } from 'zod';
import type { BodyKind } from './body.js';
import type { StreamedBody } from './body-stream.js';
import type { ErrorCode } from './errors.js';
import type { PageRequest } from './pagination.js';
import type { FilePartInfo, FileSink, NormalizedRequest, Scope } from './types.js';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Whether a rule comes from the spec text or from our choice for a "not shown" gap. */
export type RuleSource = 'spec' | 'assumption';

export type Envelope = 'data' | 'list' | 'none';

export interface SuccessSpec {
  /** The success statuses, first is the usual one (e.g. `[201, 200]` for create-or-update). */
  readonly statuses: readonly number[];
  readonly schema: z.ZodType;
  /** `data` wraps in `{data}`, `list` in `{data: [...], has_more, next_cursor}`, `none` is bare. */
  readonly envelope: Envelope;
  /**
   * `list` only: fields the list carries beside `data` (GET /competitors adds `tracked`,
   * `max_tracked`, `remaining`, 2.30). The handler passes their values to `listResult`.
   */
  readonly listFields?: z.ZodObject;
  readonly description?: string;
}

export interface ListSpec {
  readonly defaultLimit: number;
  readonly maxLimit?: number;
  /** Whole-set lists answer one page and take no `limit`/`starting_after`. */
  readonly wholeSet?: boolean;
}

export interface RouteResult {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

export interface RouteContext<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The parsed `limit`/`starting_after` of a paginated list route. */
  readonly page: PageRequest;
  readonly caller: Caller;
  readonly request: NormalizedRequest;
}

export interface Caller {
  readonly accountId: number;
  readonly keyId: number;
  readonly scope: Scope;
}

export interface RouteDefinition<TBound, P = unknown, Q = unknown, B = unknown> {
  readonly operationId: string;
  readonly method: RouteMethod;
  /** Relative to `/api/v1`, with `{name}` parameters. */
  readonly path: string;
  /** The OpenAPI tag: the spec's resource group. */
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** The spec clause the route comes from, e.g. `4.2`. */
  readonly section: string;
  readonly scope: Scope;
  readonly scopeSource: RuleSource;
  /**
   * Control-plane routes only: whether the route acts on the caller's account (`account`) or on
   * the whole sandbox (`operator`).
   */
  readonly access?: 'account' | 'operator';
  readonly params?: z.ZodType<P>;
  readonly query?: z.ZodType<Q>;
  readonly body?: z.ZodType<B>;
  /**
   * The code a body that fails its schema answers with: `invalid_param` (7.1) unless the route's
   * own error table says otherwise (POST /messages answers `invalid_request`, 7.2).
   */
  readonly bodyErrorCode?: ErrorCode;
  /** A bodiless request is refused with 400 instead of reading as `{}`. */
  readonly bodyRequired?: boolean;
  /**
   * `json` (the default); `multipart` (`multipart/form-data` uploads, streamed: the body schema
   * then sees text fields as strings and files as `UploadedFile`s, or as `InspectedFile`s of the
   * route's `fileSink`); `stream` (the route's `intake` takes the raw chunks). Multipart and
   * stream bodies are never gathered whole by the core (docs/architecture.md, "Streamed request
   * bodies").
   */
  readonly bodyType?: BodyKind;
  /**
   * `multipart` only: where each file part's bytes go as they arrive. Without one the file's bytes
   * are kept (fine for small files a route stores); with one, only what the sink keeps.
   */
  readonly fileSink?: (info: FilePartInfo) => FileSink<unknown>;
  /**
   * `stream` only: takes the body as chunks (`body.chunks()`, limited to `maxBodyBytes`) before
   * the handler's transaction; what it resolves is the body (checked by `body` when given).
   */
  readonly intake?: (body: StreamedBody) => Promise<unknown>;
  /** This route's own body limit in bytes (uploads); others take the simulator's (1 MiB by default). */
  readonly maxBodyBytes?: number;
  /**
   * Fields of the response's `data` that are secrets shown once (a minted key's plaintext): an
   * Idempotency-Key replay keeps them in memory only, never in the store, snapshots or state files.
   */
  readonly replaySecrets?: readonly string[];
  /**
   * A body field that is also an idempotency key (section 5: POST /messages' `idempotency_key`).
   * Without an `Idempotency-Key` header it is the key, with the header's replay rules: 2xx and
   * 4xx replayed with `Idempotent-Replayed: true`, 5xx never stored, another body 422.
   */
  readonly bodyIdempotencyKey?: string;
  readonly list?: ListSpec;
  readonly success: SuccessSpec;
  /** The codes this route can answer beyond the ones every authenticated route can. */
  readonly errors?: readonly ErrorCode[];
  /**
   * Codes this route also answers at a status other than the catalogue's, as the spec pairs them
   * (7.1: 422 `invalid_param` for an untrackable competitor handle).
   */
  readonly errorsAt?: readonly { readonly code: ErrorCode; readonly status: number }[];
  /**
   * A plan or access gate (4.13-4.16: "every /comments route gives 403 feature_unavailable"). It
   * runs once the caller is known and has the scope, before anything the request carries is read
   * or checked (path ids, query, body): an account the route is closed to gets the gate's 403
   * whatever it sent, and an upload it may not make is never read.
   */
  readonly gate?: (caller: Caller, bound: TBound) => void;
  readonly handler: (ctx: RouteContext<P, Q, B>, bound: TBound) => RouteResult | Promise<RouteResult>;
}

/** A route with its request types erased, as a table holds it. */
export type AnyRoute<TBound> = RouteDefinition<TBound, unknown, unknown, unknown>;

/** A route bound to what its handler works on: what a router serves. */
export type MountedRoute = AnyRoute<unknown> & { readonly bound: unknown };

/** Binds routes to their owner's context: one copy per simulator, built once at start-up. */
export function mountRoutes<TBound>(routes: readonly AnyRoute<TBound>[], bound: TBound): MountedRoute[] {
  return routes.map((route) => ({ ...(route as AnyRoute<unknown>), bound }));
}

/**
 * Keeps a route's parameter, query and body types while a table stores it erased: the handler
 * was checked against the schemas' output types, and the pipeline only ever calls it with values
 * those schemas produced.
 */
export function eraseRoute<TBound, P, Q, B>(route: RouteDefinition<TBound, P, Q, B>): AnyRoute<TBound> {
  return route as unknown as AnyRoute<TBound>;
}

export const ok = (data: unknown, status = 200, headers?: Record<string, string>): RouteResult =>
  headers ? { status, body: { data }, headers } : { status, body: { data } };

export const created = (data: unknown): RouteResult => ({ status: 201, body: { data } });

/** A file sent as its bytes (public media URLs): the runtimes write them as they are. */
export const fileResult = (bytes: Uint8Array, contentType: string, headers: Record<string, string> = {}): RouteResult => ({
  status: 200,
  body: bytes,
  headers: { 'Content-Type': contentType, ...headers },
});

/** A list envelope; `fields` are the route's declared `listFields`, placed beside `data`. */
export const listResult = (
  page: { data: unknown[]; has_more: boolean; next_cursor: string | null },
  fields?: Readonly<Record<string, unknown>>,
): RouteResult => ({
  status: 200,
  body: { data: page.data, ...fields, has_more: page.has_more, next_cursor: page.next_cursor },
});
