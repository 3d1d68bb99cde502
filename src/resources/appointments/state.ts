/** The 3.2 appointment states: which hold time in the calendar and which may be rescheduled. */
import type { AppointmentStatusValue } from './schemas.js';

/** Pending and confirmed appointments hold their slot (and get reminders). */
export const ACTIVE_STATUSES: ReadonlySet<AppointmentStatusValue> = new Set(['pending', 'confirmed']);
export const isActive = (status: AppointmentStatusValue): boolean => ACTIVE_STATUSES.has(status);

/** Reschedule: pending or confirmed only; cancelled, completed and no-show give 409 not_active. */
export const RESCHEDULABLE: ReadonlySet<AppointmentStatusValue> = ACTIVE_STATUSES;
