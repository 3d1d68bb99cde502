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
  number: z.number().int().positive().optional().describe('Keep this number: the <n> of its id sms:<n> / meta:<n> (a pulled seed).'),
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
  apply: ({ model, accountId, at, withId }, { opt_outs }) => {
    // Explicit numbers (a pulled seed) load in ascending order and keep their ids; the rest after, in file order.
    const ordered = (opt_outs ?? []).map((optOut, index) => ({ optOut, index })).sort((a, b) => (a.optOut.number ?? Infinity) - (b.optOut.number ?? Infinity) || a.index - b.index);
    for (const { optOut: { number, ...optOut }, index } of ordered) {
      at(['opt_outs', index], () => {
        const sequence = `opt_out_${optOut.channel === 'sms' ? 'sms' : 'meta'}`;
        const row = withId(sequence, number, () => model.record(accountId, optOut));
        if (!row) throw new Error('START for a number that never stopped: seed its STOP first');
        model.placeInPast(row, optOut.ago);
      });
    }
  },
});
