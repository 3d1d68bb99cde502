/**
 * The account itself in a seed (docs/fixtures.md): id, name, plan, add-on state, time zone and
 * its API keys in plaintext (stored hashed; `serve` prints them so you can use them). Every
 * other group's section hangs off these fields of the same account object.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { PLANS, SCOPES } from '../../core/types.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { AccountModel } from './model.js';

export const SeedApiKey = z.strictObject({
  name: z.string().min(1).max(100),
  scope: z.enum(SCOPES),
  /** The plaintext key. Stored hashed; printed by `serve` so you can use it. */
  key: z.string().min(8).max(256).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
});

export const accountSeed = seedFor<AccountModel>()({
  fields: {
    id: z.number().int().positive(),
    business_name: z.string().min(1).max(200),
    plan: z.enum(PLANS),
    addon: z.enum(['active', 'inactive']),
    timezone: z.string().min(1).default('UTC'),
    api_keys: z.array(SeedApiKey).min(1).max(10),
  },
  defaults,
  check: (accounts, issue) => {
    const ids = new Set<number>();
    const keys = new Set<string>();
    accounts.forEach((account, index) => {
      if (ids.has(account.id)) issue([index, 'id'], 'duplicate account id');
      ids.add(account.id);
      account.api_keys.forEach((key, keyIndex) => {
        if (keys.has(key.key)) issue([index, 'api_keys', keyIndex, 'key'], 'duplicate key');
        keys.add(key.key);
      });
    });
  },
  apply: ({ model, accountId, at }, account) => {
    model.addAccount({
      id: accountId,
      business_name: account.business_name,
      plan: account.plan,
      addon_active: account.addon === 'active',
      timezone: account.timezone,
    });
    account.api_keys.forEach((key, index) => at(['api_keys', index], () => model.storeKey(accountId, key.name, key.scope, key.key)));
  },
});
