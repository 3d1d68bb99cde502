/**
 * Loads one seed account's messaging state: channel states, team, invitations, conversations,
 * opt-outs and blocks, in that order (conversations name team members; blocks link threads).
 * Runs inside the seed's transaction; no events fire. Ids follow seed order.
 */
import type { z } from 'zod';
import type { App } from '../app.js';
import type { AtPath } from '../contacts/seed.js';
import type { seedMessagingFields } from './seed-schema.js';
type SeedParts = {
    [K in keyof typeof seedMessagingFields]?: z.output<(typeof seedMessagingFields)[K]>;
};
export declare function applyMessagingSeed(app: App, accountId: number, account: SeedParts, at: AtPath): void;
export {};
