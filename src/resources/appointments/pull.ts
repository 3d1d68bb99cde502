/**
 * Appointments read back (`seed pull`). The seed places a booking relative to the seed time
 * (`in_days` from today in its zone, at its wall-clock `time`) and its creation `created_ago`,
 * so a pulled sandbox keeps every booking's weekday, time, zone, status, customer and link to
 * its conversation (by the conversation's channel and platform user, one GET each). Bookings
 * more than a year from the pull time fall outside what a seed can place and are left out.
 * Not readable, so not copied: the confirmation code, meeting link and calendar event id (the
 * sandbox makes its own), and whether a confirmation DM went out.
 */
import { DateTime } from 'luxon';
import { agoOf, pullList, type PullApi, type PullSpec } from '../../groups/pull.js';

interface AppointmentView {
  id: number;
  conversation_id: number | null;
  datetime: string;
  timezone: string;
  duration_minutes: number;
  service_type: string | null;
  cost: string | null;
  status: string;
  location: { city: string | null; state: string | null };
  customer: { name: string | null; email: string | null; phone: string | null; address: string | null };
  vehicle_info: string | null;
  notes: string | null;
  created_at: string;
}

const MAX_DAYS = 365;
/** The cost an appointment answers when none was given. */
const NO_COST = '0.00';

/** Whole days between the pull day and the booking day, both as dates in the booking's zone. */
function placement(api: PullApi, view: AppointmentView): { in_days: number; time: string } | undefined {
  const start = DateTime.fromISO(view.datetime, { zone: view.timezone });
  const today = DateTime.fromMillis(api.startedAtMs, { zone: view.timezone }).startOf('day');
  if (!start.isValid || !today.isValid) return undefined;
  const inDays = Math.round(start.startOf('day').diff(today, 'days').days);
  if (Math.abs(inDays) > MAX_DAYS) return undefined;
  return { in_days: inDays, time: start.toFormat('HH:mm') };
}

const defined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== null && inner !== undefined)) as Partial<T>;

async function seedAppointment(view: AppointmentView, api: PullApi) {
  const at = placement(api, view);
  if (!at) return undefined;
  const conversation =
    view.conversation_id === null ? undefined : await api.get<{ channel: string; platform_user_id: string }>(`/conversations/${view.conversation_id}`);
  const location = defined(view.location);
  return {
    ...at,
    timezone: view.timezone,
    status: view.status,
    duration_minutes: view.duration_minutes,
    // "" and "0.00" are how the API answers none named / none given (audit 12a, A1); a seed
    // leaves them out (the seeded booking answers them the same). null: a target that says so.
    ...(view.service_type !== null && view.service_type !== '' ? { service_type: view.service_type } : {}),
    ...(view.cost !== null && view.cost !== NO_COST ? { cost: view.cost } : {}),
    customer: { name: view.customer.name ?? '', ...defined({ email: view.customer.email, phone: view.customer.phone, address: view.customer.address }) },
    ...(Object.keys(location).length > 0 ? { location } : {}),
    ...(conversation ? { conversation: { channel: conversation.channel, platform_user_id: conversation.platform_user_id } } : {}),
    // "" is how the API answers no notes (docs/decisions.md, audit 7 M2); a seed leaves them out.
    ...(view.notes !== null && view.notes !== '' ? { notes: view.notes } : {}),
    ...(view.vehicle_info !== null ? { vehicle_info: view.vehicle_info } : {}),
    created_ago: agoOf(api, view.created_at),
  };
}

export const appointmentPull: PullSpec = {
  sections: [pullList<AppointmentView>({ field: 'appointments', list: '/appointments', map: seedAppointment, requestsPerRecord: 1 })],
};
