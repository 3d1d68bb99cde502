/**
 * Undoes what the run created: first every ledger entry (newest first, so a contact goes before
 * the tag it carries and minted keys go last), then a sweep by name prefix for anything the
 * ledger cannot know about (tags created implicitly by POST /contacts, a crash between a create
 * and its ledger write). Errors never stop the sweep; they are reported.
 */
import type { KitClient } from '../http/client.js';
import type { AccountLabel, Ledger } from './ledger.js';
export interface SweepResult {
    deleted: number;
    failed: string[];
}
export interface SweepOptions {
    readonly client: KitClient;
    readonly ledger: Ledger;
    readonly prefix: string;
    /** The accounts whose keys the kit holds. */
    readonly accounts: readonly AccountLabel[];
    /** `METHOD /path` templates the target serves (prefix sweep only touches those). */
    readonly routes: ReadonlySet<string>;
}
export declare function sweep(options: SweepOptions): Promise<SweepResult>;
