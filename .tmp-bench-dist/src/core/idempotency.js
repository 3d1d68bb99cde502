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
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENT_METHODS = new Set(['POST', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;
export const idempotencyIndexes = {
    key: { unique: true, key: (r) => `${r.account_id}:${r.key}` },
};
export function validateIdempotencyKey(raw) {
    if (!KEY_PATTERN.test(raw)) {
        throw new ApiError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 128 printable ASCII characters.', {
            param: 'Idempotency-Key',
        });
    }
    return raw;
}
/** What must match for a replay: method, path (with query) and body, canonicalised. */
export function requestFingerprint(method, pathWithQuery, rawBody) {
    let body = rawBody ?? '';
    if (rawBody !== undefined && rawBody.trim() !== '') {
        try {
            body = canonicalJson(JSON.parse(rawBody));
        }
        catch {
            body = rawBody;
        }
    }
    return sha256Hex(`${method}\n${pathWithQuery}\n${body}`);
}
export class IdempotencyKeys {
    store;
    records;
    now;
    inProgress = new Map();
    constructor(store, records, now) {
        this.store = store;
        this.records = records;
        this.now = now;
    }
    begin(accountId, key, fingerprint) {
        const slot = `${accountId}:${key}`;
        const now = this.now();
        this.sweep(accountId, now);
        const running = this.inProgress.get(slot);
        if (running !== undefined) {
            if (running !== fingerprint)
                throw reused();
            throw new ApiError('idempotency_in_progress', 'A request with this Idempotency-Key is still running.', {
                headers: { 'Retry-After': '1' },
            });
        }
        const existing = this.records.findUnique('key', slot);
        if (existing && existing.expires_at > now) {
            if (existing.fingerprint !== fingerprint)
                throw reused();
            return { kind: 'replay', record: existing };
        }
        this.inProgress.set(slot, fingerprint);
        return {
            kind: 'fresh',
            complete: (status, body, headers) => {
                this.inProgress.delete(slot);
                if (status >= 500)
                    return;
                this.store.transaction(() => {
                    const stale = this.records.findUnique('key', slot);
                    if (stale)
                        this.records.remove(stale.id);
                    this.records.insert({
                        id: this.store.nextId('idempotency_key'),
                        account_id: accountId,
                        key,
                        fingerprint,
                        status,
                        body,
                        headers,
                        expires_at: this.now() + IDEMPOTENCY_TTL_MS,
                    });
                });
            },
            abandon: () => {
                this.inProgress.delete(slot);
            },
        };
    }
    /** Forgets the running requests (reset and restore). */
    clearInProgress() {
        this.inProgress.clear();
    }
    /** Removes expired keys of an account, oldest first; ids ascend with creation time. */
    sweep(accountId, now) {
        const ids = this.records.idsOfAccount(accountId);
        const expired = [];
        for (const id of ids) {
            const record = this.records.get(id);
            if (!record || record.expires_at > now)
                break;
            expired.push(id);
            if (expired.length >= 64)
                break;
        }
        if (expired.length === 0)
            return;
        this.store.transaction(() => {
            for (const id of expired)
                this.records.remove(id);
        });
    }
}
function reused() {
    return new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different method, path or body.', { param: 'Idempotency-Key' });
}
//# sourceMappingURL=idempotency.js.map