/** Appointment rules the conformance kit must catch when broken (its teeth test). */
import { DateTime } from 'luxon';
import type { GroupMutant } from '../../groups/define.js';
import type { AppointmentsModel, AppointmentsNeeds } from './model.js';

type Guards = AppointmentsModel['guards'];

function swap<K extends keyof Guards>(key: K, replacement: Guards[K]): GroupMutant<AppointmentsModel, AppointmentsNeeds>['install'] {
  return ({ model }) => {
    const original = model.guards[key];
    model.guards[key] = replacement;
    return () => {
      model.guards[key] = original;
    };
  };
}

export const appointmentMutants: Readonly<Record<string, GroupMutant<AppointmentsModel, AppointmentsNeeds>>> = {
  appointment_overlap_allowed: {
    description: 'Bookings may overlap: a taken slot stays offered and can be booked again.',
    install: swap('isFree', () => true),
  },
  appointment_notice_ignored: {
    description: 'The minimum notice is ignored: slots (and bookings) right after now are allowed.',
    install: swap('withinWindow', (startMs, rules) => startMs > rules.nowMs && startMs <= rules.nowMs + rules.maxAdvanceDays * 86_400_000),
  },
  appointment_dst_ignored: {
    description: 'Daylight saving is ignored: wall-clock times convert with the zone standard offset all year.',
    install: swap('instantOf', (date, time, zone) => {
      const [year] = date.split('-').map(Number) as [number];
      const standard = Math.min(
        DateTime.fromObject({ year, month: 1, day: 1 }, { zone }).offset,
        DateTime.fromObject({ year, month: 7, day: 1 }, { zone }).offset,
      );
      const asUtc = DateTime.fromISO(`${date}T${time}`, { zone: 'UTC' });
      return asUtc.isValid ? asUtc.toMillis() - standard * 60_000 : null;
    }),
  },
  appointment_reschedule_cancelled: {
    description: 'A cancelled, completed or no-show appointment can be rescheduled.',
    install: swap('rescheduleAllowed', () => true),
  },
  appointment_revival_without_event: {
    description: 'An appointment brought back from cancelled (or rescheduled) without a calendar event stays without one.',
    install: swap('lacksEvent', () => false),
  },
};
