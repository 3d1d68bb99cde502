/**
 * Idempotency keys, exactly as section 5 states: 1 to 128 printable ASCII characters on POST,
 * PATCH and DELETE, scoped to the account, remembered 24 hours on the virtual clock. A replay
 * returns the stored status and body with `Idempotent-Replayed: true`; 2xx and 4xx are stored, 5xx
 * never. The same key with a different method, path or body is 422 `idempotency_key_reused`; a
 * retry while the first is still running is 409 `idempotency_in_progress` with `Retry-After`.
 *
 * "Running" starts when the request is authorised, before its body is read: a header key is held
 * (`hold`) from then until the answer, so a retry sent while the first request's body is still
 * arriving is refused 409 instead of running beside it. A key carried in the body (POST /messages'
 * `idempotency_key`) is known only once the body is read, so it is claimed then (`begin`).
 *
 * Completed entries live in a store collection, so they are part of snapshots and `--state`.
 */
import { ApiError } from './errors.js';
import { canonicalJson } from './canonical-json.js';
import { sha256Hex } from './hash.js';
import { z } from 'zod';
import type { Collection, Entity } from '../store/collection.js';
import type { RecordRules } from '../store/rules.js';
import { jsonOverBounds } from './json-bounds.js';
import type { Store } from '../store/store.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;

export interface IdempotencyRecord extends Entity {
  readonly key: string;
  readonly fingerprint: string;
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly expires_at: number;
}

export const idempotencyRules: RecordRules<IdempotencyRecord> = {
  schema: z.strictObject({
    id: z.number().int().positive(),
    account_id: z.number().int().positive(),
    key: z.string().regex(KEY_PATTERN),
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
    status: z.number().int().min(100).max(499),
    body: z.unknown().refine((body) => jsonOverBounds(body, { maxDepth: 64, maxBytes: 1024 * 1024 }) === null, 'stored body too deep or too large'),
    headers: z.record(z.string(), z.string()),
    expires_at: z.number().int().min(0),
  }),
  sequence: 'idempotency_key',
};

export const idempotencyIndexes = {
  key: { unique: true, key: (r: IdempotencyRecord) => `${r.account_id}:${r.key}` },
} as const;

export type IdempotencyOutcome =
  | { readonly kind: 'replay'; readonly record: IdempotencyRecord }
  | {
      readonly kind: 'fresh';
      /** Stores the response; `secretFields` of its `data` are kept in memory only, never in the store. */
      readonly complete: (status: number, body: unknown, headers: Record<string, string>, secretFields?: readonly string[]) => void;
      readonly abandon: () => void;
    };

/** The response body with these fields of `data` taken out, and what was taken. */
function withoutSecrets(body: unknown, fields: readonly string[]): { body: unknown; secrets: Record<string, unknown> | undefined } {
  const data = (body as { data?: unknown } | null)?.data;
  if (fields.length === 0 || typeof data !== 'object' || data === null) return { body, secrets: undefined };
  const kept: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const secrets: Record<string, unknown> = {};
  for (const field of fields) {
    if (field in kept) {
      secrets[field] = kept[field];
      delete kept[field];
    }
  }
  return { body: { ...(body as object), data: kept }, secrets: Object.keys(secrets).length > 0 ? secrets : undefined };
}

/** Where a request's idempotency key came from, and the `param` its errors name. */
export interface IdempotencyKeySource {
  readonly key: string;
  readonly param: string;
}

/**
 * The request's idempotency key: the `Idempotency-Key` header (a malformed one is 400), or, on a
 * route whose body carries a key field of its own (POST /messages' `idempotency_key`, section 5),
 * that field when no header is sent, so both keys follow the same replay rules. A body key that
 * is missing or malformed is left to the route's own validation, which names it.
 */
