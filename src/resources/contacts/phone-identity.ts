/**
 * SMS and WhatsApp contacts are phone numbers (2.2: "for SMS it is the phone number"). Sends route
 * by `to_phone` and spell the id the channel's way (SMS E.164 with `+`, WhatsApp the wa_id, digits
 * only: src/resources/sending/model.ts), while POST /contacts and inbound messages keep the id as
 * given. So an id that is a number is looked up under either spelling: one number, one contact.
 * The contact's `phone` stays what the caller gave (null when none): 2.2 lists it as its own field.
 */
import type { Channel } from '../../core/types.js';

const PHONE_ID = /^\+?(\d{7,15})$/;

/** The number a phone-channel id names, as `+digits`; undefined for other channels or ids. */
function phoneOfIdentity(channel: Channel, platformUserId: string): string | undefined {
  if (channel !== 'sms' && channel !== 'whatsapp') return undefined;
  const digits = PHONE_ID.exec(platformUserId)?.[1];
  return digits === undefined ? undefined : `+${digits}`;
}

/** The same number spelled the other way (`+` added or dropped), or undefined. */
function otherSpelling(channel: Channel, platformUserId: string): string | undefined {
  const phone = phoneOfIdentity(channel, platformUserId);
  if (phone === undefined) return undefined;
  return platformUserId.startsWith('+') ? phone.slice(1) : phone;
}

/** The contact with this identity, or with the other spelling of the same number. */
export function findByPhoneIdentity<T>(
  find: (accountId: number, channel: Channel, platformUserId: string) => T | undefined,
  accountId: number,
  channel: Channel,
  platformUserId: string,
): T | undefined {
  const exact = find(accountId, channel, platformUserId);
  if (exact !== undefined) return exact;
  const other = otherSpelling(channel, platformUserId);
  return other === undefined ? undefined : find(accountId, channel, other);
}
