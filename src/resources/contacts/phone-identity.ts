/**
 * SMS and WhatsApp contacts are phone numbers (2.2: "for SMS it is the phone number"). This file
 * is the one phone rule every group uses:
 * - what counts as a phone number (`phoneDigits`: any common formatting, 7 to 15 digits), which a
 *   send's recipient must be (`to_phone`, and `platform_user_id` on SMS and WhatsApp when the send
 *   would create or look up a number: src/resources/sending/recipient.ts);
 * - how a channel spells a number as its id (`channelPhoneId`: SMS E.164 with `+`, WhatsApp the
 *   wa_id, digits only), which is how a cold send stores a new contact;
 * - the other spelling of an id that is a number (`otherPhoneSpelling`), so the contacts' identity
 *   lookup (./writer.ts, `findByIdentity`) finds one contact per number whichever way POST
 *   /contacts or an inbound message spelled it;
 * - the `phone` of a contact the service creates itself from a phone channel (`phoneOfId`: the
 *   number in E.164), whether an inbound message, a cold send (./inbound.ts) or a sandbox thread
 *   (../conversations/system.ts) creates it, so
 *   `GET /contacts?phone=` finds either. POST /contacts stores only what the caller gave (audit 4,
 *   I2; audit 9c, Q1 in docs/decisions.md).
 */
import type { Channel } from '../../core/types.js';

const PHONE_ID = /^\+?\d{7,15}$/;
/** The characters a written phone number may carry besides digits (the `to_phone` schema's). */
const WRITTEN_PHONE = /^\+?[0-9 ().-]{7,32}$/;

/** Whether a channel's ids are phone numbers. */
export function isPhoneChannel(channel: Channel): channel is 'sms' | 'whatsapp' {
  return channel === 'sms' || channel === 'whatsapp';
}

/** The digits of a phone number written in any common formatting; undefined when it is not one (7 to 15 digits). */
export function phoneDigits(written: string): string | undefined {
  if (!WRITTEN_PHONE.test(written)) return undefined;
  const digits = written.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : undefined;
}

/** A number's id on a phone channel: SMS E.164 (`+15550100001`), WhatsApp the wa_id (`15550100001`). */
export function channelPhoneId(channel: 'sms' | 'whatsapp', digits: string): string {
  return channel === 'sms' ? `+${digits}` : digits;
}

/** The same number spelled the other way (`+` added or dropped); undefined for other channels or ids. */
export function otherPhoneSpelling(channel: Channel, platformUserId: string): string | undefined {
  if (!isPhoneChannel(channel) || !PHONE_ID.test(platformUserId)) return undefined;
  return platformUserId.startsWith('+') ? platformUserId.slice(1) : `+${platformUserId}`;
}

/** The `phone` (E.164) of a phone-channel id that is a number; undefined for other channels or ids. */
export function phoneOfId(channel: Channel, platformUserId: string): string | undefined {
  if (!isPhoneChannel(channel)) return undefined;
  const digits = phoneDigits(platformUserId);
  return digits === undefined ? undefined : `+${digits}`;
}
