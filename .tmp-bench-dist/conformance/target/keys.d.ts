/**
 * The keys a run holds, by label: `a` (given), `b` (`--api-key-b`), `inactive`, and `a:<scope>`
 * for each scope. A scope the given key does not have is minted with POST /api-keys when the given
 * key can (4.1: `full` mints any scope, `admin` mints read/write/admin); the ledger revokes minted
 * keys at the end. Plaintexts go to the redactor the moment they are known.
 */
import type { KitClient, ResolvedKey } from '../http/client.js';
import type { Redactor } from '../http/redact.js';
import { type Scope } from '../spec/routes.js';
export declare class KeyRing {
    private readonly redactor;
    private readonly keys;
    private readonly mintFailures;
    /** Ids of minted keys the run uses; probes must never revoke them. */
    readonly heldIds: Set<number>;
    constructor(redactor: Redactor);
    add(label: string, value: string, account: string, scope: Scope | undefined, placeholder: string): void;
    resolve(label: string): ResolvedKey | undefined;
    has(label: string): boolean;
    scopeOf(label: string): Scope | undefined;
    value(label: string): string | undefined;
    /** Why a scope key could not be had, for skip reasons. */
    whyMissing(label: string): string;
    /**
     * Makes `a:<scope>` available, minting it when needed and allowed. Returns false when the run
     * cannot have such a key (the reason is kept for the skip).
     */
    ensureScope(scope: Scope, client: KitClient, prefix: string, canWrite: boolean): Promise<boolean>;
    ensureAllScopes(client: KitClient, prefix: string, canWrite: boolean): Promise<Scope[]>;
}
