/**
 * What the portal owns of the AI configuration, as sandbox state: business hours, booking
 * timing and the connected calendar (read-only through the API), and publish failures of the
 * conversation starters (so `starters.published.*_error` can be exercised).
 */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { AiConfigModel } from './model.js';
import { BookingStateInputBody, BookingStateSchema, PublishFaultsBody, PublishFaultsSchema } from './sandbox-schemas.js';

const power = powersFor<GroupContext<AiConfigModel>>();

export const aiConfigPowers = {
  aiBooking: power.account({
    operationId: 'sandboxGetAiBooking',
    method: 'GET',
    path: '/ai/booking',
    summary: 'The booking settings the portal owns: business hours, timing, time zone, calendar',
    output: BookingStateSchema,
    run: ({ accountId }, { model }) => model.bookingState(accountId),
  }),
  setAiBooking: power.account({
    operationId: 'sandboxSetAiBooking',
    method: 'POST',
    path: '/ai/booking',
    summary: 'Set business hours, booking timing or the connected calendar (null disconnects it and turns Meet invites off)',
    input: BookingStateInputBody,
    inputRequired: true,
    output: BookingStateSchema,
    run: ({ accountId, input }, { model }) => model.setBooking(accountId, input),
  }),
  setStarterPublishFaults: power.account({
    operationId: 'sandboxSetStarterPublishFaults',
    method: 'POST',
    path: '/ai/starters/publish-faults',
    summary: 'Make the next starter publishes to a platform fail with this message (null clears)',
    input: PublishFaultsBody,
    inputRequired: true,
    output: PublishFaultsSchema,
    run: ({ accountId, input }, { model }) => model.setPublishFaults(accountId, input),
  }),
};
