import type { Collection, Entity } from '../store/collection.js';
import type { Store } from '../store/store.js';
export declare const IDEMPOTENCY_TTL_MS: number;
export declare const IDEMPOTENT_METHODS: ReadonlySet<string>;
export interface IdempotencyRecord extends Entity {
    readonly key: string;
    readonly fingerprint: string;
    readonly status: number;
    readonly body: unknown;
    readonly headers: Record<string, string>;
    readonly expires_at: number;
}
export declare const idempotencyIndexes: {
    readonly key: {
        readonly unique: true;
        readonly key: (r: IdempotencyRecord) => string;
    };
};
export type IdempotencyOutcome = {
    readonly kind: 'replay';
    readonly record: IdempotencyRecord;
} | {
    readonly kind: 'fresh';
    readonly complete: (status: number, body: unknown, headers: Record<string, string>) => void;
    readonly abandon: () => void;
};
export declare function validateIdempotencyKey(raw: string): string;
/** What must match for a replay: method, path (with query) and body, canonicalised. */
export declare function requestFingerprint(method: string, pathWithQuery: string, rawBody: string | undefined): string;
export declare class IdempotencyKeys {
    private readonly store;
    private readonly records;
    private readonly now;
    private readonly inProgress;
    constructor(store: Store, records: Collection<IdempotencyRecord>, now: () => number);
    begin(accountId: number, key: string, fingerprint: string): IdempotencyOutcome;
    /** Forgets the running requests (reset and restore). */
    clearInProgress(): void;
    /** Removes expired keys of an account, oldest first; ids ascend with creation time. */
    private sweep;
}
