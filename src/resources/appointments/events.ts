/** The appointment events (section 6). Customer details and notes are customer text. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { Timestamp } from '../shared/schemas.js';
import { Appointment, AppointmentStatus } from './schemas.js';

const textFields = ['customer', 'notes', 'vehicle_info'];

export const appointmentEvents = [
  defineEvent('appointment.booked', 'POST /appointments booked a slot.', 'spec', z.object({ appointment: Appointment }), { textFields }),
  defineEvent(
    'appointment.cancelled',
    'POST /appointments/{id}/cancel, or PATCH to cancelled.',
    'spec',
    z.object({ appointment: Appointment, previous_status: AppointmentStatus }),
    { textFields },
  ),
  defineEvent(
    'appointment.rescheduled',
    'POST /appointments/{id}/reschedule moved an appointment.',
    'spec',
    z.object({ appointment: Appointment, previous_datetime: Timestamp }),
    { textFields },
  ),
];
