/**
 * Sandbox powers of the flow runtime: what a customer does besides typing (typing goes through
 * `/_sandbox/inbound`): tap a postback button, click a url button, tap a persistent-menu button,
 * arrive through a ref link, QR code or ad; and fire due timers now. A postback or a referral is
 * the customer acting, so it opens the messaging window (docs/decisions.md, "Flow runtime seams",
 * L3); a postback is also the customer's transcript line of type `postback` (the button's title).
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import type { RuntimeModel } from './model.js';
import { FlowSession } from './schemas.js';

const power = powersFor<GroupContext<RuntimeModel>>();

const SessionParams = z.object({ id: z.string().regex(/^\d{1,15}$/).transform(Number).describe('Flow session id.') });
const ButtonNumber = z.number().int().min(1).max(3).describe('1-based position among the message’s buttons of that kind.');
const Started = z.object({ session: FlowSession.nullable().describe('The session started, or null when no active flow matched.') });

export const runtimePowers = {
  flowSessions: {
    tap: power.account({
      operationId: 'sandboxFlowSessionTap',
      method: 'POST',
      path: '/flow-sessions/{id}/tap',
      summary: 'The customer taps the n-th postback button of the message the session waits on',
      params: SessionParams,
      input: z.strictObject({ button: ButtonNumber }),
      inputRequired: true,
      output: FlowSession,
      run: ({ accountId, params, input }, { model }) => model.presentSession(model.tap(accountId, params.id, input.button)),
    }),
    click: power.account({
      operationId: 'sandboxFlowSessionClick',
      method: 'POST',
      path: '/flow-sessions/{id}/click',
      summary: 'The customer clicks the n-th url button of a message node the session went through (link_clicked)',
      params: SessionParams,
      input: z.strictObject({ node_id: z.string().min(1).max(64), button: ButtonNumber }),
      inputRequired: true,
      output: FlowSession,
      run: ({ accountId, params, input }, { model }) => model.presentSession(model.click(accountId, params.id, input.node_id, input.button)),
    }),
    postback: power.account({
      operationId: 'sandboxFlowPostback',
      method: 'POST',
      path: '/flow-runtime/postback',
      summary: 'A persistent-menu button (postback payload) is tapped in a conversation: opens the messaging window, starts a button_tap flow',
      input: z.strictObject({ conversation_id: z.number().int().positive(), payload: z.string().regex(/^[A-Z0-9_]{1,64}$/) }),
      inputRequired: true,
      output: Started,
      run: ({ accountId, input }, { model }) => {
        const session = model.stimulate(accountId, input.conversation_id, { kind: 'postback', payload: input.payload });
        return { session: session ? model.presentSession(session) : null };
      },
    }),
    referral: power.account({
      operationId: 'sandboxFlowReferral',
      method: 'POST',
      path: '/flow-runtime/referral',
      summary: 'The customer arrives through a ref link or QR code (ref) or a click-to-message ad (ad_id): opens the messaging window, starts the matching flow',
      input: z
        .strictObject({
          conversation_id: z.number().int().positive(),
          ref: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/).optional(),
          ad_id: z.string().regex(/^\d{1,32}$/).optional(),
        })
        .refine((body) => (body.ref === undefined) !== (body.ad_id === undefined), { message: 'give exactly one of ref, ad_id', path: ['ref'] }),
      inputRequired: true,
      output: Started,
      run: ({ accountId, input }, { model }) => {
        const session = model.stimulate(accountId, input.conversation_id, { kind: 'referral', ref: input.ref ?? null, ad_id: input.ad_id ?? null });
        return { session: session ? model.presentSession(session) : null };
      },
    }),
  },
};
