/**
 * The `market` section of a seed account (docs/fixtures.md): how the channel group is connected,
 * the insights permission, the account's own handle (and numbers), the competitors it tracks,
 * how many days of daily snapshots to back-fill up to the seed's moment, and refused lookups.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { MarketModel } from './model.js';
import { SNAPSHOT_RETENTION_DAYS } from './limits.js';
import { Login, OwnProfileBody, UsernameInput } from './schemas.js';

export const SeedMarket = z.strictObject({
  login: Login.default('full'),
  insights_permission: z.boolean().default(true),
  profile: OwnProfileBody.optional(),
  competitors: z.array(UsernameInput).default([]),
  history_days: z.number().int().min(0).max(SNAPSHOT_RETENTION_DAYS).default(0).describe('Days of daily snapshots, ending today, stored at load.'),
  refused_lookups: z.array(UsernameInput).default([]),
});

export const marketSeed = seedFor<MarketModel>()({
  fields: { market: SeedMarket.optional() },
  defaults,
  apply: ({ model, accountId, at }, { market }) => {
    if (!market) return;
    at(['market'], () => model.seedAccount(accountId, market));
  },
});