export function idempotencyKeyOf(header: string | undefined, bodyField: string | undefined, bodyText: string | undefined): IdempotencyKeySource | undefined {
  const headerKey = header === undefined ? undefined : validateIdempotencyKey(header);
  const bodyKey = bodyField === undefined || bodyText === undefined ? undefined : bodyIdempotencyKey(bodyField, bodyText);
  if (headerKey !== undefined) return { key: headerKey, param: 'Idempotency-Key' };
  return bodyKey === undefined ? undefined : { key: bodyKey, param: bodyField! };
}

/**
 * A route's body key (POST /messages `idempotency_key`), under the header's rules: section 5's "a
 * malformed key gives 400 `invalid_idempotency_key`" holds wherever the key is sent (audit 12h H3).
 * A body that is not JSON is the validator's to refuse (400 `invalid_json`).
 */
function bodyIdempotencyKey(field: string, bodyText: string): string | undefined {
  let value: unknown;
  try {
    const body = JSON.parse(bodyText) as unknown;
    value = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
  if (value === undefined) return undefined;
  if (typeof value === 'string' && KEY_PATTERN.test(value)) return value;
  throw new ApiError('invalid_idempotency_key', `${field} must be 1 to 128 printable ASCII characters.`, { param: field });
}

export function validateIdempotencyKey(raw: string): string {
  if (!KEY_PATTERN.test(raw)) {
    throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 128 printable ASCII characters.', {
      param: 'Idempotency-Key',
    });
  }
  return raw;
}

/** What must match for a replay: method, path (with query) and body, canonicalised. */
export function requestFingerprint(method: string, pathWithQuery: string, rawBody: string | undefined): string {
  pathWithQuery = normalizePercentEncoding(pathWithQuery);
  let body = rawBody ?? '';
  if (rawBody !== undefined && rawBody.trim() !== '') {
    try {
      body = canonicalJson(JSON.parse(rawBody));
    } catch {
      body = rawBody;
    }
  }
  return sha256Hex(`${method}\n${pathWithQuery}\n${body}`);
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The path as RFC 3986 compares it (6.2.2.1, 6.2.2.2): a percent-encoded unreserved character is
 * that character (`/contacts/%31/tags` is `/contacts/1/tags`), and the hex digits of every other
 * encoding are upper case. The router already takes both spellings to the same resource, so a
 * retry spelled the other way is the same request: a replay, not 422 (audit 13c, C7). A path
 * with no `%` (almost every one) is returned as it is, so its fingerprint is what it always was.
 */
export function normalizePercentEncoding(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(/%[0-9A-Fa-f]{2}/g, (encoded) => {
    const character = String.fromCharCode(parseInt(encoded.slice(1), 16));
    return UNRESERVED.test(character) ? character : encoded.toUpperCase();
  });
}

/**
 * A key taken by a running request: from its headers on (`IdempotencyKeys.hold`), or from its body
 * read on (`begin`). `fingerprint` is known once the body is read. Compared by identity, so a
 * request that finishes after a reset (which forgets every hold) never frees a newer request's key.
 */
export class IdempotencyHold {
  fingerprint: string | undefined = undefined;
  constructor(readonly slot: string) {}
}

/** Seconds a refused retry is told to wait: most requests finish well within one. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = '1';

/** The 409 a retry gets while the first request with its key runs (section 5). */
export function idempotencyInProgress(): ApiError {
  return new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still running.', {
    headers: { 'Retry-After': IN_PROGRESS_RETRY_AFTER_SECONDS },
  });
}

export class IdempotencyKeys {
  /** Running requests by `account:key`: one Map lookup per request that sends a key, none otherwise. */
  private readonly inProgress = new Map<string, IdempotencyHold>();
  /**
   * Secrets of stored responses (a minted key's plaintext), by record id: in memory only, so no
   * snapshot or state file ever holds them. A replay after a restart answers without them.
   */
  private readonly secrets = new Map<number, Record<string, unknown>>();

  constructor(
    private readonly store: Store,
    private readonly records: Collection<IdempotencyRecord>,
    private readonly now: () => number,
  ) {}

