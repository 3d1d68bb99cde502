/** Calendar sync as sandbox state: connect or disconnect a calendar, and the refusal fault. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { AppointmentsModel } from './model.js';
import { CalendarState, CalendarStateInput } from './schemas.js';

const power = powersFor<GroupContext<AppointmentsModel>>();

export const appointmentPowers = {
  appointmentCalendar: power.account({
    operationId: 'sandboxGetAppointmentCalendar',
    method: 'GET',
    path: '/appointments/calendar',
    summary: 'The calendar bookings sync to, and whether it refuses changes',
    output: CalendarState,
    run: ({ accountId }, { model }) => model.calendarState(accountId),
  }),
  setAppointmentCalendar: power.account({
    operationId: 'sandboxSetAppointmentCalendar',
    method: 'POST',
    path: '/appointments/calendar',
    summary: 'Connect or disconnect the calendar; refuse_edits makes it refuse every change (responses carry sync_warning)',
    input: CalendarStateInput,
    inputRequired: true,
    output: CalendarState,
    run: ({ accountId, input }, { model }) => model.setCalendar(accountId, input),
  }),
};
