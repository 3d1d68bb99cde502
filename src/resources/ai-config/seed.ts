/**
 * The `ai_config` and `ai_channels` sections of a seed account (docs/fixtures.md). `ai_config`
 * takes what PATCH takes (and passes the same rules and plan gates), plus the fields only the
 * portal sets: `identity.instructions_source`, `behavior.business_hours`,
 * `starters.published`, `booking.timing` and `booking.calendar`. `ai_channels` sets switches
 * as they are, unchecked.
 */
import { z } from 'zod';
import { seedFor } from '../../groups/define.js';
import { NullableTimestamp } from '../shared/schemas.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { AiConfigModel } from './model.js';
import { BusinessHours } from './sandbox-schemas.js';
import { BookingTiming, CALENDAR_PROVIDERS, INSTRUCTION_SOURCES, PatchAiConfigBody, type PatchAiConfig } from './schemas.js';
import type { StoredAiConfig } from './state.js';
import { AI_CHANNEL_KEYS, PatchAiChannelBody } from './switch-schemas.js';

const sections = PatchAiConfigBody.shape;

export const SeedAiConfig = z.strictObject({
  ...sections,
  identity: sections.identity.unwrap().extend({ instructions_source: z.enum(INSTRUCTION_SOURCES).optional() }).optional(),
  behavior: sections.behavior.unwrap().extend({ business_hours: BusinessHours.optional() }).optional(),
  starters: sections.starters
    .unwrap()
    .extend({
      published: z
        .strictObject({
          instagram_published_at: NullableTimestamp,
          instagram_error: z.string().nullable(),
          facebook_published_at: NullableTimestamp,
          facebook_error: z.string().nullable(),
        })
        .partial()
        .optional(),
    })
    .optional(),
  booking: sections.booking
    .unwrap()
    .omit({ timing: true, calendar: true, bookable_services: true })
    .extend({
      timing: BookingTiming.partial().strict().optional(),
      calendar: z.strictObject({ provider: z.enum(CALENDAR_PROVIDERS).nullable() }).optional(),
    })
    .optional(),
});

export const SeedAiChannels = z.partialRecord(z.enum(AI_CHANNEL_KEYS), PatchAiChannelBody);

type SeedConfig = z.infer<typeof SeedAiConfig>;

/** Splits a seed's configuration into the portal-owned parts and what PATCH would take. */
function split(seed: SeedConfig): { readOnly: Partial<StoredAiConfig>; writable: PatchAiConfig } {
  const { identity, behavior, starters, booking, ...rest } = seed;
  const { instructions_source, ...identityRest } = identity ?? {};
  const { business_hours, ...behaviorRest } = behavior ?? {};
  const { published, ...startersRest } = starters ?? {};
  const { timing, calendar, ...bookingRest } = booking ?? {};
  const readOnly: Record<string, unknown> = {
    ...(instructions_source !== undefined ? { identity: { instructions_source } } : {}),
    ...(business_hours !== undefined ? { behavior: { business_hours } } : {}),
    ...(published !== undefined ? { starters: { published } } : {}),
    ...(timing !== undefined || calendar !== undefined
      ? { booking: { ...(timing !== undefined ? { timing } : {}), ...(calendar !== undefined ? { calendar_provider: calendar.provider } : {}) } }
      : {}),
  };
  const writable: PatchAiConfig = {
    ...rest,
    ...(identity !== undefined ? { identity: identityRest } : {}),
    ...(behavior !== undefined ? { behavior: behaviorRest } : {}),
    ...(booking !== undefined ? { booking: bookingRest } : {}),
  };
  // Starters are not published at seed time: `published` says what the last publish did.
  if (starters !== undefined) writable.starters = startersRest;
  return { readOnly: readOnly as Partial<StoredAiConfig>, writable };
}

export const aiConfigSeed = seedFor<AiConfigModel>()({
  fields: { ai_config: SeedAiConfig.optional(), ai_channels: SeedAiChannels.optional() },
  defaults,
  apply: ({ model, accountId, at }, { ai_config, ai_channels }) => {
    if (ai_config === undefined && ai_channels === undefined) return;
    at(['ai_config'], () => {
      const { readOnly, writable } = split(ai_config ?? {});
      model.seed(accountId, readOnly, writable, ai_channels ?? {});
    });
  },
});
