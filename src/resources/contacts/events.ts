/** The contact events (section 6) and their payloads; when each fires is in docs/decisions.md. */
import { z } from 'zod';
import { defineEvent } from '../../groups/events.js';
import { Timestamp } from '../shared/schemas.js';
import { Contact } from './schemas.js';

const Source = z
  .string()
  .describe('What made the change: api (REST writes), inbound (a message or comment), outbound (a cold send), tag_deleted.');

const FieldValue = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const ContactUpdatedPayload = z.object({
  contact: Contact.describe('The contact after the change.'),
  changed_fields: z.array(z.string()).describe('Public fields whose value changed; empty when the contact was created.'),
  created: z.boolean().describe('True when this change created the contact.'),
  source: Source,
});

export const ContactFieldChangedPayload = z.object({
  contact_id: z.number().int(),
  field_key: z.string(),
  value: FieldValue.describe('The new value; null when the value was cleared.'),
  previous_value: FieldValue.describe('The value before; null when it was unset.'),
  changed_at: Timestamp,
  source: Source,
});

export const LeadCapturedPayload = z.object({
  contact: Contact,
  captured: z.array(z.enum(['email', 'phone'])).describe('Which contact details the lead was captured with.'),
  source: Source,
});

export const contactEvents = [
  defineEvent('lead.captured', 'A contact first holds an email or phone number (once per contact).', 'assumption', LeadCapturedPayload),
  defineEvent('contact.updated', 'A contact was created or a public field of it really changed (docs/decisions.md).', 'assumption', ContactUpdatedPayload),
  defineEvent('contact.field_changed', 'A custom field value actually changed (PATCH or POST /contacts).', 'spec', ContactFieldChangedPayload),
];
