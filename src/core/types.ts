/**
 * The plain-object request and response the core speaks (ARCHITECTURE.md decision 1): adapters
 * convert to and from these, so the core never builds WHATWG Request/Response objects per call.
 */

export type HeaderValue = string | readonly string[] | undefined;

export interface SimRequest {
  method: string;
  /** The full path (for example `/api/v1/contacts/5`). A query string here is parsed too. */
  path: string;
  /** Query parameters, as a raw `a=1&b=2` string or an object. Merged over any in `path`. */
  query?: string | Readonly<Record<string, string | number | boolean | undefined>>;
  /** Header names are matched case-insensitively. */
  headers?: Readonly<Record<string, HeaderValue>>;
  /**
   * The body: raw text as received on the wire, or (for in-process callers) any JSON value, which
   * is serialised first so both paths share one parser and one idempotency fingerprint.
   */
  body?: unknown;
  /**
   * A body not read yet (the runtimes hand over the wire this way). The pipeline reads it only
   * once the request is routed, authenticated and allowed, and only up to the route's limit, so
   * an unauthenticated or refused request costs no body at all.
   */
  bodySource?: BodySource;
  /**
   * Where the caller reached the simulator (`http://127.0.0.1:4010`, an MSW origin with its
   * gateway prefix): the runtimes set it, so absolute URLs the simulator serves itself (media
   * files) point back at the same place. In-process callers may leave it out.
   */
  origin?: string;
}

/** A request body still on the wire. */
export interface BodySource {
  /** Content-Length, when the sender declared one: a larger one is refused before reading. */
  readonly declaredLength?: number;
  /**
   * Reads the whole body, resolving its bytes (empty for none), or `'too_large'` as soon as more
   * than `maxBytes` arrived (reading then stops).
   */
  read(maxBytes: number): Promise<Uint8Array | 'too_large'>;
  /**
   * The body as it arrives, one chunk at a time, for a route that streams its body (uploads,
   * restore): nothing is gathered. It stops reading (and throws 413 `payload_too_large`) as soon
   * as more than `maxBytes` arrived. A source without it is one whose bytes are already in memory;
   * the core then reads them with `read`. Either is called at most once per request.
   */
  chunks?(maxBytes: number): AsyncIterable<Uint8Array>;
}

/** A file part of a multipart body, as a multipart route's handler receives it. */
export interface UploadedFile {
  readonly kind: 'file';
  /** The file name the sender gave (never trusted for the type). */
  readonly filename: string;
  /** The content type the sender declared (never trusted for the type). */
  readonly declaredType: string;
  readonly size: number;
  readonly bytes: Uint8Array;
}

/** A file part of a multipart body, as it starts: what is known before its bytes arrive. */
export interface FilePartInfo {
  /** The form field name. */
  readonly field: string;
  readonly filename: string;
  readonly declaredType: string;
}

/**
 * Where a streamed file part's bytes go (a route's inspector): `write` takes each chunk as it
 * arrives and must not keep it beyond what it needs; `end` gives what the route keeps of the file
 * (metadata, a header, or the bytes when the route stores them).
 */
export interface FileSink<T> {
  write(chunk: Uint8Array): void;
  end(): T | Promise<T>;
}

/** A file part taken through a route's own `FileSink`: its size and what the sink kept. */
export interface InspectedFile<T> {
  readonly kind: 'file';
  readonly filename: string;
  readonly declaredType: string;
  readonly size: number;
  readonly content: T;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * A JSON value, undefined for an empty body, or a `Uint8Array`: a file the simulator serves
   * (public media URLs), sent as these bytes with the `Content-Type` its headers give.
   */
  body: unknown;
}

/** The request after the pipeline normalised it. Header names are lower-case. */
export interface NormalizedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The raw body text, or undefined when none was sent (or not read yet). */
  rawBody: string | undefined;
  /** The body, still to be read after authentication (the runtimes). */
  bodySource: BodySource | undefined;
  /** Where the caller reached the simulator, when the runtime said (see `SimRequest.origin`). */
  origin: string | undefined;
  /** Query parameter names sent more than once (absent when none was): see repeated-query.ts. */
  repeatedQuery?: readonly string[];
}

export const SCOPES = ['read', 'write', 'admin', 'full'] as const;
export type Scope = (typeof SCOPES)[number];

const SCOPE_RANK: Record<Scope, number> = { read: 0, write: 1, admin: 2, full: 3 };

export function scopeCovers(held: Scope, required: Scope): boolean {
  return SCOPE_RANK[held] >= SCOPE_RANK[required];
}

export const PLANS = ['free', 'creator', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

export const CHANNELS = ['facebook', 'instagram', 'sms', 'telegram', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];
