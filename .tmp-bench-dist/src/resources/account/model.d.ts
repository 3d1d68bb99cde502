import type { AuthenticatedKey } from '../../core/auth.js';
import { type Plan, type Scope } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../app.js';
import type { ApiKeyData } from './schemas.js';
export declare const MAX_ACTIVE_KEYS = 10;
export declare const KEY_PREFIX = "sbx_";
export interface AccountRecord extends Entity {
    readonly business_name: string;
    readonly plan: Plan;
    readonly addon_active: boolean;
    readonly timezone: string;
    readonly created_at: string;
}
export interface ApiKeyRecord extends Entity {
    readonly name: string;
    readonly scope: Scope;
    readonly preview: string;
    readonly key_hash: string;
    readonly revoked: boolean;
    readonly created_at: string;
    readonly last_used_at: string | null;
    readonly revoked_at: string | null;
}
export declare function createAccountModel(core: CoreServices): {
    accounts: import("../../store/collection.js").Collection<AccountRecord>;
    keys: import("../../store/collection.js").Collection<ApiKeyRecord>;
    present: (key: ApiKeyRecord, currentKeyId: number) => ApiKeyData;
    storeKey: (accountId: number, name: string, scope: Scope, plaintext: string) => ApiKeyRecord;
    addAccount(record: Omit<AccountRecord, "account_id" | "created_at">): AccountRecord;
    getAccount(accountId: number): AccountRecord;
    /**
     * Finds the key by the digest of what was presented, then confirms it with a constant-time
     * comparison. The index is keyed by a SHA-256 digest the caller cannot steer, so the lookup's
     * timing says nothing about stored keys.
     */
    authenticate(presented: string): AuthenticatedKey | undefined;
    /** Keeps `last_used_at` (seconds precision, so at most one write per key per second). */
    markUsed(keyId: number): void;
    mint(accountId: number, callerScope: Scope, name: string, scope: Scope): {
        record: ApiKeyRecord;
        plaintext: string;
    };
    revoke(accountId: number, callerKeyId: number, keyId: number): ApiKeyRecord;
};
export type AccountModel = ReturnType<typeof createAccountModel>;
