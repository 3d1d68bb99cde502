/**
 * The `opt_outs` section of a seed account (docs/fixtures.md): opt-outs recorded `ago` in the
 * past, linked to the contact of the same identity when one exists.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { Channel, Duration } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { OptOutsModel } from './model.js';
import { OPT_OUT_STATUSES, OptOutScope } from './schemas.js';

export const SeedOptOut = z.strictObject({
  channel: Channel,
  platform_user_id: z.string().min(1).max(255),
  status: z.enum(OPT_OUT_STATUSES).default('opted_out'),
  scope: OptOutScope.optional(),
  method: z.string().min(1).max(50).optional(),
  keyword: z.string().min(1).max(50).optional(),
  ago: Duration.default('0s').describe('When it was recorded.'),
});

export const optOutSeed = seedFor<OptOutsModel>()({
  fields: { opt_outs: z.array(SeedOptOut).optional() },
  defaults,
  apply: ({ model, accountId, each }, { opt_outs }) => {
    each('opt_outs', opt_outs, (optOut) => {
      const row = model.record(accountId, optOut);
      if (!row) throw new Error('START for a number that never stopped: seed its STOP first');
      model.placeInPast(row, optOut.ago);
    });
  },
});
