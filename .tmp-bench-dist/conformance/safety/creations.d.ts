/**
 * Watches every response and records in the ledger whatever the kit's requests created, even by
 * accident (a create that a conformant server would have refused still gets swept). The table says
 * which POSTs create what and how to undo it; custom fields cannot be deleted (4.3), so they are
 * archived instead.
 */
import type { KitResponse } from '../http/client.js';
import type { AccountLabel, Ledger } from './ledger.js';
export declare function recordCreation(ledger: Ledger, prefix: string, basePath: string, response: KitResponse, account: AccountLabel): void;
