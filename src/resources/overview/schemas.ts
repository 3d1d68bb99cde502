/**
 * The overview analytics shape (2.14). Every count is `{current, previous}`: the fixed rolling
 * 30-day window and the 30 days before it. Where 2.14 leaves a detail open (totals, the
 * `comment_triggers` item, `comment_trigger_fires`, `by_channel`) the choice is recorded in
 * docs/decisions.md, "Overview analytics". No logic here.
 */
import { z } from 'zod';
import { CHANNELS } from '../../core/types.js';
import { Channel, Timestamp } from '../shared/schemas.js';
import { AppointmentStatus } from '../appointments/schemas.js';

const Natural = z.number().int().min(0);

export const Count = z
  .strictObject({ current: Natural.describe('In the last 30 days.'), previous: Natural.describe('In the 30 days before those.') })
  .describe('A count over the current window and the one before it.');

export const CountWithTotal = Count.extend({ all_time: Natural.describe('Since the account began.') });

export const OverviewWindow = z.strictObject({
  days: z.literal(30),
  current_from: Timestamp.describe('Start of the current window: 30 days before now.'),
  previous_from: Timestamp.describe('Start of the previous window: 60 days before now; it ends where the current one starts.'),
});

/** One `{current, previous}` per channel of 2.1, every channel present (zero when silent). */
export const ByChannel = z.strictObject(Object.fromEntries(CHANNELS.map((channel) => [channel, Count])) as Record<(typeof CHANNELS)[number], typeof Count>);

export const OverviewFlow = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  entries: CountWithTotal,
  comment_trigger_id: z.number().int().optional().describe('The comment trigger that starts this flow, when one does.'),
  comment_trigger_fires: CountWithTotal.optional().describe('Fires of that trigger (present with comment_trigger_id).'),
});

export const OverviewCommentTrigger = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  fires: CountWithTotal,
});

export const NextAppointment = z.strictObject({
  id: z.number().int(),
  channel: Channel.nullable(),
  customer_name: z.string().nullable(),
  scheduled_at: Timestamp,
  service_type: z.string().describe('The appointment\'s service_type: "" when none was named.'),
  status: AppointmentStatus,
});

const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('A UTC calendar date, YYYY-MM-DD.');

export const Usage = z.strictObject({
  conversations: z.strictObject({ used: Natural, limit: Natural, percent: Natural.describe('used / limit, in whole percent (may pass 100).') }),
  overage: z.strictObject({ enabled: z.boolean(), eligible: z.boolean(), units: Natural }),
  sms: z.strictObject({ used: Natural, limit: Natural }),
  billing_cycle: z.strictObject({ start: CalendarDate, end: CalendarDate }),
  is_trial: z.boolean(),
});

export const Overview = z.strictObject({
  window: OverviewWindow,
  messages: z.strictObject({ inbound: Count, outbound: Count, conversations: Count, by_channel: ByChannel }),
  replies: z.strictObject({ ai: Count, automation: Count }),
  flows: z.array(OverviewFlow),
  comment_triggers: z.array(OverviewCommentTrigger),
  contacts: z.strictObject({ new: Count, total: Count, with_phone: Count, with_email: Count }),
  appointments: z.strictObject({ upcoming: Count, created: CountWithTotal, next: z.array(NextAppointment) }),
  knowledge_gaps: z.strictObject({ open: Count, resolved: Count }),
  needs_you: z.strictObject({ escalated: Count, copilot_drafts: Count }),
  api_sends: z.strictObject({ requested: Count, sent: Count }),
  usage: Usage.nullable().describe('Null when the plan lookup fails.'),
});

export const UsageSettingsBody = z.strictObject({
  plan_lookup: z.enum(['ok', 'fail']).optional().describe('`fail` makes usage null in the overview until set back to `ok`.'),
  is_trial: z.boolean().optional(),
  overage_enabled: z.boolean().optional(),
});

export const UsageSettings = z.strictObject({
  plan_lookup: z.enum(['ok', 'fail']),
  is_trial: z.boolean(),
  overage_enabled: z.boolean(),
});

export type CountData = z.infer<typeof Count>;
export type CountWithTotalData = z.infer<typeof CountWithTotal>;
export type OverviewData = z.infer<typeof Overview>;
export type UsageData = z.infer<typeof Usage>;
export type UsageSettingsData = z.infer<typeof UsageSettings>;
export type NextAppointmentData = z.infer<typeof NextAppointment>;
