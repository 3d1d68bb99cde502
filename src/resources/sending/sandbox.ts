/**
 * Send failures on purpose: arm the next N sends to a recipient to fail with a chosen 7.2 error,
 * list and disarm them, and read the send audit (every routed POST /messages, sent or failed).
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { SendingModel } from './model.js';
import { SendAuditEntry, SendFault, SendFaultInput } from './schemas.js';

const power = powersFor<GroupContext<SendingModel>>();

export const sendingPowers = {
  failNextSends: power.account({
    operationId: 'sandboxArmSendFailures',
    method: 'POST',
    path: '/send-failures',
    summary: 'Make the next N sends to a recipient fail with a chosen 7.2 error',
    input: SendFaultInput,
    inputRequired: true,
    output: SendFault,
    status: 201,
    run: ({ accountId, input }, { model }) => model.armFault(accountId, input),
  }),
  sendFaults: power.account({
    operationId: 'sandboxListSendFailures',
    method: 'GET',
    path: '/send-failures',
    summary: 'Armed send failures not yet used up',
    output: z.array(SendFault),
    run: ({ accountId }, { model }) => model.faults.list(accountId),
  }),
  clearSendFaults: power.account({
    operationId: 'sandboxClearSendFailures',
    method: 'DELETE',
    path: '/send-failures',
    summary: 'Disarm every send failure of the account',
    output: z.object({ cleared: z.number().int() }),
    run: ({ accountId }, { model }) => ({ cleared: model.faults.clear(accountId) }),
    fn: (invoke) => (accountId: number): number => invoke({ accountId }).cleared,
  }),
  sends: power.account({
    operationId: 'sandboxListSends',
    method: 'GET',
    path: '/sends',
    summary: 'The send audit: every routed POST /messages, sent or failed, oldest first',
    output: z.array(SendAuditEntry),
    run: ({ accountId }, { model }) => model.sends(accountId),
  }),
};
