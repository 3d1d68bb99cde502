/**
 * Appointments (2.8, 3.2, 4.6) and availability (2.9). Booking rules come from the AI
 * configuration (booking section: required fields, timing, calendar; behavior: business hours;
 * the account time zone) and the knowledge base (bookable service durations), reached only
 * through their models. Slot maths is in ./slots.ts, zones in ./zones.ts, the 3.2 machine in
 * ./state.ts. `book(accountId, input)` is the one booking entry point (the route, and later the
 * flow runtime's `book_appointment` node through `needs`).
 *
 * The store runs one transaction at a time, so two bookings of one slot are serialised: the
 * second sees the first and answers 409 `slot_unavailable` (exactly one wins).
 */
import { parseDuration } from '../../core/duration.js';
import { ApiError, invalidParam, notFound } from '../../core/errors.js';
import { cursorId, pageFromWalk, type Page, type PageRequest } from '../../core/pagination.js';
import { newestFirstWalk } from '../../store/list-walk.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import type { CoreServices } from '../../groups/services.js';
import type { AiConfigModel } from '../ai-config/model.js';
import type { ConversationsModel } from '../conversations/model.js';
import type { KnowledgeModel } from '../knowledge/model.js';
import type { SendingModel } from '../sending/model.js';
import { calendarIdsOf, confirmationCodeOf } from './codes.js';
import { APPOINTMENT_RULES, CALENDAR_FAULT_RULES, type AppointmentRecord, type CalendarFaultRecord, type CustomerData } from './record.js';
import type {
  AppointmentData,
  AvailabilityData,
  CalendarStateData,
  CreateAppointmentInput,
  ListAppointmentsFilters,
  PatchAppointmentInput,
  RescheduleInput,
  SeedAppointmentInput,
} from './schemas.js';
import { UPDATABLE_APPOINTMENT_FIELDS } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';
import { isFree, slotsOf, withinHours, withinWindow, type Busy, type SlotRules } from './slots.js';
import { ACTIVE_STATUSES, isActive, RESCHEDULABLE } from './state.js';
import { addDays, instantOf, isCalendarDate, isZone, wallClockOf } from './zones.js';
import { DEFAULT_APPOINTMENT_MINUTES } from '../shared/booking-duration.js';

export interface AppointmentsNeeds {
  readonly aiConfig: AiConfigModel;
  readonly knowledge: KnowledgeModel;
  readonly conversations: ConversationsModel;
  /** The recipient rules POST /messages and the flow runtime apply (sending/recipient-rules.ts). */
  readonly sending: SendingModel;
}

/** Section 8: a service's duration, else 30 minutes. */
export const DEFAULT_DURATION_MINUTES = DEFAULT_APPOINTMENT_MINUTES;
const HOUR = 3_600_000;

type CalendarOutcome = { readonly refused: boolean };
type EventFields = Pick<AppointmentRecord, 'meeting_link' | 'google_event_id'>;
/** What an edit writes to the appointment's event fields, and whether the calendar refused it. */
type CalendarSync = { readonly fields: Partial<EventFields>; readonly outcome: CalendarOutcome };
const NO_EVENT: EventFields = { meeting_link: null, google_event_id: null };

/** A blank text ("" or spaces) is stored as no value, as a create stores it. */
const blankToNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value);

/** A service named "" is none named: stored null, as one left out (answered "" either way). */
const serviceOf = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);

/** The fields a PATCH sends, each blank one as null (a field left out stays out). */
function blanksToNull<T extends Record<string, string | null | undefined>>(sent: T): { [K in keyof T]: T[K] | null } {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(sent)) if (value !== undefined) out[key] = blankToNull(value);
  return out as { [K in keyof T]: T[K] | null };
}

