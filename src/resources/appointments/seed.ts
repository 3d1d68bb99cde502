/**
 * The `appointments` section of a seed account (docs/fixtures.md): bookings placed relative to
 * the seed time (`in_days` from today in their zone, negative for past ones), in any status,
 * optionally linked to a seeded conversation. No rules are checked and no events fire; the
 * creation time is kept (`created_ago`) for overview analytics.
 */
import { z } from 'zod';
import { parseDuration } from '../../core/duration.js';
import { invalidParam } from '../../core/errors.js';
import { seedFor } from '../../groups/define.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { AppointmentsModel, AppointmentsNeeds } from './model.js';
import { SeedAppointment } from './schemas.js';

export const appointmentSeed = seedFor<AppointmentsModel, AppointmentsNeeds>()({
  fields: { appointments: z.array(SeedAppointment).optional() },
  defaults,
  apply: ({ model, accountId, each }, { appointments }) => {
    // Oldest booking first, so ids ascend with created_at.
    const ordered = [...(appointments ?? [])].sort((a, b) => parseDuration(b.created_ago ?? '3d') - parseDuration(a.created_ago ?? '3d'));
    each('appointments', ordered, (input) => {
      if (input.timezone !== undefined && !model.isZone(input.timezone)) throw invalidParam('timezone', `${input.timezone} is not an IANA time zone.`);
      model.seedOne(accountId, input);
    });
  },
});
