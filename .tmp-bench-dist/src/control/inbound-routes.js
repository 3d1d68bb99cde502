/**
 * The customer's side of the sandbox (issue 4), mounted at `/_sandbox`: inbound messages, SMS
 * STOP/START and other opt-outs, channel connection state, armed send failures, threads seeded in
 * any state, and invitation acceptance. Each route acts on the caller's account.
 *
 * `messagingSandbox(app)` holds the operations; the routes and `sim.sandbox` (api.ts) both call
 * it, so the two surfaces cannot drift apart.
 */
import { z } from 'zod';
import { invalidParam } from '../core/errors.js';
import { created, ok } from '../core/route.js';
import { parseOrThrow } from '../core/validate.js';
import { defineRoute } from '../resources/app.js';
import { ChannelConnection, ChannelParams, SetChannelBody } from '../resources/channels/schemas.js';
import { Conversation, SeedConversationInput, SystemStateInput } from '../resources/conversations/schemas.js';
import { InboundMessageInput, Message } from '../resources/messages/schemas.js';
import { OptOut, OptOutInput } from '../resources/opt-outs/schemas.js';
import { SEND_FAULT_CODES, SendFaultInput } from '../resources/sending/schemas.js';
import { IdParams } from '../resources/shared/schemas.js';
import { TeamMember } from '../resources/team/schemas.js';
const base = { tag: 'Sandbox control', section: 'sandbox', scope: 'admin', scopeSource: 'assumption' };
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
/** The operations behind the routes and `sim.sandbox`; inputs are parsed with the same schemas. */
export function messagingSandbox(app) {
    const models = app.models;
    return {
        inbound(accountId, input) {
            return models.inbound.receive(accountId, parseOrThrow(InboundMessageInput, input, 'body'));
        },
        /** SMS STOP / START and Meta opt-outs. START for a number that never stopped returns null. */
        optOut(accountId, input) {
            const parsed = parseOrThrow(OptOutInput, input, 'body');
            if (parsed.channel === 'sms') {
                const row = parsed.status === 'opted_out'
                    ? models.optOuts.smsStop(accountId, parsed.platform_user_id)
                    : models.optOuts.smsStart(accountId, parsed.platform_user_id);
                return row ? models.optOuts.present(row) : null;
            }
            const row = models.optOuts.metaOptOut(accountId, {
                channel: parsed.channel,
                identifier: parsed.platform_user_id,
                scope: parsed.scope ?? 'all',
                method: parsed.method ?? null,
                keyword: parsed.keyword ?? null,
            });
            return models.optOuts.present(row);
        },
        channels: (accountId) => models.channels.list(accountId),
        setChannel(accountId, channel, input) {
            const parsed = parseOrThrow(SetChannelBody, input, 'body');
            return models.channels.set(accountId, parseOrThrow(ChannelParams, { channel }, 'channel').channel, {
                ...(parsed.connected !== undefined ? { connected: parsed.connected } : {}),
                ...(parsed.messaging_permitted !== undefined ? { messaging_permitted: parsed.messaging_permitted } : {}),
            });
        },
        failNextSends(accountId, input) {
            const parsed = parseOrThrow(SendFaultInput, input, 'body');
            let channel = parsed.channel;
            let platformUserId = parsed.platform_user_id;
            if (parsed.conversation_id !== undefined) {
                const conversation = models.conversations.find(accountId, parsed.conversation_id);
                if (!conversation)
                    throw invalidParam('conversation_id', `No conversation has id ${parsed.conversation_id}.`);
                channel = conversation.channel;
                platformUserId = conversation.platform_user_id;
            }
            return models.sending.faults.arm(accountId, channel, platformUserId, parsed.error, parsed.count);
        },
        sendFaults: (accountId) => models.sending.faults.list(accountId),
        clearSendFaults: (accountId) => models.sending.faults.clear(accountId),
        /** The send audit: every routed send, sent or failed (what the analytics count). */
        sends: (accountId) => models.sending.audit.list(accountId).map((row) => ({
            id: row.id,
            at: app.clock.iso(row.at_ms),
            channel: row.channel,
            platform_user_id: row.platform_user_id,
            action: row.action,
            conversation_id: row.conversation_id,
            idempotency_key: row.idempotency_key,
            outcome: row.outcome,
            error_code: row.error_code,
            cold_created: row.cold_created,
        })),
        seedConversation(accountId, input) {
            const conversation = models.conversationSandbox.create(accountId, parseOrThrow(SeedConversationInput, input, 'body'));
            return models.conversations.present(conversation);
        },
        setConversationState(accountId, id, input) {
            const conversation = models.conversationSandbox.setState(accountId, id, parseOrThrow(SystemStateInput, input, 'body'));
            return models.conversations.present(conversation);
        },
        acceptInvitation(accountId, id) {
            const member = models.invitations.accept(accountId, id);
            return models.team.present(member, models.conversations.activeCountFor(accountId, member.id));
        },
    };
}
export const inboundControlRoutes = [
    defineRoute({
        ...base,
        operationId: 'sandboxInbound',
        method: 'POST',
        path: '/inbound',
        summary: 'A customer writes in: creates contact and conversation if new, opens the window, emits message.received',
        body: z.unknown(),
        bodyRequired: true,
        success: { statuses: [200], schema: InboundResultSchema, envelope: 'data' },
        handler: ({ app, caller, body }) => ok(messagingSandbox(app).inbound(caller.accountId, body)),
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
        handler: ({ app, caller, body }) => ok(messagingSandbox(app).optOut(caller.accountId, body)),
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
        handler: ({ app, caller, params, body }) => ok(messagingSandbox(app).setChannel(caller.accountId, params.channel, body)),
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
        handler: ({ app, caller, body }) => created(messagingSandbox(app).failNextSends(caller.accountId, body)),
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
        handler: ({ app, caller, body }) => created(messagingSandbox(app).seedConversation(caller.accountId, body)),
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
        handler: ({ app, caller, params, body }) => ok(messagingSandbox(app).setConversationState(caller.accountId, params.id, body)),
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
/**
 * `sim.sandbox` functions for the customer's side. Each runs in one store transaction (all or
 * nothing) and throws the same `ApiError` the matching route answers with.
 */
export function messagingSandboxApi(app) {
    const ops = messagingSandbox(app);
    const tx = (work) => app.store.transaction(work);
    return {
        /** A customer writes in (POST /_sandbox/inbound). */
        inbound: (accountId, input) => tx(() => ops.inbound(accountId, input)),
        /** SMS STOP from this number (also: an inbound SMS whose text is STOP). */
        smsStop: (accountId, phone) => tx(() => ops.optOut(accountId, { channel: 'sms', platform_user_id: phone })),
        /** SMS START from this number; null when it never stopped. */
        smsStart: (accountId, phone) => tx(() => ops.optOut(accountId, { channel: 'sms', platform_user_id: phone, status: 'opted_in' })),
        /** Any opt-out (POST /_sandbox/opt-outs). */
        optOut: (accountId, input) => tx(() => ops.optOut(accountId, input)),
        channels: (accountId) => ops.channels(accountId),
        setChannel: (accountId, channel, input) => tx(() => ops.setChannel(accountId, channel, input)),
        /** The next `count` sends to the recipient fail with `error` (POST /_sandbox/send-failures). */
        failNextSends: (accountId, input) => tx(() => ops.failNextSends(accountId, input)),
        sendFaults: (accountId) => ops.sendFaults(accountId),
        clearSendFaults: (accountId) => tx(() => ops.clearSendFaults(accountId)),
        sends: (accountId) => ops.sends(accountId),
        seedConversation: (accountId, input) => tx(() => ops.seedConversation(accountId, input)),
        setConversationState: (accountId, id, input) => tx(() => ops.setConversationState(accountId, id, input)),
        acceptInvitation: (accountId, id) => tx(() => ops.acceptInvitation(accountId, id)),
    };
}
//# sourceMappingURL=inbound-routes.js.map