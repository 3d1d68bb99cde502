/**
 * Loads one seed account's tags, custom field definitions and contacts, in that order (contacts
 * refer to both). Runs inside the seed's transaction; no events fire. Ids follow seed order, so
 * the same seed always gives the same ids.
 */
import type { z } from 'zod';
import type { App } from '../app.js';
import type { seedContactFields } from './seed-schema.js';
type SeedParts = {
    [K in keyof typeof seedContactFields]?: z.output<(typeof seedContactFields)[K]>;
};
/** Calls `work`, and names the seed path of whatever it threw. */
export type AtPath = (path: readonly (string | number)[], work: () => void) => void;
export declare function applyContactsSeed(app: App, accountId: number, account: SeedParts, at: AtPath): void;
export {};
