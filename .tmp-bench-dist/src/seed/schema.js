/**
 * The fixture (seed) format: the accounts a simulator starts with, their keys, and (as groups
 * land) the resources inside each account. Documented in docs/fixtures.md. No logic here.
 */
import { z } from 'zod';
import { PLANS, SCOPES } from '../core/types.js';
import { seedContactFields } from '../resources/contacts/seed-schema.js';
import { seedMessagingFields } from '../resources/conversations/seed-schema.js';
export const SEED_FORMAT = 'switchboard-seed';
export const SeedApiKey = z.strictObject({
    name: z.string().min(1).max(100),
    scope: z.enum(SCOPES),
    /** The plaintext key. Stored hashed; printed by `serve` so you can use it. */
    key: z.string().min(8).max(256).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
});
export const SeedAccount = z.strictObject({
    id: z.number().int().positive(),
    business_name: z.string().min(1).max(200),
    plan: z.enum(PLANS),
    addon: z.enum(['active', 'inactive']),
    timezone: z.string().min(1).default('UTC'),
    api_keys: z.array(SeedApiKey).min(1).max(10),
    ...seedContactFields,
    ...seedMessagingFields,
});
export const SeedFile = z
    .strictObject({
    format: z.literal(SEED_FORMAT),
    version: z.literal(1),
    accounts: z.array(SeedAccount).min(1),
})
    .superRefine((seed, ctx) => {
    const ids = new Set();
    const keys = new Set();
    seed.accounts.forEach((account, index) => {
        if (ids.has(account.id))
            ctx.addIssue({ code: 'custom', path: ['accounts', index, 'id'], message: 'duplicate account id' });
        ids.add(account.id);
        account.api_keys.forEach((key, keyIndex) => {
            if (keys.has(key.key)) {
                ctx.addIssue({ code: 'custom', path: ['accounts', index, 'api_keys', keyIndex, 'key'], message: 'duplicate key' });
            }
            keys.add(key.key);
        });
    });
});
//# sourceMappingURL=schema.js.map