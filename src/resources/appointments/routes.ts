/** HTTP for appointments and availability (4.6): a few lines per route, the rules are the model's. */
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import type { AppointmentsModel } from './model.js';
import {
  Appointment,
  Availability,
  AvailabilityQuery,
  CreateAppointmentBody,
  ListAppointmentsQuery,
  PatchAppointmentBody,
  RescheduleBody,
} from './schemas.js';

const tag = 'Appointments';
const route = routesFor<AppointmentsModel>();

export const appointmentRoutes = [
  route({
    operationId: 'listAppointments',
    method: 'GET',
    path: '/appointments',
    tag,
    summary: 'Appointments newest first; status is free text (an unknown one gives an empty list)',
    section: '4.6',
    scope: 'read',
    scopeSource: 'assumption',
    query: ListAppointmentsQuery,
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: Appointment, envelope: 'list' },
    handler: ({ caller, query, page }, { model }) => listResult(model.list(caller.accountId, query, page)),
  }),

  route({
    operationId: 'getAvailability',
    method: 'GET',
    path: '/appointments/availability',
    tag,
    summary: 'Free slots of a date (account time zone): business hours minus bookings, stepped by duration plus buffer',
    section: '4.6',
    scope: 'read',
    scopeSource: 'assumption',
    query: AvailabilityQuery,
    success: { statuses: [200], schema: Availability, envelope: 'data' },
    handler: ({ caller, query }, { model }) => ok(model.availability(caller.accountId, query)),
  }),

  route({
    operationId: 'getAppointment',
    method: 'GET',
    path: '/appointments/{id}',
    tag,
    summary: 'One appointment; unknown or unowned gives 404',
    section: '4.6',
    scope: 'read',
    scopeSource: 'assumption',
    params: IdParams,
    success: { statuses: [200], schema: Appointment, envelope: 'data' },
    handler: ({ caller, params }, { model }) => ok(model.get(caller.accountId, params.id)),
  }),

  route({
    operationId: 'createAppointment',
    method: 'POST',
    path: '/appointments',
    tag,
    summary: 'Book a slot (201, confirmed); 422 missing_fields, 409 slot_unavailable, 400 for a past time',
    section: '4.6',
    scope: 'write',
    scopeSource: 'spec',
    body: CreateAppointmentBody,
    bodyRequired: true,
    success: { statuses: [201], schema: Appointment, envelope: 'data' },
    errors: ['missing_fields', 'slot_unavailable'],
    handler: ({ caller, body }, { model }) => created(model.book(caller.accountId, body)),
  }),

  route({
    operationId: 'updateAppointment',
    method: 'PATCH',
    path: '/appointments/{id}',
    tag,
    summary: 'Change details or status (any of the five); no date accepted (reschedule moves it)',
    section: '4.6',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: PatchAppointmentBody,
    bodyRequired: true,
    success: { statuses: [200], schema: Appointment, envelope: 'data' },
    errors: ['missing_fields'],
    handler: ({ caller, params, body }, { model }) => ok(model.patch(caller.accountId, params.id, body)),
  }),

  route({
    operationId: 'cancelAppointment',
    method: 'POST',
    path: '/appointments/{id}/cancel',
    tag,
    summary: 'Cancel; 409 already_cancelled',
    section: '4.6',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: EmptyBody,
    success: { statuses: [200], schema: Appointment, envelope: 'data' },
    errors: ['already_cancelled'],
    handler: ({ caller, params }, { model }) => ok(model.cancel(caller.accountId, params.id)),
  }),

  route({
    operationId: 'rescheduleAppointment',
    method: 'POST',
    path: '/appointments/{id}/reschedule',
    tag,
    summary: "Move to a new date and time in the appointment's zone; 409 slot_unavailable or not_active",
    description:
      "Booked from a conversation (and not with send_confirmation false), the move is DMed there when a message could reach the customer now (the POST /messages checks: channel, opt-out, block, window); otherwise no DM, and the move still stands.",
    section: '4.6',
    scope: 'write',
    scopeSource: 'assumption',
    params: IdParams,
    body: RescheduleBody,
    bodyRequired: true,
    success: { statuses: [200], schema: Appointment, envelope: 'data' },
    errors: ['slot_unavailable', 'not_active'],
    handler: ({ caller, params, body }, { model }) => ok(model.reschedule(caller.accountId, params.id, body)),
  }),
];
