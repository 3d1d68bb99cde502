/**
 * The customer writes in (sandbox): creates the contact and conversation if new, opens the
 * messaging window, reopens a resolved thread, emits message.received; on SMS, STOP and START
 * opt the number out and back in. A blocked sender's message is dropped, as the platform does.
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import { Conversation } from '../conversations/schemas.js';
import { InboundMessageInput, Message } from '../messages/schemas.js';
import { OptOut } from '../opt-outs/schemas.js';
import type { InboundModel } from './model.js';

const power = powersFor<GroupContext<InboundModel>>();

export const InboundResultSchema = z.union([
  z.object({ delivered: z.literal(false), reason: z.literal('blocked'), blocked_user_id: z.number().int() }),
  z.object({
    delivered: z.literal(true),
    contact_id: z.number().int(),
    contact_created: z.boolean(),
    conversation_created: z.boolean(),
    conversation: Conversation,
    message: Message,
    window_expires_at: z.string().nullable(),
    opt_out: OptOut.nullable(),
  }),
]);

export const inboundPowers = {
  inbound: power.account({
    operationId: 'sandboxInbound',
    method: 'POST',
    path: '/inbound',
    summary: 'A customer writes in: creates contact and conversation if new, opens the window, emits message.received',
    input: InboundMessageInput,
    inputRequired: true,
    output: InboundResultSchema,
    run: ({ accountId, input }, { model }) => model.receive(accountId, input),
  }),
};
