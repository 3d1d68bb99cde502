/**
 * The customer's side of the sandbox as operations: the `/_sandbox` routes of inbound-routes.ts
 * and the `sim.sandbox` functions both call these, so the two surfaces cannot drift apart.
 * Inputs are parsed with the same schemas either way.
 */
import type { z } from 'zod';
import { invalidParam } from '../core/errors.js';
import { parseOrThrow } from '../core/validate.js';
import type { Channel } from '../core/types.js';
import type { App } from '../resources/app.js';
import { ChannelParams, SetChannelBody } from '../resources/channels/schemas.js';
import { SeedConversationInput, SystemStateInput } from '../resources/conversations/schemas.js';
import type { InboundResult } from '../resources/messages/inbound.js';
import { InboundMessageInput } from '../resources/messages/schemas.js';
import { OptOutInput, type OptOutData } from '../resources/opt-outs/schemas.js';
import { SendFaultInput } from '../resources/sending/schemas.js';

/** The operations behind the routes and `sim.sandbox`; inputs are parsed with the same schemas. */
export function messagingSandbox(app: App) {
  const models = app.models;
  return {
    inbound(accountId: number, input: z.input<typeof InboundMessageInput>): InboundResult {
      return models.inbound.receive(accountId, parseOrThrow(InboundMessageInput, input, 'body'));
    },

    /** SMS STOP / START and Meta opt-outs. START for a number that never stopped returns null. */
    optOut(accountId: number, input: z.input<typeof OptOutInput>): OptOutData | null {
      const parsed = parseOrThrow(OptOutInput, input, 'body');
      if (parsed.channel === 'sms') {
        const row =
          parsed.status === 'opted_out'
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

    channels: (accountId: number) => models.channels.list(accountId),

    setChannel(accountId: number, channel: Channel, input: z.input<typeof SetChannelBody>) {
      const parsed = parseOrThrow(SetChannelBody, input, 'body');
      return models.channels.set(accountId, parseOrThrow(ChannelParams, { channel }, 'channel').channel, {
        ...(parsed.connected !== undefined ? { connected: parsed.connected } : {}),
        ...(parsed.messaging_permitted !== undefined ? { messaging_permitted: parsed.messaging_permitted } : {}),
      });
    },

    failNextSends(accountId: number, input: z.input<typeof SendFaultInput>) {
      const parsed = parseOrThrow(SendFaultInput, input, 'body');
      let channel = parsed.channel;
      let platformUserId = parsed.platform_user_id;
      if (parsed.conversation_id !== undefined) {
        const conversation = models.conversations.find(accountId, parsed.conversation_id);
        if (!conversation) throw invalidParam('conversation_id', `No conversation has id ${parsed.conversation_id}.`);
        channel = conversation.channel;
        platformUserId = conversation.platform_user_id;
      }
      return models.sending.faults.arm(accountId, channel!, platformUserId!, parsed.error, parsed.count);
    },

    sendFaults: (accountId: number) => models.sending.faults.list(accountId),
    clearSendFaults: (accountId: number) => models.sending.faults.clear(accountId),

    /** The send audit: every routed send, sent or failed (what the analytics count). */
    sends: (accountId: number) =>
      models.sending.audit.list(accountId).map((row) => ({
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

    seedConversation(accountId: number, input: z.input<typeof SeedConversationInput>) {
      const conversation = models.conversationSandbox.create(accountId, parseOrThrow(SeedConversationInput, input, 'body'));
      return models.conversations.present(conversation);
    },

    setConversationState(accountId: number, id: number, input: z.input<typeof SystemStateInput>) {
      const conversation = models.conversationSandbox.setState(accountId, id, parseOrThrow(SystemStateInput, input, 'body'));
      return models.conversations.present(conversation);
    },

    acceptInvitation(accountId: number, id: number) {
      const member = models.invitations.accept(accountId, id);
      return models.team.present(member, models.conversations.activeCountFor(accountId, member.id));
    },
  };
}

export type MessagingSandbox = ReturnType<typeof messagingSandbox>;

/**
 * `sim.sandbox` functions for the customer's side. Each runs in one store transaction (all or
 * nothing) and throws the same `ApiError` the matching route answers with.
 */
export function messagingSandboxApi(app: App) {
  const ops = messagingSandbox(app);
  const tx = <R>(work: () => R): R => app.store.transaction(work);
  return {
    /** A customer writes in (POST /_sandbox/inbound). */
    inbound: (accountId: number, input: z.input<typeof InboundMessageInput>) => tx(() => ops.inbound(accountId, input)),
    /** SMS STOP from this number (also: an inbound SMS whose text is STOP). */
    smsStop: (accountId: number, phone: string) => tx(() => ops.optOut(accountId, { channel: 'sms', platform_user_id: phone })),
    /** SMS START from this number; null when it never stopped. */
    smsStart: (accountId: number, phone: string) =>
      tx(() => ops.optOut(accountId, { channel: 'sms', platform_user_id: phone, status: 'opted_in' })),
    /** Any opt-out (POST /_sandbox/opt-outs). */
    optOut: (accountId: number, input: z.input<typeof OptOutInput>) => tx(() => ops.optOut(accountId, input)),
    channels: (accountId: number) => ops.channels(accountId),
    setChannel: (accountId: number, channel: Channel, input: z.input<typeof SetChannelBody>) =>
      tx(() => ops.setChannel(accountId, channel, input)),
    /** The next `count` sends to the recipient fail with `error` (POST /_sandbox/send-failures). */
    failNextSends: (accountId: number, input: z.input<typeof SendFaultInput>) => tx(() => ops.failNextSends(accountId, input)),
    sendFaults: (accountId: number) => ops.sendFaults(accountId),
    clearSendFaults: (accountId: number) => tx(() => ops.clearSendFaults(accountId)),
    sends: (accountId: number) => ops.sends(accountId),
    seedConversation: (accountId: number, input: z.input<typeof SeedConversationInput>) =>
      tx(() => ops.seedConversation(accountId, input)),
    setConversationState: (accountId: number, id: number, input: z.input<typeof SystemStateInput>) =>
      tx(() => ops.setConversationState(accountId, id, input)),
    acceptInvitation: (accountId: number, id: number) => tx(() => ops.acceptInvitation(accountId, id)),
  };
}
