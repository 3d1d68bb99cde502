/**
 * The profile, enforced at the transport so no check can break it by mistake:
 * - `read-only` lets only GET (and HEAD) through;
 * - `safe` lets a request change or delete something only when every numeric id in its path is a
 *   resource the kit created (in the ledger) or the kit's probe id for "no such resource";
 * - `full` lets everything through (the kit still only deletes what it created, by construction).
 * A refused request makes its check skip with reason `profile`.
 */
import type { Profile } from '../types.js';
import type { Ledger } from './ledger.js';
/** An id the kit uses to mean "certainly absent"; ids start at 1. */
export declare const ABSENT_ID = 0;
export declare class ProfileRefusal extends Error {
    readonly method: string;
    readonly path: string;
    readonly profile: Profile;
    constructor(method: string, path: string, profile: Profile);
}
/**
 * `harmless` marks a request that cannot change state even if the target accepts it: a method
 * the spec does not define on that path (a 405 probe) or an empty PATCH. `safe` lets it through.
 */
export declare function guardRequest(profile: Profile, ledger: Ledger, method: string, path: string, harmless?: boolean): void;
