/** The stored appointment (what a restore checks) and the calendar fault. */
import { z } from 'zod';
import type { Channel as ChannelValue } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import { Channel, EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { AppointmentStatus, type AppointmentStatusValue } from './schemas.js';

export interface CustomerData {
  readonly name: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly address: string | null;
}

export interface AppointmentRecord extends Entity {
  readonly confirmation_code: string;
  readonly conversation_id: number | null;
  readonly contact_id: number | null;
  readonly channel: ChannelValue | null;
  readonly start_ms: number;
  readonly timezone: string;
  readonly duration_minutes: number;
  readonly service_type: string | null;
  readonly cost_cents: number | null;
  readonly status: AppointmentStatusValue;
  readonly meeting_link: string | null;
  readonly google_event_id: string | null;
  /** True once the reminder went; while `remind_at_ms` is set it also turns true when that time comes. */
  readonly reminder_sent: boolean;
  readonly remind_at_ms: number | null;
  readonly location: { readonly city: string | null; readonly state: string | null };
  readonly customer: CustomerData;
  readonly vehicle_info: string | null;
  readonly notes: string | null;
  /** `send_confirmation`: whether the booking and reschedule DMs are wanted (each still needs a reachable customer, model.ts `dm`). */
  readonly send_dm: boolean;
  readonly created_at: string;
}

const Nullable = z.string().nullable();

export const AppointmentRecordSchema = storedRecord({
  confirmation_code: z.string().min(1),
  conversation_id: z.number().int().positive().nullable(),
  contact_id: z.number().int().positive().nullable(),
  channel: Channel.nullable(),
  start_ms: EpochMs,
  timezone: z.string().min(1),
  duration_minutes: z.number().int().positive(),
  service_type: Nullable,
  cost_cents: z.number().int().min(0).nullable(),
  status: AppointmentStatus,
  meeting_link: Nullable,
  google_event_id: Nullable,
  reminder_sent: z.boolean(),
  remind_at_ms: EpochMs.nullable(),
  location: z.strictObject({ city: Nullable, state: Nullable }),
  customer: z.strictObject({ name: Nullable, email: Nullable, phone: Nullable, address: Nullable }),
  vehicle_info: Nullable,
  notes: Nullable,
  send_dm: z.boolean(),
  created_at: Timestamp,
});

export const APPOINTMENT_RULES: RecordRules<AppointmentRecord> = {
  schema: AppointmentRecordSchema,
  sequence: 'appointment',
  refs: { conversation_id: 'conversations', contact_id: 'contacts' },
};

export interface CalendarFaultRecord extends Entity {
  readonly refuse_edits: boolean;
}

export const CALENDAR_FAULT_RULES: RecordRules<CalendarFaultRecord> = { schema: storedRecord({ refuse_edits: z.boolean() }), sequence: 'appointment_calendar_fault' };
