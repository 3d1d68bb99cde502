/**
 * Where the API key comes from (section 5.1). The spec prefers `X-Service-Api-Key` and says two
 * more headers are accepted without naming them; we accept `Authorization: Bearer <key>` and
 * `X-Api-Key` (docs/decisions.md). When several are sent, the preferred header wins.
 */
import { ApiError } from './errors.js';
import type { Scope } from './types.js';
import { scopeCovers } from './types.js';

export function extractApiKey(headers: Readonly<Record<string, string>>): string | undefined {
  const preferred = headers['x-service-api-key']?.trim();
  if (preferred) return preferred;
  const authorization = headers['authorization']?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match) return match[1];
  }
  const alternative = headers['x-api-key']?.trim();
  return alternative || undefined;
}

export interface AuthenticatedKey {
  readonly accountId: number;
  readonly keyId: number;
  readonly scope: Scope;
  readonly addonActive: boolean;
}

export function requireScope(held: Scope, required: Scope): void {
  if (!scopeCovers(held, required)) {
    throw new ApiError('insufficient_scope', `This endpoint needs a key with the ${required} scope; this key has ${held}.`);
  }
}

export function missingKey(): ApiError {
  return new ApiError('unauthorized', 'No API key was sent. Send it in the X-Service-Api-Key header.');
}

export function unknownKey(): ApiError {
  return new ApiError('invalid_api_key', 'The API key is not recognized.');
}

export function addonInactive(): ApiError {
  return new ApiError('addon_inactive', 'The API add-on is not active on this account.');
}

/** Distinct presented keys whose digests are remembered; past it the memo starts over. */
const DIGEST_MEMO_MAX = 1_024;

/**
 * The SHA-256 digest of a presented key, remembered per distinct key string: a client sends the
 * same key on every request, and hashing it was about a microsecond of each request's CPU (the
 * profile of POST /contacts in docs/decisions.md). Only the digest is reused: the key record it
 * names is looked up, and checked for revocation, on every request as before. The memo lives in
 * memory only (nothing of it is saved), is looked up by hash (a caller learns nothing about a
 * remembered key from timing unless they already hold a string with its hash), and is bounded,
 * so a stream of made-up keys cannot grow it.
 */
export class KeyDigests {
  private readonly digests = new Map<string, string>();

  constructor(private readonly digest: (plaintext: string) => string) {}

  of(presented: string): string {
    let digest = this.digests.get(presented);
    if (digest === undefined) {
      if (this.digests.size >= DIGEST_MEMO_MAX) this.digests.clear();
      digest = this.digest(presented);
      this.digests.set(presented, digest);
    }
    return digest;
  }
}
