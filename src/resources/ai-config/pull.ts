/**
 * AI configuration read back (`seed pull`): GET /ai/config gives all nine sections, GET
 * /ai/channels the four switches. The seed takes what PATCH takes plus the portal-owned parts a
 * GET shows (instructions source, business hours, last starter publish, booking timing and the
 * calendar provider), so a section is copied minus what the seed cannot hold: `available` (the
 * plan decides it again), the booking's time zone (the account's) and bookable services (the
 * knowledge base's active services). A plan-gated section the plan does not include is left
 * out: the seed passes the plan gates PATCH does, and the API could not have changed it anyway.
 */
import type { PullApi, PullSpec } from '../../groups/pull.js';
import type { AiConfigData } from './schemas.js';
import type { AiChannelsData } from './switch-schemas.js';
import { AI_CHANNEL_KEYS } from './switch-schemas.js';

function gated<T extends { available: boolean }>(section: T): Omit<T, 'available'> | undefined {
  const { available, ...rest } = section;
  return available ? rest : undefined;
}

async function pullAiConfig(api: PullApi) {
  const config = await api.get<AiConfigData>('/ai/config');
  const { timing, calendar, bookable_services: _services, ...booking } = config.booking;
  const { timezone: _zone, ...bookingTiming } = timing;
  const sections = {
    identity: config.identity,
    behavior: config.behavior,
    restrictions: config.restrictions,
    starters: config.starters,
    file_handling: gated(config.file_handling),
    followups: gated(config.followups),
    csat: gated(config.csat),
    comment_ai: gated(config.comment_ai),
    booking: { ...booking, timing: bookingTiming, calendar: { provider: calendar.connected ? calendar.provider : null } },
  };
  return Object.fromEntries(Object.entries(sections).filter(([, section]) => section !== undefined));
}

async function pullAiChannels(api: PullApi) {
  const channels = await api.get<AiChannelsData>('/ai/channels');
  return Object.fromEntries(
    AI_CHANNEL_KEYS.map((key) => [key, { ai_enabled: channels[key].ai_enabled, automation_enabled: channels[key].automation_enabled }]),
  );
}

export const aiConfigPull: PullSpec = {
  sections: [
    { field: 'ai_config', value: pullAiConfig },
    { field: 'ai_channels', value: pullAiChannels },
  ],
};
