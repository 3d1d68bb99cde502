/**
 * The customer's side of the sandbox (issue 4), mounted at `/_sandbox`: inbound messages, SMS
 * STOP/START and other opt-outs, channel connection state, armed send failures, threads seeded in
 * any state, and invitation acceptance. Each route acts on the caller's account.
 *
 * The operations live in inbound-api.ts, shared with `sim.sandbox`.
 */
import { z } from 'zod';
import { created, ok } from '../core/route.js';
import { defineRoute, type AppRoute } from '../resources/app.js';
import { ChannelConnection, ChannelParams, SetChannelBody } from '../resources/channels/schemas.js';
import { Conversation, SeedConversationInput, SystemStateInput } from '../resources/conversations/schemas.js';
import { InboundMessageInput, Message } from '../resources/messages/schemas.js';
import { OptOut, OptOutInput } from '../resources/opt-outs/schemas.js';
import { SEND_FAULT_CODES, SendFaultInput } from '../resources/sending/schemas.js';
import { IdParams } from '../resources/shared/schemas.js';
import { TeamMember } from '../resources/team/schemas.js';
import { messagingSandbox } from './inbound-api.js';

const base = { tag: 'Sandbox control', section: 'sandbox', scope: 'admin', scopeSource: 'assumption' } as const;

const InboundResultSchema = z.union([
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

const SendFault = z.object({
  id: z.number().int(),
  channel: z.string(),
  platform_user_id: z.string(),
  error: z.enum(SEND_FAULT_CODES),
  remaining: z.number().int(),
  created_at: z.string(),
});

const SendAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  channel: z.string(),
  platform_user_id: z.string(),
  action: z.string(),
  conversation_id: z.number().int().nullable(),
  idempotency_key: z.string(),
  outcome: z.enum(['sent', 'failed']),
  error_code: z.string().nullable(),
  cold_created: z.boolean(),
});

export const inboundControlRoutes: AppRoute[] = [
  defineRoute({
    ...base,
    operationId: 'sandboxInbound',
    method: 'POST',
    path: '/inbound',
    summary: 'A customer writes in: creates contact and conversation if new, opens the window, emits message.received',
    body: z.unknown(),
    bodyRequired: true,
    success: { statuses: [200], schema: InboundResultSchema, envelope: 'data' },
    handler: ({ app, caller, body }) => ok(messagingSandbox(app).inbound(caller.accountId, body as z.input<typeof InboundMessageInput>)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxOptOut',
    method: 'POST',
    path: '/opt-outs',
    summary: 'Record an opt-out as the customer would (SMS STOP/START, Meta opt-outs by scope)',
    body: z.unknown(),
    bodyRequired: true,
    success: { statuses: [200], schema: OptOut.nullable(), envelope: 'data' },
    handler: ({ app, caller, body }) => ok(messagingSandbox(app).optOut(caller.accountId, body as z.input<typeof OptOutInput>)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxListChannels',
    method: 'GET',
    path: '/channels',
    summary: 'Connection state and window length of every channel',
    success: { statuses: [200], schema: z.array(ChannelConnection), envelope: 'data' },
    handler: ({ app, caller }) => ok(messagingSandbox(app).channels(caller.accountId)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxSetChannel',
    method: 'POST',
    path: '/channels/{channel}',
    summary: 'Connect or disconnect a channel (412 not_provisioned / 409 not_connected) or withdraw its messaging permission (403)',
    params: ChannelParams,
    body: z.unknown(),
    bodyRequired: true,
    success: { statuses: [200], schema: ChannelConnection, envelope: 'data' },
    handler: ({ app, caller, params, body }) =>
      ok(messagingSandbox(app).setChannel(caller.accountId, params.channel, body as z.input<typeof SetChannelBody>)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxArmSendFailures',
    method: 'POST',
    path: '/send-failures',
    summary: 'Make the next N sends to a recipient fail with a chosen 7.2 error',
    body: z.unknown(),
    bodyRequired: true,
    success: { statuses: [201], schema: SendFault, envelope: 'data' },
    handler: ({ app, caller, body }) => created(messagingSandbox(app).failNextSends(caller.accountId, body as z.input<typeof SendFaultInput>)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxListSendFailures',
    method: 'GET',
    path: '/send-failures',
    summary: 'Armed send failures not yet used up',
    success: { statuses: [200], schema: z.array(SendFault), envelope: 'data' },
    handler: ({ app, caller }) => ok(messagingSandbox(app).sendFaults(caller.accountId)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxClearSendFailures',
    method: 'DELETE',
    path: '/send-failures',
    summary: 'Disarm every send failure of the account',
    success: { statuses: [200], schema: z.object({ cleared: z.number().int() }), envelope: 'data' },
    handler: ({ app, caller }) => ok({ cleared: messagingSandbox(app).clearSendFaults(caller.accountId) }),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxListSends',
    method: 'GET',
    path: '/sends',
    summary: 'The send audit: every routed POST /messages, sent or failed, oldest first',
    success: { statuses: [200], schema: z.array(SendAuditEntry), envelope: 'data' },
    handler: ({ app, caller }) => ok(messagingSandbox(app).sends(caller.accountId)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxSeedConversation',
    method: 'POST',
    path: '/conversations',
    summary: 'Create a thread in any state (pending, escalated, paused...) with a transcript in the past',
    body: z.unknown(),
    bodyRequired: true,
    success: { statuses: [201], schema: Conversation, envelope: 'data' },
    handler: ({ app, caller, body }) =>
      created(messagingSandbox(app).seedConversation(caller.accountId, body as z.input<typeof SeedConversationInput>)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxSetConversationState',
    method: 'PATCH',
    path: '/conversations/{id}',
    summary: 'Set what only the system sets: any status, any AI pause reason, the messaging window',
    params: IdParams,
    body: z.unknown(),
    bodyRequired: true,
    success: { statuses: [200], schema: Conversation, envelope: 'data' },
    handler: ({ app, caller, params, body }) =>
      ok(messagingSandbox(app).setConversationState(caller.accountId, params.id, body as z.input<typeof SystemStateInput>)),
  }),
  defineRoute({
    ...base,
    operationId: 'sandboxAcceptInvitation',
    method: 'POST',
    path: '/team/invitations/{id}/accept',
    summary: 'The invitee accepts: a team member is created and the seat passes to them',
    params: IdParams,
    success: { statuses: [201], schema: TeamMember, envelope: 'data' },
    handler: ({ app, caller, params }) => created(messagingSandbox(app).acceptInvitation(caller.accountId, params.id)),
  }),
];
