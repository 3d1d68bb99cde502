/**
 * How sessions and flow events are stored. A session keeps what the engine needs to resume
 * (variables, retries, the due instant of its timer) beside what 2.11 shows; variables and typed
 * text never leave the record (presentSession picks the 2.11 fields only). An event stores ids,
 * kinds and ports only: it has no field that could hold message text (2.12).
 */
import { z } from 'zod';
import type { Entity, IndexDefinitions } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import { EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { FLOW_CHANNELS, type FlowChannel } from '../flows/config-schemas.js';
import {
  Attribution,
  EVENT_TYPES,
  INPUT_KINDS,
  SESSION_STATUSES,
  type AttributionData,
  type FlowEventData,
  type FlowEventType,
  type FlowSessionData,
  type InputKind,
  type SessionStatus,
} from './schemas.js';

export interface SessionRecord extends Entity {
  /** The flow; its name is read from the flow when the session is shown (a rename shows at once). */
  readonly flow_id: number;
  readonly flow_version: number;
  readonly channel: FlowChannel;
  readonly contact_id: number;
  readonly conversation_id: number;
  readonly status: SessionStatus;
  readonly end_reason: string | null;
  readonly current_node_id: string;
  readonly attribution: AttributionData;
  readonly started_ms: number;
  readonly last_activity_ms: number;
  readonly last_user_message_ms: number | null;
  readonly delay_until_ms: number | null;
  readonly window_expires_ms: number | null;
  /** When the session's timer fires (delay end, tap timeout, silence expiry); null when none runs. */
  readonly due_ms: number | null;
  /** Collected answers by variable name: used for {placeholders} and rules, never returned. */
  readonly variables: Readonly<Record<string, string>>;
  /** Invalid answers (collect_input) or replies (ai_reply) at the current node. */
  readonly attempts: number;
}

export interface FlowEventRecord extends Entity {
  readonly session_id: number;
  readonly flow_id: number;
  readonly flow_version: number;
  readonly channel: FlowChannel;
  readonly type: FlowEventType;
  readonly node_key: string | null;
  readonly node_type: string | null;
  readonly output_port: string | null;
  readonly input_type: InputKind | null;
  readonly end_reason: string | null;
  /** outcome_achieved: which outcome (2.13 outcomes[].key); a button title for taps. Never typed text. */
  readonly detail: string | null;
  readonly occurred_ms: number;
}

const NullableMs = EpochMs.nullable();

export const sessionRules: RecordRules<SessionRecord> = {
  schema: storedRecord({
    flow_id: z.number().int().positive(),
    // Sessions used to keep the flow's name at their start; state files written then still carry
    // it. It is accepted and never read: flow_name is the flow's current name (presentSession).
    flow_name: z.string().optional(),
    flow_version: z.number().int().positive(),
    channel: z.enum(FLOW_CHANNELS),
    contact_id: z.number().int().positive(),
    conversation_id: z.number().int().positive(),
    status: z.enum(SESSION_STATUSES),
    end_reason: z.string().nullable(),
    current_node_id: z.string(),
    attribution: Attribution,
    started_ms: EpochMs,
    last_activity_ms: EpochMs,
    last_user_message_ms: NullableMs,
    delay_until_ms: NullableMs,
    window_expires_ms: NullableMs,
    due_ms: NullableMs,
    variables: z.record(z.string(), z.string()),
    attempts: z.number().int().min(0),
  }) as unknown as z.ZodType<SessionRecord>,
  sequence: 'flow_session',
};

export const flowEventRules: RecordRules<FlowEventRecord> = {
  schema: storedRecord({
    session_id: z.number().int().positive(),
    flow_id: z.number().int().positive(),
    flow_version: z.number().int().positive(),
    channel: z.enum(FLOW_CHANNELS),
    type: z.enum(EVENT_TYPES),
    node_key: z.string().nullable(),
    node_type: z.string().nullable(),
    output_port: z.string().nullable(),
    input_type: z.enum(INPUT_KINDS).nullable(),
    end_reason: z.string().nullable(),
    detail: z.string().max(100).nullable(),
    occurred_ms: EpochMs,
  }) as unknown as z.ZodType<FlowEventRecord>,
  sequence: 'flow_event',
  refs: { session_id: 'flow_sessions' },
};

/**
 * GET /flow-sessions filters (4.8): each list carries the last activity beside every id (`keyed`,
 * the collection's accountKey), so `updated_since` with any filter skips stale runs of the shortest
 * list (store/list-walk.ts). Status and channel keys name the account (flow and contact ids are
 * already global).
 */
export const sessionIndexes: IndexDefinitions<SessionRecord> = {
  flow: { key: (row: SessionRecord) => String(row.flow_id), keyed: true },
  contact: { key: (row: SessionRecord) => String(row.contact_id), keyed: true },
  status: { key: (row: SessionRecord) => `${row.account_id}:${row.status}`, fields: ['status'], keyed: true },
  channel: { key: (row: SessionRecord) => `${row.account_id}:${row.channel}`, fields: ['channel'], keyed: true },
  open: { key: (row: SessionRecord) => (row.status === 'waiting_input' || row.status === 'delayed' ? `${row.contact_id}` : null) },
  timer: { key: (row: SessionRecord) => (row.due_ms === null ? null : 'due') },
};

/**
 * GET /flow-events and GET /flow-sessions/{id}/events filters (4.8): every list carries the
 * event's time (`keyed`, the collection's accountKey), so `since` skips older runs of whichever
 * list is walked. A session's events of one type walk the shorter of the session's list and the
 * account's list of that type (no session × type index: at 1M events over 100k sessions it held
 * ~600k small lists, measured in bench/filter-scale.ts).
 */
export const eventIndexes: IndexDefinitions<FlowEventRecord> = {
  session: { key: (row: FlowEventRecord) => String(row.session_id), keyed: true },
  flow: { key: (row: FlowEventRecord) => String(row.flow_id), keyed: true },
  type: { key: (row: FlowEventRecord) => `${row.account_id}:${row.type}`, keyed: true },
  node_key: { key: (row: FlowEventRecord) => (row.node_key === null ? null : `${row.account_id}:${row.node_key}`), keyed: true },
};

/**
 * 2.11 fields of a session. `flowName` is the flow's current name: `flow_name` sits beside
 * `flow_id` as `customer_name` sits beside `contact_id` (docs/decisions.md, "Flows follow what
 * they name"); a deleted flow takes its sessions with it, so the flow is always there.
 */
export function presentSession(row: SessionRecord, flowName: string, iso: (ms: number) => string): FlowSessionData {
  const at = (ms: number | null) => (ms === null ? null : iso(ms));
  return {
    id: row.id,
    flow_id: row.flow_id,
    flow_name: flowName,
    flow_version: row.flow_version,
    channel: row.channel,
    contact_id: row.contact_id,
    status: row.status,
    end_reason: row.end_reason,
    current_node_id: row.current_node_id,
    attribution: { ...row.attribution },
    started_at: iso(row.started_ms),
    last_activity_at: iso(row.last_activity_ms),
    last_user_message_at: at(row.last_user_message_ms),
    delay_until: at(row.delay_until_ms),
    window_expires_at: at(row.window_expires_ms),
  };
}

export function presentEvent(row: FlowEventRecord, iso: (ms: number) => string): FlowEventData {
  return {
    id: row.id,
    session_id: row.session_id,
    flow_id: row.flow_id,
    flow_version: row.flow_version,
    type: row.type,
    node_key: row.node_key,
    node_type: row.node_type,
    output_port: row.output_port,
    input_type: row.input_type,
    end_reason: row.end_reason,
    occurred_at: iso(row.occurred_ms),
  };
}
