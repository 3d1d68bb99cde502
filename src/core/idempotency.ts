/**
 * Idempotency keys, exactly as section 5 states: 1 to 128 printable ASCII characters on POST,
 * PATCH and DELETE, scoped to the account, remembered 24 hours on the virtual clock. A replay
 * returns the stored status and body with `Idempotent-Replayed: true`; 2xx and 4xx are stored, 5xx
 * never. The same key with a different method, path or body is 422 `idempotency_key_reused`; a
 * retry while the first is still running is 409 `idempotency_in_progress` with `Retry-After`.
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
  if (header !== undefined) return { key: validateIdempotencyKey(header), param: 'Idempotency-Key' };
  if (bodyField === undefined || bodyText === undefined) return undefined;
  let value: unknown;
  try {
    value = (JSON.parse(bodyText) as Record<string, unknown> | null)?.[bodyField];
  } catch {
    return undefined;
  }
  return typeof value === 'string' && KEY_PATTERN.test(value) ? { key: value, param: bodyField } : undefined;
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

export class IdempotencyKeys {
  private readonly inProgress = new Map<string, string>();
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

  /** `param` is what a 422 `idempotency_key_reused` names: the header, or the body field. */
  begin(accountId: number, key: string, fingerprint: string, param = 'Idempotency-Key'): IdempotencyOutcome {
    const slot = `${accountId}:${key}`;
    const now = this.now();
    this.sweep(accountId, now);
    const running = this.inProgress.get(slot);
    if (running !== undefined) {
      if (running !== fingerprint) throw reused(param);
      throw new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still running.', {
        headers: { 'Retry-After': '1' },
      });
    }
    const existing = this.records.findUnique('key', slot);
    if (existing && existing.expires_at > now) {
      if (existing.fingerprint !== fingerprint) throw reused(param);
      const secrets = this.secrets.get(existing.id);
      if (secrets === undefined) return { kind: 'replay', record: existing };
      const body = existing.body as { data: Record<string, unknown> };
      return { kind: 'replay', record: { ...existing, body: { ...body, data: { ...body.data, ...secrets } } } };
    }
    this.inProgress.set(slot, fingerprint);
    return {
      kind: 'fresh',
      complete: (status, body, headers, secretFields = []) => {
        this.inProgress.delete(slot);
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
      abandon: () => {
        this.inProgress.delete(slot);
      },
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