export function createAppointmentsModel(core: CoreServices, needs: AppointmentsNeeds) {
  const { store, clock, events } = core;
  const appointments = store.define<AppointmentRecord>(
    'appointments',
    {
      code: { unique: true, key: (row) => row.confirmation_code },
      conversation: { key: (row) => (row.conversation_id === null ? null : String(row.conversation_id)) },
      contact: { key: (row) => (row.contact_id === null ? null : String(row.contact_id)) },
      // GET /appointments?status= (4.6): one list per account and status.
      status: { key: (row) => `${row.account_id}:${row.status}`, fields: ['status'] },
    },
    APPOINTMENT_RULES,
  );
  const faults = store.define<CalendarFaultRecord>(
    'appointment_calendar_faults',
    { account: { unique: true, key: (row) => String(row.account_id) } },
    CALENDAR_FAULT_RULES,
  );

  // ---- settings and slot rules ----------------------------------------------------------------

  function slotRules(accountId: number): SlotRules {
    const booking = needs.aiConfig.bookingSettings(accountId);
    return {
      zone: booking.timing.timezone,
      hours: needs.aiConfig.businessHours(accountId),
      bufferMinutes: booking.timing.buffer_minutes,
      noticeMinutes: booking.timing.minimum_notice_minutes,
      maxAdvanceDays: booking.timing.max_advance_days,
      nowMs: clock.now(),
    };
  }

  /** Confirmed and pending appointments block their time (`except` is the one being moved). */
  function busyOf(accountId: number, except?: number): Busy[] {
    const busy: Busy[] = [];
    for (const row of appointments.ofAccount(accountId)) {
      if (row.id !== except && ACTIVE_STATUSES.has(row.status)) busy.push({ startMs: row.start_ms, durationMinutes: row.duration_minutes });
    }
    return busy;
  }

  function durationFor(accountId: number, serviceType: string | undefined | null): number {
    if (!serviceType) return DEFAULT_DURATION_MINUTES;
    return needs.knowledge.serviceByName(accountId, serviceType)?.duration_minutes ?? DEFAULT_DURATION_MINUTES;
  }

  function zoneOf(zone: string | undefined, fallback: string, param = 'timezone'): string {
    if (zone === undefined) return fallback;
    if (!isZone(zone)) throw invalidParam(param, `${zone} is not an IANA time zone (e.g. America/New_York).`);
    return zone;
  }

  /** The instant a wall-clock date and time name in `zone`; 400 naming the param when they cannot. */
  function startOf(date: string, time: string, zone: string): number {
    if (!isCalendarDate(date)) throw invalidParam('date', `${date} is not a calendar date.`);
    const at = guards.instantOf(date, time, zone);
    if (at === null) throw invalidParam('time', `${date} ${time} does not exist in ${zone} (the clocks skip it that day).`);
    if (at <= clock.now()) throw invalidParam('time', `${date} ${time} ${zone} is in the past.`);
    return at;
  }

  /** A future instant is bookable: in hours, in the notice/advance window and free (else 409). */
  function assertSlot(accountId: number, startMs: number, durationMinutes: number, except?: number): void {
    const rules = slotRules(accountId);
    if (!withinHours(startMs, durationMinutes, rules)) throw new ApiError('slot_unavailable', 'That time is outside business hours.');
    if (!guards.withinWindow(startMs, rules)) {
      throw new ApiError('slot_unavailable', 'That time is sooner than the minimum notice or beyond the maximum advance.');
    }
    if (!guards.isFree(startMs, durationMinutes, rules.bufferMinutes, busyOf(accountId, except))) {
      throw new ApiError('slot_unavailable', 'That slot is already taken.');
    }
  }

  /** The rules mutants swap (mutants.ts): one function per key rule. */
  const guards = {
    isFree,
    withinWindow,
    instantOf,
    rescheduleAllowed: (status: AppointmentRecord['status']): boolean => RESCHEDULABLE.has(status),
    /** An appointment put back on the calendar without an event gets one (`onCalendar`, audit 7 M5). */
    lacksEvent: (row: AppointmentRecord): boolean => row.google_event_id === null,
  };

  // ---- the calendar (account sandbox state) ----------------------------------------------------

  function refusing(accountId: number): boolean {
    return faults.findUnique('account', String(accountId))?.refuse_edits ?? false;
  }

  function calendarEventFor(accountId: number, id: number): EventFields {
    const calendar = needs.aiConfig.calendar(accountId);
    if (!calendar.connected || calendar.provider === null) return NO_EVENT;
    const ids = calendarIdsOf(id, calendar.provider);
    // The event is synced either way; a video link comes only with meeting invites on (2.17, 4.12).
    return needs.aiConfig.meetingInvitesReady(accountId) ? ids : { ...ids, meeting_link: null };
  }

  /** A change the connected calendar must follow: refused while the sandbox fault is on. */
  function calendarChange(row: AppointmentRecord): CalendarOutcome {
    if (row.google_event_id === null || !needs.aiConfig.calendar(row.account_id).connected) return { refused: false };
    return { refused: refusing(row.account_id) };
  }

  /**
   * The event a booking puts on the connected calendar (3.2 "calendar sync if connected"): its ids
   * and link, none without a calendar, and none while the calendar refuses (the sandbox fault; the
   * response then says `sync_warning`). The one way an event is made: a booking, and an
   * appointment put back on the calendar without one (`onCalendar`).
   */
  function createEvent(accountId: number, id: number): CalendarSync {
    const event = calendarEventFor(accountId, id);
    const refused = event.google_event_id !== null && refusing(accountId);
    return { fields: refused ? NO_EVENT : event, outcome: { refused } };
  }

  /**
   * An appointment put (back) on the calendar, by a PATCH that makes it pending or confirmed again
   * or by a reschedule: it keeps its event, and the calendar follows the change; one that has none
   * (cancelling removed it, or it was booked while the calendar was off or refusing) gets one now,
   * as a booking does, when the calendar is connected (audit 7, M5).
   */
  function onCalendar(row: AppointmentRecord): CalendarSync {
    if (guards.lacksEvent(row)) return createEvent(row.account_id, row.id);
    return { fields: {}, outcome: calendarChange(row) };
  }

  // ---- presentation ---------------------------------------------------------------------------

  function reminderSent(row: AppointmentRecord): boolean {
    return row.reminder_sent || (row.remind_at_ms !== null && isActive(row.status) && clock.now() >= row.remind_at_ms);
  }

  function present(row: AppointmentRecord): AppointmentData {
    return {
      id: row.id,
      confirmation_code: row.confirmation_code,
      conversation_id: row.conversation_id,
      contact_id: row.contact_id,
      channel: row.channel,
      datetime: clock.iso(row.start_ms),
      timezone: row.timezone,
      duration_minutes: row.duration_minutes,
      // 2.8 types service_type as a string and cost as a two-decimal string, with no "or null"
      // (audit 12a, A1): none named is "", none given "0.00". The record keeps null, as for notes below.
      service_type: row.service_type ?? '',
      cost: ((row.cost_cents ?? 0) / 100).toFixed(2),
      status: row.status,
      meeting_link: row.meeting_link,
      google_event_id: row.google_event_id,
      reminder_sent: reminderSent(row),
      location: { ...row.location },
      customer: { ...row.customer },
      vehicle_info: row.vehicle_info,
      // 2.8 types notes as a string (where it means null it says "or null"): none given is the
      // empty text. Stored null, so snapshots taken before this decision restore unchanged.
      notes: row.notes ?? '',
      created_at: row.created_at,
    };
  }

  function edited(row: AppointmentRecord, outcome: CalendarOutcome): AppointmentData {
    return outcome.refused ? { ...present(row), sync_warning: true } : present(row);
  }

  function remindAt(accountId: number, startMs: number): number | null {
    const hours = needs.aiConfig.bookingSettings(accountId).timing.reminder_hours;
    return hours > 0 ? startMs - hours * HOUR : null;
  }

  /**
   * The confirmation or reschedule DM, as a bot line in the booking's conversation, when the
   * platform would take a message to that customer now (docs/decisions.md, "Booking DMs follow
   * the send rules"): not when the channel is disconnected or may not message, the customer
   * opted out or is blocked, or the window is closed. A skipped DM leaves no line and no count;
   * the booking or reschedule stands either way.
   */
  function dm(row: AppointmentRecord, text: string): void {
    if (row.conversation_id === null || !row.send_dm) return;
    const conversation = needs.conversations.find(row.account_id, row.conversation_id);
    if (!conversation || needs.sending.recipients.plainMessage(conversation) !== undefined) return;
    needs.conversations.append(conversation, { sender_type: 'bot', sender_name: null, text });
  }

  function whenText(row: AppointmentRecord): string {
    const { date, time } = wallClockOf(row.start_ms, row.timezone);
    return `${date} at ${time} (${row.timezone})`;
  }

  // ---- booking --------------------------------------------------------------------------------

  /**
   * The booking's required fields (4.6: the name always, the rest per `booking.required_fields`)
   * that `input` leaves blank. A create must carry each one; a PATCH (`sentOnly`) may not blank one
   * it sends, but may leave alone one an older booking lacks (the settings may have changed since).
   */
  function missingFields(accountId: number, input: CreateAppointmentInput | PatchAppointmentInput, sentOnly = false): string[] {
    const required = needs.aiConfig.bookingSettings(accountId).required_fields;
    const missing: string[] = [];
    const need = (param: string, isRequired: boolean, value: string | number | null | undefined) => {
      const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      if (isRequired && blank && (!sentOnly || value !== undefined)) missing.push(param);
    };
    need('customer.name', true, input.customer?.name);
    need('customer.email', required.email, input.customer?.email);
    need('customer.phone', required.phone, input.customer?.phone);
    need('customer.address', required.address || required.address_parts.street, input.customer?.address);
    need('location.city', required.address_parts.city, input.location?.city);
    need('location.state', required.address_parts.state, input.location?.state);
    need('vehicle_info', required.vehicle, input.vehicle_info);
    need('cost', required.cost, input.cost);
    return missing;
  }

  function refuseMissing(missing: readonly string[]): void {
    if (missing.length === 0) return;
    throw new ApiError('missing_fields', `The booking lacks required fields: ${missing.join(', ')}.`, {
      param: missing[0],
      extra: { missing_fields: missing },
    });
  }

  function book(accountId: number, input: CreateAppointmentInput): AppointmentData {
    const zone = zoneOf(input.timezone, needs.aiConfig.timezone(accountId));
    const conversation = input.conversation_id === undefined ? undefined : needs.conversations.find(accountId, input.conversation_id);
    if (input.conversation_id !== undefined && !conversation) throw invalidParam('conversation_id', `No conversation has id ${input.conversation_id}.`);
    // A malformed value is 400 before missing fields are 422 (30 February is malformed: audit 12h H5).
    if (!isCalendarDate(input.date)) throw invalidParam('date', `${input.date} is not a calendar date.`);
    refuseMissing(missingFields(accountId, input));
    const startMs = startOf(input.date, input.time, zone);
    const duration = input.duration_minutes ?? durationFor(accountId, input.service_type);
    assertSlot(accountId, startMs, duration);
    const id = store.nextId('appointment');
    const calendar = createEvent(accountId, id);
    // Present: a booking without `customer` lacks its name, refused above as missing_fields.
    const given = input.customer ?? {};
    const customer: CustomerData = {
      name: blankToNull(given.name),
      email: blankToNull(given.email),
      phone: blankToNull(given.phone),
      address: blankToNull(given.address),
    };
    const row = appointments.insert({
      id,
      account_id: accountId,
      confirmation_code: confirmationCodeOf(id),
      conversation_id: conversation?.id ?? null,
      contact_id: conversation?.contact_id ?? null,
      channel: conversation?.channel ?? null,
      start_ms: startMs,
      timezone: zone,
      duration_minutes: duration,
      service_type: serviceOf(input.service_type),
      cost_cents: input.cost === undefined ? null : centsOf(input.cost),
      status: 'confirmed',
      ...NO_EVENT,
      ...calendar.fields,
      reminder_sent: false,
      remind_at_ms: remindAt(accountId, startMs),
      location: { city: input.location?.city ?? null, state: input.location?.state ?? null },
      customer,
      vehicle_info: input.vehicle_info ?? null,
      notes: input.notes ?? null,
      send_dm: conversation !== undefined && input.send_confirmation !== false,
      created_at: clock.iso(),
    });
    dm(row, `Your appointment is confirmed for ${whenText(row)}. Confirmation code: ${row.confirmation_code}.`);
    const data = present(row);
    events.emit(accountId, 'appointment.booked', { appointment: data });
    return calendar.outcome.refused ? { ...data, sync_warning: true } : data;
  }

  // ---- the 3.2 machine ------------------------------------------------------------------------

  function get(accountId: number, id: number): AppointmentRecord {
    const row = appointments.getOwned(accountId, id);
    if (!row) throw notFound('Appointment');
    return row;
  }

  /** Leaving the active states freezes the reminder as it stands. */
  function statusPatch(row: AppointmentRecord, status: AppointmentRecord['status']): Partial<AppointmentRecord> {
    if (isActive(status)) return { status };
    return { status, reminder_sent: reminderSent(row), remind_at_ms: null };
  }

  function cancelInto(row: AppointmentRecord, extra: Partial<AppointmentRecord>): { row: AppointmentRecord; outcome: CalendarOutcome } {
    const outcome = calendarChange(row);
    const removal = outcome.refused || row.google_event_id === null ? {} : { google_event_id: null, meeting_link: null };
    const previous = row.status;
    const next = appointments.update(row.id, { ...extra, ...statusPatch(row, 'cancelled'), ...removal });
    events.emit(row.account_id, 'appointment.cancelled', { appointment: present(next), previous_status: previous });
    return { row: next, outcome };
  }

  function centsOf(cost: number | string): number {
    const value = typeof cost === 'number' ? cost : Number(cost);
    const cents = Math.round(value * 100);
    if (Math.abs(cents - value * 100) > 1e-6) throw invalidParam('cost', 'cost takes at most two decimals.');
    return cents;
  }

  return {
    present,
    guards,
    book,

    get: (accountId: number, id: number): AppointmentData => present(get(accountId, id)),

    /** Every appointment of the account, oldest first (the overview analytics count them, 2.14). */
    records: (accountId: number): AppointmentRecord[] => [...appointments.ofAccount(accountId)],

    list(accountId: number, filters: ListAppointmentsFilters, page: PageRequest): Page<AppointmentData> {
      // The shortest of the filters' lists is walked; the other filter is checked per record.
      const lists: SortedIdView[] = [];
      if (filters.conversation_id !== undefined) lists.push(appointments.idsByIndex('conversation', String(filters.conversation_id)));
      if (filters.status !== undefined) lists.push(appointments.idsByIndex('status', `${accountId}:${filters.status}`));
      return pageFromWalk(
        newestFirstWalk(appointments.idsOfAccount(accountId), lists, cursorId(page), undefined),
        (id) => appointments.getOwned(accountId, id),
        page,
        (row) => (filters.status === undefined || row.status === filters.status) && (filters.conversation_id === undefined || row.conversation_id === filters.conversation_id),
        present,
      );
    },

    availability(accountId: number, query: { date: string; service_type?: string | undefined }): AvailabilityData {
      if (!isCalendarDate(query.date)) throw invalidParam('date', `${query.date} is not a calendar date.`);
      const rules = slotRules(accountId);
      const duration = durationFor(accountId, query.service_type);
      const slots = slotsOf(query.date, duration, busyOf(accountId), rules, guards);
      return { date: query.date, timezone: rules.zone, service_type: query.service_type ?? '', duration_minutes: duration, slots };
    },

    /**
     * PATCH: any fields but the time; `status` may be any of the five, from any state, with no
     * further condition (3.2), and 4.6 lists no error for it: neither a revival nor a longer
     * `duration_minutes` is refused for overlapping another booking (audit 12a, A2). Both then
     * block their time in availability, as every pending or confirmed appointment does.
     */
    patch(accountId: number, id: number, input: PatchAppointmentInput): AppointmentData {
      const row = get(accountId, id);
      refuseEmptyPatch(input, UPDATABLE_APPOINTMENT_FIELDS);
      refuseMissing(missingFields(accountId, input, true));
      const zone = input.timezone === undefined ? row.timezone : zoneOf(input.timezone, row.timezone);
      const changes: { -readonly [K in keyof AppointmentRecord]?: AppointmentRecord[K] } = {
        ...(input.customer ? { customer: { ...row.customer, ...blanksToNull(input.customer) } } : {}),
        ...(input.location ? { location: { ...row.location, ...input.location } } : {}),
        ...(input.service_type !== undefined ? { service_type: serviceOf(input.service_type) } : {}),
        ...(input.vehicle_info !== undefined ? { vehicle_info: input.vehicle_info } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.cost !== undefined ? { cost_cents: input.cost === null ? null : centsOf(input.cost) } : {}),
        timezone: zone,
      };
      if (input.duration_minutes !== undefined) changes.duration_minutes = input.duration_minutes;
      if (input.status === 'cancelled' && row.status !== 'cancelled') {
        const { row: next, outcome } = cancelInto(row, changes);
        return edited(next, outcome);
      }
      const revived = input.status !== undefined && isActive(input.status) && !isActive(row.status);
      const { fields: event, outcome } = revived ? onCalendar(row) : { fields: {}, outcome: calendarChange(row) };
      const statusChanges = input.status === undefined ? {} : statusPatch(row, input.status);
      const restored = revived ? { remind_at_ms: remindAt(accountId, row.start_ms), ...event } : {};
      return edited(appointments.update(row.id, { ...changes, ...statusChanges, ...restored }), outcome);
    },

    cancel(accountId: number, id: number): AppointmentData {
      const row = get(accountId, id);
      if (row.status === 'cancelled') throw new ApiError('already_cancelled', 'The appointment is already cancelled.');
      const { row: next, outcome } = cancelInto(row, {});
      return edited(next, outcome);
    },

    reschedule(accountId: number, id: number, input: RescheduleInput): AppointmentData {
      const row = get(accountId, id);
      if (!guards.rescheduleAllowed(row.status)) {
        throw new ApiError('not_active', `A ${row.status} appointment cannot be rescheduled; only pending or confirmed ones can.`);
      }
      const startMs = startOf(input.date, input.time, row.timezone);
      // Its own slot: nothing moves, so nothing follows (no event, DM or calendar call), as a
      // retried reschedule expects. The slot is not judged again: the appointment already holds it.
      if (startMs === row.start_ms) return present(row);
      assertSlot(accountId, startMs, row.duration_minutes, row.id);
      const { fields: event, outcome } = onCalendar(row);
      const previous = clock.iso(row.start_ms);
      const next = appointments.update(row.id, { start_ms: startMs, reminder_sent: false, remind_at_ms: remindAt(accountId, startMs), ...event });
      dm(next, `Your appointment has been moved to ${whenText(next)}. Confirmation code: ${next.confirmation_code}.`);
      events.emit(accountId, 'appointment.rescheduled', { appointment: present(next), previous_datetime: previous });
      return edited(next, outcome);
    },

    // ---- erasure cascades (4.2, 4.4): the only way an appointment goes ------------------------

    /** DELETE /conversations/{id}: its in-chat appointments go; answers how many. */
    eraseConversation(accountId: number, conversationId: number): { appointments: number } {
      let removed = 0;
      for (const id of [...appointments.idsByIndex('conversation', String(conversationId))]) {
        if (appointments.getOwned(accountId, id)) {
          appointments.remove(id);
          removed++;
        }
      }
      return { appointments: removed };
    },

    /** DELETE /contacts/{id}: every appointment of the contact goes. */
    eraseContact(accountId: number, contactId: number): void {
      for (const id of [...appointments.idsByIndex('contact', String(contactId))]) if (appointments.getOwned(accountId, id)) appointments.remove(id);
    },

    // ---- sandbox ---------------------------------------------------------------------------------

    calendarState(accountId: number): CalendarStateData {
      const calendar = needs.aiConfig.calendar(accountId);
      return { connected: calendar.connected, provider: calendar.provider, refuse_edits: refusing(accountId) };
    },

    setCalendar(accountId: number, input: { connected?: boolean | undefined; provider?: 'google' | 'microsoft' | undefined; refuse_edits?: boolean | undefined }): CalendarStateData {
      if (input.connected !== undefined || input.provider !== undefined) {
        const connect = input.connected ?? true;
        needs.aiConfig.setBooking(accountId, { calendar: { provider: connect ? (input.provider ?? 'google') : null } });
      }
      if (input.refuse_edits !== undefined) {
        const existing = faults.findUnique('account', String(accountId));
        if (existing) faults.update(existing.id, { refuse_edits: input.refuse_edits });
        else faults.insert({ id: store.nextId('appointment_calendar_fault'), account_id: accountId, refuse_edits: input.refuse_edits });
      }
      return this.calendarState(accountId);
    },

    isZone,

    /** Seeding: an appointment as given (any status, past or future), no rules, no events. */
    seedOne(accountId: number, input: SeedAppointmentInput): AppointmentRecord {
      const zone = input.timezone ?? needs.aiConfig.timezone(accountId);
      const date = addDays(wallClockOf(clock.now(), zone).date, input.in_days);
      const startMs = instantOf(date, input.time, zone);
      if (startMs === null) throw invalidParam('time', `${date} ${input.time} does not exist in ${zone}.`);
      const conversation = input.conversation ? needs.conversations.findByIdentity(accountId, input.conversation.channel, input.conversation.platform_user_id) : undefined;
      if (input.conversation && !conversation) throw invalidParam('conversation', `No seeded ${input.conversation.channel} conversation with ${input.conversation.platform_user_id}.`);
      const remind = isActive(input.status) ? remindAt(accountId, startMs) : null;
      const past = startMs <= clock.now();
      const id = store.nextId('appointment');
      const synced = isActive(input.status) ? calendarEventFor(accountId, id) : NO_EVENT;
      return appointments.insert({
        id,
        account_id: accountId,
        confirmation_code: confirmationCodeOf(id),
        conversation_id: conversation?.id ?? null,
        contact_id: conversation?.contact_id ?? null,
        channel: conversation?.channel ?? null,
        start_ms: startMs,
        timezone: zone,
        duration_minutes: input.duration_minutes ?? durationFor(accountId, input.service_type),
        service_type: serviceOf(input.service_type),
        cost_cents: input.cost === undefined ? null : centsOf(input.cost),
        status: input.status,
        ...synced,
        // A past appointment that was kept (completed, no-show) had its reminder.
        reminder_sent: past && (input.status === 'completed' || input.status === 'no_show'),
        remind_at_ms: remind,
        location: { city: input.location?.city ?? null, state: input.location?.state ?? null },
        customer: { name: input.customer.name, email: input.customer.email ?? null, phone: input.customer.phone ?? null, address: input.customer.address ?? null },
        vehicle_info: input.vehicle_info ?? null,
        notes: input.notes ?? null,
        send_dm: conversation !== undefined,
        created_at: clock.iso(clock.now() - parseDuration(input.created_ago ?? '3d')),
      });
    },
  };
}

export type AppointmentsModel = ReturnType<typeof createAppointmentsModel>;
