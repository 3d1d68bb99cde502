/**
 * SMS and WhatsApp contacts are phone numbers (2.2: "for SMS it is the phone number"). Sends route
 * by `to_phone` and spell the id the channel's way (SMS E.164 with `+`, WhatsApp the wa_id, digits
 * only: src/resources/sending/model.ts), while POST /contacts and inbound messages keep the id as
 * given. So the contacts' identity lookup (./writer.ts, `findByIdentity`) also tries the other
 * spelling of an id that is a number: one number, one contact, for every group that asks. The
 * contact's `phone` stays what the caller gave (null when none): 2.2 lists it as its own field.
 */
import type { Channel } from '../../core/types.js';

const PHONE_ID = /^\+?\d{7,15}$/;

/** The same number spelled the other way (`+` added or dropped); undefined for other channels or ids. */
export function otherPhoneSpelling(channel: Channel, platformUserId: string): string | undefined {
  if ((channel !== 'sms' && channel !== 'whatsapp') || !PHONE_ID.test(platformUserId)) return undefined;
  return platformUserId.startsWith('+') ? platformUserId.slice(1) : `+${platformUserId}`;
}
