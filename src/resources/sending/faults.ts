/**
 * Sandbox send faults: "the next N sends to this recipient fail with this error". A recipient is
 * a channel and platform user id (SMS numbers compare by digits), so a fault can be armed before
 * the conversation exists and then hit a cold send.
 */
import { ApiError } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { phoneDigits } from '../opt-outs/model.js';
import { z } from 'zod';
import { Channel as ChannelSchema, storedRecord, Timestamp } from '../shared/schemas.js';
import { SEND_FAULT_CODES, type SendFaultCode } from './schemas.js';

export interface SendFaultRecord extends Entity {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly error: SendFaultCode;
  readonly remaining: number;
  readonly created_at: string;
}

const recipientKey = (accountId: number, channel: Channel, platformUserId: string): string =>
  `${accountId}|${channel}|${channel === 'sms' || channel === 'whatsapp' ? phoneDigits(platformUserId) : platformUserId}`;

const MESSAGES: Record<SendFaultCode, string> = {
  forbidden: 'The channel is not permitted for this send.',
  recipient_opted_out: 'The recipient opted out.',
  not_provisioned: 'The channel is not connected.',
  unprocessable_send: 'The channel permanently rejected the send.',
  // A 429 is a 4xx, so section 5 replays it under the same key for 24 hours: a retry needs a new one.
  rate_limited:
    'Too many sends to this recipient; wait for Retry-After, then retry with a new idempotency_key (and Idempotency-Key, if sent): this one replays this answer for 24 hours.',
  service_unavailable: 'The channel did not answer; retry with the same idempotency_key.',
};

/** The error a send failure answers with; `status` tells a permanent failure from a temporary one. */
export function sendError(code: SendFaultCode, message: string = MESSAGES[code]): ApiError {
  const temporary = code === 'service_unavailable' || code === 'rate_limited';
  return new ApiError(code, message, {
    extra: { status: temporary ? 'failed' : 'dead_letter' },
    ...(code === 'rate_limited' || code === 'service_unavailable' ? { headers: { 'Retry-After': '1' } } : {}),
  });
}

export function createSendFaults(core: CoreServices) {
  const { store, clock } = core;
  const faults = store.define<SendFaultRecord>(
    'send_faults',
    { recipient: { key: (row) => recipientKey(row.account_id, row.channel, row.platform_user_id) } },
    {
      schema: storedRecord({
        channel: ChannelSchema,
        platform_user_id: z.string().min(1).max(255),
        error: z.enum(SEND_FAULT_CODES),
        remaining: z.number().int().min(0),
        created_at: Timestamp,
      }),
      sequence: 'send_fault',
    },
  );

  return {

    /** Arms `count` failures; they are used up in the order they were armed. */
    arm(accountId: number, channel: Channel, platformUserId: string, error: SendFaultCode, count: number): SendFaultRecord {
      return faults.insert({
        id: store.nextId('send_fault'),
        account_id: accountId,
        channel,
        platform_user_id: platformUserId,
        error,
        remaining: count,
        created_at: clock.iso(),
      });
    },

    /** Uses up one armed failure for the recipient, if any, and returns its error. */
    take(accountId: number, channel: Channel, platformUserId: string): ApiError | undefined {
      const ids = faults.idsByIndex('recipient', recipientKey(accountId, channel, platformUserId));
      const firstId = ids.first();
      const fault = firstId === undefined ? undefined : faults.get(firstId);
      if (!fault) return undefined;
      if (fault.remaining <= 1) faults.remove(fault.id);
      else faults.update(fault.id, { remaining: fault.remaining - 1 });
      return sendError(fault.error);
    },

    list: (accountId: number): SendFaultRecord[] => [...faults.ofAccount(accountId)],

    clear(accountId: number): number {
      const ids = [...faults.idsOfAccount(accountId)];
      for (const id of ids) faults.remove(id);
      return ids.length;
    },
  };
}