  /**
   * Holds a header key for a request about to read its body: 409 `idempotency_in_progress` when
   * another request of the account holds it, whatever this one's body. Undefined (nothing held)
   * when a stored response under the key is still remembered: the request will replay it or get
   * 422 once its body is read, and runs nothing, so it need not keep a retry waiting. The caller
   * must `release` what it got when the request is answered, whatever the answer.
   */
  hold(accountId: number, key: string): IdempotencyHold | undefined {
    const slot = `${accountId}:${key}`;
    if (this.inProgress.has(slot)) throw idempotencyInProgress();
    const stored = this.records.findUnique('key', slot);
    if (stored !== undefined && stored.expires_at > this.now()) return undefined;
    const hold = new IdempotencyHold(slot);
    this.inProgress.set(slot, hold);
    return hold;
  }

  /** Frees a hold, if it is still the one under its key (a reset may have forgotten it). */
  release(hold: IdempotencyHold): void {
    if (this.inProgress.get(hold.slot) === hold) this.inProgress.delete(hold.slot);
  }

  /**
   * Once the body is read: a replay, 422 for another request under the key, or a fresh run that
   * keeps the key until `complete` or `abandon`. `held` is what `hold` gave this request, if
   * anything. `param` is what a 422 `idempotency_key_reused` names: the header, or the body field.
   */
  begin(accountId: number, key: string, fingerprint: string, param = 'Idempotency-Key', held?: IdempotencyHold): IdempotencyOutcome {
    const slot = `${accountId}:${key}`;
    const now = this.now();
    this.sweep(accountId, now);
    const running = this.inProgress.get(slot);
    if (running !== undefined && running !== held) {
      // A body key meeting a request whose body is known: another request is a reuse, not a wait.
      if (running.fingerprint !== undefined && running.fingerprint !== fingerprint) throw reused(param);
      throw idempotencyInProgress();
    }
    const existing = this.records.findUnique('key', slot);
    if (existing && existing.expires_at > now) {
      if (held !== undefined) this.release(held);
      if (existing.fingerprint !== fingerprint) throw reused(param);
      const secrets = this.secrets.get(existing.id);
      if (secrets === undefined) return { kind: 'replay', record: existing };
      const body = existing.body as { data: Record<string, unknown> };
      return { kind: 'replay', record: { ...existing, body: { ...body, data: { ...body.data, ...secrets } } } };
    }
    const claim = running ?? new IdempotencyHold(slot);
    claim.fingerprint = fingerprint;
    this.inProgress.set(slot, claim);
    return {
      kind: 'fresh',
      complete: (status, body, headers, secretFields = []) => {
        this.release(claim);
        if (status >= 500) return;
        const stored = withoutSecrets(body, secretFields);
        this.store.transaction(() => {
          const stale = this.records.findUnique('key', slot);
          if (stale) this.records.remove(stale.id);
          const record = this.records.insert({
            id: this.store.nextId('idempotency_key'),
            account_id: accountId,
            key,
            fingerprint,
            status,
            body: stored.body,
            headers,
            expires_at: this.now() + IDEMPOTENCY_TTL_MS,
          });
          if (stored.secrets) this.secrets.set(record.id, stored.secrets);
        });
      },
      abandon: () => this.release(claim),
    };
  }

  /** Forgets the running requests and the kept secrets (reset and restore replace the records). */
  clearInProgress(): void {
    this.inProgress.clear();
    this.secrets.clear();
  }

  /** Removes expired keys of an account, oldest first; ids ascend with creation time. */
  private sweep(accountId: number, now: number): void {
    const ids = this.records.idsOfAccount(accountId);
    const expired: number[] = [];
    for (const id of ids) {
      const record = this.records.get(id);
      if (!record || record.expires_at > now) break;
      expired.push(id);
      if (expired.length >= 64) break;
    }
    if (expired.length === 0) return;
    this.store.transaction(() => {
      for (const id of expired) this.records.remove(id);
    });
    for (const id of expired) this.secrets.delete(id);
  }
}

function reused(param: string): ApiError {
  return new ApiError('idempotency_key_reused', `This ${param} was already used with a different method, path or body.`, { param });
}
