/**
 * SMS and WhatsApp contacts are phone numbers (2.2: "for SMS it is the phone number"). This file
 * is the one phone rule every group uses:
 * - what counts as a phone number (`phoneDigits`: any common formatting, 7 to 15 digits), which a
 *   send's recipient must be (`to_phone`, and `platform_user_id` on SMS and WhatsApp when the send
 *   would create or look up a number: src/resources/sending/recipient.ts);
 * - how a channel spells a number as its id (`channelPhoneId`: SMS E.164 with `+`, WhatsApp the
 *   wa_id, digits only), which is how a cold send stores a new contact;
 * - how an id is stored (`storedPlatformUserId`): a number written with formatting (spaces,
 *   parens, dots, dashes) loses the formatting and keeps whether it had a leading `+`
 *   (`+1 (555) 222-3333` → `+15552223333`); plain digits and ids that are not numbers are stored
 *   as sent. The one place contacts are created (./writer.ts, `insert`) applies it, and threads
 *   take their contact's id, so POST /contacts, inbound, cold sends and sandbox threads agree;
 * - how an asked id is looked up (`findPhoneIdentity`): as sent, then in its stored form, then in
 *   the other spelling of that form (`otherPhoneSpelling`, `+` added or dropped), so the contacts'
 *   and the threads' identity lookups find one contact and one thread per number whichever way it
 *   is written (audit 9d, D1). At most three hash lookups: no scan, no extra index;
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
function otherPhoneSpelling(channel: Channel, platformUserId: string): string | undefined {
  if (!isPhoneChannel(channel) || !PHONE_ID.test(platformUserId)) return undefined;
  return platformUserId.startsWith('+') ? platformUserId.slice(1) : `+${platformUserId}`;
}

/**
 * The id a contact or thread is stored under. On SMS and WhatsApp a number written with formatting
 * is stored as its digits, with the leading `+` when it had one; an id of plain digits (with or
 * without `+`) and an id that is not a number are stored exactly as sent.
 */
export function storedPlatformUserId(channel: Channel, platformUserId: string): string {
  if (!isPhoneChannel(channel) || PHONE_ID.test(platformUserId)) return platformUserId;
  const digits = phoneDigits(platformUserId);
  if (digits === undefined) return platformUserId;
  return platformUserId.startsWith('+') ? `+${digits}` : digits;
}

/**
 * The record of an identity, found with `find` (one exact index lookup): the id as sent first (so
 * data stored before ids were normalised still matches exactly), then its stored form, then the
 * other `+` spelling of that form. Ids that are not phone numbers get the one exact lookup.
 */
export function findPhoneIdentity<T>(channel: Channel, platformUserId: string, find: (id: string) => T | undefined): T | undefined {
  const exact = find(platformUserId);
  if (exact !== undefined || !isPhoneChannel(channel)) return exact;
  const stored = storedPlatformUserId(channel, platformUserId);
  const normalised = stored === platformUserId ? undefined : find(stored);
  if (normalised !== undefined) return normalised;
  const other = otherPhoneSpelling(channel, stored);
  return other === undefined ? undefined : find(other);
}

/** The `phone` (E.164) of a phone-channel id that is a number; undefined for other channels or ids. */
export function phoneOfId(channel: Channel, platformUserId: string): string | undefined {
  if (!isPhoneChannel(channel)) return undefined;
  const digits = phoneDigits(platformUserId);
  return digits === undefined ? undefined : `+${digits}`;
}
