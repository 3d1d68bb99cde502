/** Wire shapes of appointments (2.8), availability (2.9) and their requests (4.6). No logic. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Channel, Duration as DurationText, FilterId, Timestamp } from '../shared/schemas.js';

export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES).describe('3.2 appointment status.');
export type AppointmentStatusValue = z.infer<typeof AppointmentStatus>;

/** YYYY-MM-DD (the calendar check, e.g. February 30, is the model's: 400 naming the param). */
export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').describe('A calendar date, YYYY-MM-DD.');
/** HH:MM on a 24-hour clock, 00:00 to 23:59 (24:00 is refused). */
export const TimeString = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM, 00:00 to 23:59')
  .describe('Wall-clock time, HH:MM (24-hour).');
export const ZoneName = z.string().min(1).max(64).describe('An IANA time zone, e.g. America/New_York.');
/** A cost: a number or numeric string with at most two decimals, at least 0. */
export const CostInput = z
  .union([z.number().min(0).max(1_000_000_000), z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'must be a number with at most two decimals')])
  .describe('At least 0, at most two decimals; answered as a two-decimal string.');

const Text = (max: number) => z.string().max(max);

export const Customer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export const Location = z.object({ city: z.string().nullable(), state: z.string().nullable() });

export const Appointment = named(
  'Appointment',
  z.object({
    id: z.number().int(),
    confirmation_code: z.string(),
    conversation_id: z.number().int().nullable().describe('The conversation it was booked from; null for a walk-in (booked without conversation_id).'),
    contact_id: z
      .number()
      .int()
      .nullable()
      .describe("The conversation's contact; null for a walk-in (never matched to a contact by phone or email)."),
    channel: Channel.nullable().describe("The conversation's channel; null for a walk-in."),
    datetime: Timestamp.describe('The start, in UTC.'),
    timezone: z.string().describe('The IANA zone the customer booked in.'),
    duration_minutes: z.number().int(),
    service_type: z.string().describe('The service booked; "" when none was named (never null).'),
    cost: z
      .string()
      .regex(/^\d+\.\d{2}$/, 'must be a two-decimal string')
      .describe('Two-decimal string; "0.00" when none was given (never null).'),
    status: AppointmentStatus,
    meeting_link: z.string().nullable(),
    google_event_id: z.string().nullable(),
    reminder_sent: z.boolean(),
    location: Location,
    customer: Customer,
    vehicle_info: z.string().nullable(),
    notes: z.string().describe('Free text; "" when there are none (never null).'),
    created_at: Timestamp,
    sync_warning: z.boolean().optional().describe('Present (true) on an edit response when the connected calendar refused the change; the appointment is saved anyway.'),
  }),
);
export type AppointmentData = z.infer<typeof Appointment>;

export const Slot = z.object({ time: z.string().describe('HH:MM in the account time zone.'), label: z.string() });
export const Availability = named(
  'Availability',
  z.object({
    date: z.string(),
    timezone: z.string(),
    service_type: z.string().describe('The service asked about; "" when none was named (as an appointment answers it).'),
    duration_minutes: z.number().int(),
    slots: z.array(Slot),
  }),
);
export type AvailabilityData = z.infer<typeof Availability>;

export const AvailabilityQuery = z.object({
  date: DateString,
  service_type: Text(200).optional().describe('A bookable service name; unknown or omitted means 30 minutes.'),
  city: Text(200).optional(),
  state: Text(200).optional(),
});

export const ListAppointmentsQuery = z.object({
  // No length cap: 4.6 makes any value free text whose only effect is an empty list (audit 13a, A2).
  status: z.string().optional().describe('Free text: an unknown status gives an empty list.'),
  conversation_id: FilterId.optional(),
});
export type ListAppointmentsFilters = z.output<typeof ListAppointmentsQuery>;

/**
 * A blank value ("" or spaces) is not a malformed one: it is a field left empty, which the model
 * answers as a required field would be (422 `missing_fields`) or stores as null when optional, as
 * it does for a blank name or address (docs/decisions.md, I5 and "Blank customer email or phone").
 */
const blankOr = <T extends z.ZodType>(schema: T, what: string) => z.union([z.string().regex(/^\s*$/).max(255), schema], { error: what }).nullable().optional();

