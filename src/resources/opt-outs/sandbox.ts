/**
 * The customer's side of opt-outs: any opt-out as the customer would record it (SMS STOP/START,
 * Meta opt-outs by scope), and SMS STOP or START from one number.
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { OptOutsModel } from './model.js';
import { OptOut, OptOutInput } from './schemas.js';

const power = powersFor<GroupContext<OptOutsModel>>();

const SmsNumber = z.strictObject({ platform_user_id: z.string().min(1).max(255).describe('The phone number.') });

export const optOutPowers = {
  optOut: power.account({
    operationId: 'sandboxOptOut',
    method: 'POST',
    path: '/opt-outs',
    summary: 'Record an opt-out as the customer would (SMS STOP/START, Meta opt-outs by scope)',
    description: 'SMS START for a number that never stopped changes nothing and answers null.',
    input: OptOutInput,
    inputRequired: true,
    output: OptOut.nullable(),
    run: ({ accountId, input }, { model }) => {
      const row = model.record(accountId, input);
      return row ? model.present(row) : null;
    },
  }),
  smsStop: power.account({
    operationId: 'sandboxSmsStop',
    method: 'POST',
    path: '/opt-outs/sms/stop',
    summary: 'SMS STOP from this number (as an inbound SMS whose text is STOP would)',
    input: SmsNumber,
    inputRequired: true,
    output: OptOut,
    run: ({ accountId, input }, { model }) => model.present(model.smsStop(accountId, input.platform_user_id)),
    fn: (invoke) => (accountId: number, phone: string) => invoke({ accountId, input: { platform_user_id: phone } }),
  }),
  smsStart: power.account({
    operationId: 'sandboxSmsStart',
    method: 'POST',
    path: '/opt-outs/sms/start',
    summary: 'SMS START from this number; null when it never stopped',
    input: SmsNumber,
    inputRequired: true,
    output: OptOut.nullable(),
    run: ({ accountId, input }, { model }) => {
      const row = model.smsStart(accountId, input.platform_user_id);
      return row ? model.present(row) : null;
    },
    fn: (invoke) => (accountId: number, phone: string) => invoke({ accountId, input: { platform_user_id: phone } }),
  }),
};
