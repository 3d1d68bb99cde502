/** Wire shapes of the flow runtime (2.11 sessions, 2.12 events, 2.13 analytics, 4.8 queries). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { FilterId, NullableTimestamp, RealInstant, Timestamp } from '../shared/schemas.js';
import { FLOW_CHANNELS } from '../flows/config-schemas.js';

export const SESSION_STATUSES = ['waiting_input', 'delayed', 'completed', 'expired', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const OPEN_STATUSES: readonly SessionStatus[] = ['waiting_input', 'delayed'];

export const EVENT_TYPES = [
  'session_started',
  'node_entered',
  'node_exited',
  'branch_selected',
  'input_received',
  'link_clicked',
  'outcome_achieved',
  'session_completed',
  'session_expired',
  'session_cancelled',
  'session_reactivated',
] as const;
export type FlowEventType = (typeof EVENT_TYPES)[number];

/** How an input reached the session: typed text, a button tap, or the system (timers, starts). */
export const INPUT_KINDS = ['system', 'text', 'button', 'link'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

export const OUTCOME_KEYS = [
  'emails_collected',
  'phones_collected',
  'leads_marked',
  'appointments_booked',
  'links_clicked',
  'handoffs',
  'custom_fields_saved',
] as const;
export type OutcomeKey = (typeof OUTCOME_KEYS)[number];

export const Attribution = z.object({
  post_id: z.string().nullable(),
  comment_id: z.string().nullable(),
  matched_keyword: z.string().nullable(),
});
export type AttributionData = z.infer<typeof Attribution>;

export const FlowSession = named(
  'FlowSession',
  z.object({
    id: z.number().int(),
    flow_id: z.number().int(),
    flow_name: z.string(),
    flow_version: z.number().int(),
    channel: z.enum(FLOW_CHANNELS),
    contact_id: z.number().int(),
    status: z.enum(SESSION_STATUSES),
    end_reason: z.string().nullable(),
    current_node_id: z.string(),
    attribution: Attribution,
    started_at: Timestamp,
    last_activity_at: Timestamp,
    last_user_message_at: NullableTimestamp,
    delay_until: NullableTimestamp,
    window_expires_at: NullableTimestamp,
  }),
);
export type FlowSessionData = z.infer<typeof FlowSession>;

export const FlowEvent = named(
  'FlowEvent',
  z.object({
    id: z.number().int().describe('Ever-increasing per account.'),
    session_id: z.number().int(),
    flow_id: z.number().int(),
    flow_version: z.number().int(),
    type: z.enum(EVENT_TYPES),
    node_key: z.string().nullable(),
    node_type: z.string().nullable(),
    output_port: z.string().nullable(),
    input_type: z.enum(INPUT_KINDS).nullable(),
    end_reason: z.string().nullable(),
    occurred_at: Timestamp,
  }),
);
export type FlowEventData = z.infer<typeof FlowEvent>;


export const ListSessionsQuery = z.object({
  flow_id: FilterId.optional(),
  status: z.enum(SESSION_STATUSES).optional(),
  channel: z.enum(FLOW_CHANNELS).optional(),
  contact_id: FilterId.optional().describe('An unknown contact answers 404.'),
  updated_since: RealInstant.optional().describe('Sessions with last_activity_at at or after this instant; a future instant matches none (an empty page).'),
});
export type ListSessionsFilters = z.output<typeof ListSessionsQuery>;

export const SessionEventsQuery = z.object({
  type: z.enum(EVENT_TYPES).optional(),
});

export const ListEventsQuery = z.object({
  flow_id: FilterId.optional(),
  flow_session: FilterId.optional().describe('A session id; the response field stays session_id.'),
  type: z.enum(EVENT_TYPES).optional(),
  node_key: z.string().min(1).max(64).optional(),
  since: RealInstant.optional().describe('Events that occurred at or after this instant; a future instant matches none (an empty page).'),
});
export type ListEventsFilters = z.output<typeof ListEventsQuery>;

export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const AnalyticsQuery = z.object({
  range: z.enum(ANALYTICS_RANGES).default('30d'),
  channel: z.enum(FLOW_CHANNELS).optional(),
  version: z.string().regex(/^\d{1,9}$/, 'must be a published version number').transform(Number).optional(),
});
export type AnalyticsFilters = z.output<typeof AnalyticsQuery>;

const Rate = z.number().nullable();

export const FlowAnalytics = named(
  'FlowAnalytics',
  z.object({
    flow_id: z.number().int(),
    version: z.number().int(),
    current_version: z.number().int(),
    range: z.enum(ANALYTICS_RANGES),
    channel: z.enum(['all', ...FLOW_CHANNELS]),
    versions: z.array(z.object({ version: z.number().int(), published_at: Timestamp, has_tracked_runs: z.boolean() })),
    other_version_runs_excluded: z.number().int(),
    other_versions: z.array(z.object({ version: z.number().int(), runs: z.number().int() })),
    summary: z.object({
      runs: z.number().int(),
      completed: z.number().int(),
      expired: z.number().int(),
      cancelled: z.number().int(),
      active: z.number().int(),
      completion_rate: Rate.describe('Percent; null when there were no runs.'),
      median_completed_seconds: z.number().nullable(),
    }),
    comparison: z
      .object({
        previous_runs: z.number().int(),
        runs_change_percent: Rate,
        previous_completion_rate: Rate,
        completion_rate_change_points: Rate,
      })
      .nullable(),
    lifetime: z.object({ runs: z.number().int(), completed: z.number().int(), not_completed: z.number().int(), completion_rate: Rate }),
    outcomes: z.array(z.object({ key: z.enum(OUTCOME_KEYS), label: z.string(), count: z.number().int(), rate: Rate, median_seconds: z.number().nullable() })),
    per_node: z.array(
      z.object({
        node_id: z.string(),
        node_type: z.string(),
        reached: z.number().int(),
        continued: z.number().int(),
        continued_rate: Rate,
        responses: z.number().int(),
        loss_exits: z.number().int(),
        terminal_reasons: z.record(z.string(), z.number().int()),
        buttons: z.record(z.string(), z.object({ clicks: z.number().int(), click_rate: Rate })),
      }),
    ),
    branches: z.array(z.object({ node_id: z.string(), output_port: z.string(), selected: z.number().int(), selection_rate: Rate })),
    nodes: z.record(z.string(), z.string()),
  }),
);
export type FlowAnalyticsData = z.infer<typeof FlowAnalytics>;
