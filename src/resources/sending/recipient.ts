/**
 * Who a POST /messages send goes to (4.4 routing), before anything is created: the thread when
 * one exists, else the identity a cold send will create. Errors here are thrown (400/404), so a
 * refused recipient leaves nothing behind and records no send.
 *
 * On SMS and WhatsApp the recipient is a phone number (2.2: "for SMS it is the phone number").
 * `to_phone` and `platform` + `platform_user_id` go through one routine (`byNumber`): 7 to 15
 * digits in any formatting (../contacts/phone-identity.ts), the existing thread of that number in
 * either spelling, else the channel's spelling of it for the new contact (SMS E.164, WhatsApp
 * digits). A `platform_user_id` that is exactly an existing contact's id is that contact first,
 * whatever it holds: seeded or imported data may carry ids that are not numbers, and sends to
 * them keep working (audit 9c, Q4).
 */
import { ApiError } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import { channelPhoneId, isPhoneChannel, phoneDigits } from '../contacts/phone-identity.js';
import type { ContactsModel } from '../contacts/model.js';
import type { ConversationRecord, ConversationsModel } from '../conversations/model.js';
import { PHONE_RULE, type SendMessageInput } from './schemas.js';

export interface Target {
  readonly channel: Channel;
  readonly platform_user_id: string;
  readonly conversation: ConversationRecord | undefined;
}

export interface RecipientNeeds {
  readonly contacts: ContactsModel;
  readonly conversations: ConversationsModel;
}

export function createRecipientRouting(deps: RecipientNeeds) {
  /** The thread of a phone number, or the id a cold send stores it under; 400 naming `param` when it is not a number. */
  function byNumber(accountId: number, channel: 'sms' | 'whatsapp', written: string, param: 'to_phone' | 'platform_user_id'): Target {
    const digits = phoneDigits(written);
    if (digits === undefined) {
      throw new ApiError('invalid_request', `Invalid value for ${param}: ${PHONE_RULE}`, { param });
    }
    const id = channelPhoneId(channel, digits);
    // The thread lookup takes either spelling (+ or not) of the number, as the contact lookup does.
    const conversation = deps.conversations.findByIdentity(accountId, channel, id);
    return { channel, platform_user_id: conversation?.platform_user_id ?? id, conversation };
  }

  return {
    route(accountId: number, body: SendMessageInput): Target {
      if (body.conversation_id !== undefined) {
        const conversation = deps.conversations.find(accountId, body.conversation_id);
        if (!conversation) throw new ApiError('not_found', 'No conversation has this conversation_id.', { param: 'conversation_id' });
        return { channel: conversation.channel, platform_user_id: conversation.platform_user_id, conversation };
      }
      if (body.to_phone !== undefined) {
        const channel = body.platform === 'whatsapp' ? 'whatsapp' : 'sms';
        return byNumber(accountId, channel, body.to_phone, 'to_phone');
      }
      const channel = body.platform!;
      const platformUserId = body.platform_user_id!;
      const conversation = deps.conversations.findByIdentity(accountId, channel, platformUserId);
      // The id as stored, whichever spelling the send used (a formatted number finds its plain contact).
      const storedId = conversation?.platform_user_id ?? deps.contacts.findByIdentity(accountId, channel, platformUserId)?.platform_user_id;
      if (storedId !== undefined) return { channel, platform_user_id: storedId, conversation };
      if (!isPhoneChannel(channel)) return { channel, platform_user_id: platformUserId, conversation };
      return byNumber(accountId, channel, platformUserId, 'platform_user_id');
    },
  };
}