const CustomerInput = z.strictObject({
  name: Text(255).nullable().optional(),
  email: blankOr(z.email().max(255), 'must be a valid email address'),
  phone: blankOr(z.string().regex(/^[0-9+().\-#x ]{3,50}$/), 'digits and + ( ) . - # x, 3 to 50'),
  address: Text(500).nullable().optional(),
});
const LocationInput = z.strictObject({ city: Text(200).nullable().optional(), state: Text(200).nullable().optional() });
const Duration = z.number().int().min(5).max(1440).describe('Minutes, 5 to 1440.');

export const CreateAppointmentBody = z.strictObject({
  date: DateString,
  time: TimeString,
  timezone: ZoneName.optional().describe('The zone of date and time; default the account time zone.'),
  customer: CustomerInput.optional().describe(
    'Required. Left out, or without a name (or without a field booking.required_fields asks for), the booking is 422 missing_fields listing what is missing (4.6).',
  ),
  conversation_id: z.number().int().positive().optional(),
  send_confirmation: z
    .boolean()
    .optional()
    .describe(
      'Default true: a confirmation DM goes into the conversation, if a message could reach the customer now (channel connected and permitted, not opted out or blocked, window open: the POST /messages checks); otherwise none is sent and the booking still stands.',
    ),
  service_type: Text(200).optional(),
  duration_minutes: Duration.optional(),
  location: LocationInput.optional(),
  vehicle_info: Text(500).optional(),
  cost: CostInput.optional(),
  notes: Text(5000).optional(),
});
export type CreateAppointmentInput = z.infer<typeof CreateAppointmentBody>;

export const PatchAppointmentBody = z.strictObject({
  customer: CustomerInput.optional(),
  location: LocationInput.optional(),
  service_type: Text(200).nullable().optional().describe('null or "" clears it (answered as "").'),
  duration_minutes: Duration.optional().describe('Minutes, 5 to 1440; a longer appointment may overlap the next booking (no 409).'),
  timezone: ZoneName.optional(),
  vehicle_info: Text(500).nullable().optional(),
  cost: CostInput.nullable().optional().describe('null clears it (answered as "0.00").'),
  notes: Text(5000).nullable().optional().describe('null or "" clears them (answered as "").'),
  status: AppointmentStatus.optional(),
});
export type PatchAppointmentInput = z.infer<typeof PatchAppointmentBody>;
export const UPDATABLE_APPOINTMENT_FIELDS = Object.keys(PatchAppointmentBody.shape);

export const RescheduleBody = z.strictObject({ date: DateString, time: TimeString });
export type RescheduleInput = z.infer<typeof RescheduleBody>;

// ---- sandbox -----------------------------------------------------------------------------------

export const CalendarStateInput = z.strictObject({
  connected: z.boolean().optional().describe('Connect (google unless provider says otherwise) or disconnect the calendar.'),
  provider: z.enum(['google', 'microsoft']).optional(),
  refuse_edits: z.boolean().optional().describe('Fault: while true the connected calendar refuses every change (responses carry sync_warning).'),
});
export const CalendarState = z.object({
  connected: z.boolean(),
  provider: z.enum(['google', 'microsoft']).nullable(),
  refuse_edits: z.boolean(),
});
export type CalendarStateData = z.infer<typeof CalendarState>;

// ---- seed --------------------------------------------------------------------------------------

export const SeedAppointment = z.strictObject({
  in_days: z.number().int().min(-365).max(365).describe('Days from the seed date (in the zone); negative for the past.'),
  time: TimeString,
  timezone: ZoneName.optional().describe('Default the account time zone.'),
  status: AppointmentStatus.default('confirmed'),
  duration_minutes: z.number().int().min(5).max(1440).optional(),
  service_type: z.string().max(200).optional(),
  cost: CostInput.optional(),
  customer: z.strictObject({
    name: z.string().max(255),
    email: z.string().max(255).optional(),
    phone: z.string().max(50).optional(),
    address: z.string().max(500).optional(),
  }),
  location: z.strictObject({ city: z.string().max(200).optional(), state: z.string().max(200).optional() }).optional(),
  conversation: z.strictObject({ channel: Channel, platform_user_id: z.string().min(1).max(255) }).optional(),
  notes: z.string().max(5000).optional(),
  vehicle_info: z.string().max(500).optional(),
  created_ago: DurationText.optional().describe('How long before the seed time it was booked (default 3d).'),
});
export type SeedAppointmentInput = z.output<typeof SeedAppointment>;

