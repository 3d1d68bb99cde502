/** Contact shapes (2.2) and the contact request bodies and list query (4.2). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Channel, NullableTimestamp, RealInstant, Timestamp } from '../shared/schemas.js';
import { TagName } from '../tags/schemas.js';

export const STAGES = ['new', 'contacted', 'qualified', 'customer', 'lost'] as const;
export type Stage = (typeof STAGES)[number];
export const DEFAULT_STAGE: Stage = 'new';

/** Our values for the spec's "allowed values: not shown" (docs/decisions.md). */
export const LEAD_TEMPERATURES = ['cold', 'warm', 'hot'] as const;

export const LIMITS = {
  platformUserId: 255,
  name: 255,
  email: 254,
  phoneMin: 3,
  phoneMax: 50,
  notes: 5000,
} as const;

export const Stage = z.enum(STAGES).describe('Contact stage.');

export const PlatformUserId = z
  .string()
  .min(1)
  .max(LIMITS.platformUserId)
  .describe('The person’s id on the channel (for SMS, the phone number). 1 to 255 characters.');

const PHONE_PATTERN = new RegExp(`^[0-9+().#x-]{${LIMITS.phoneMin},${LIMITS.phoneMax}}$`);
export const Phone = z
  .string()
  .regex(PHONE_PATTERN, `must be ${LIMITS.phoneMin} to ${LIMITS.phoneMax} characters of digits and + ( ) . - # x`);
/**
 * The WHATWG (HTML) definition of a valid email address, plus a dot in the domain. Zod's default
 * pattern refuses RFC-valid local parts with characters such as ! # $ % & * / = ? ^ { | } ~, which
 * real CRM exports contain; a sandbox that refuses real addresses would fail real syncs.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const Email = z.email({ pattern: EMAIL_PATTERN, error: 'must be a valid email address' }).max(LIMITS.email);

/** `""` (and `null`, the value you read back) clear a field: PATCH and the update of POST /contacts. */
const clearable = <T extends z.ZodType>(schema: T, what: string) =>
  z.union([z.literal(''), schema], { error: what }).nullable().optional();

export const ContactWritableFields = {
  name: clearable(z.string().max(LIMITS.name), `must be at most ${LIMITS.name} characters`).describe(
    'Display name, up to 255 characters; "" or null clears it.',
  ),
  email: clearable(Email, 'must be a valid email address').describe('A valid email address; "" or null clears it.'),
  phone: clearable(Phone, `must be ${LIMITS.phoneMin} to ${LIMITS.phoneMax} characters of digits and + ( ) . - # x`).describe(
    'Digits and + ( ) . - # x, 3 to 50 characters; "" or null clears it.',
  ),
  stage: z.enum([...STAGES, '']).optional().describe('Stage; "" resets it to new.'),
  notes: clearable(z.string().max(LIMITS.notes), `must be at most ${LIMITS.notes} characters`).describe(
    'Up to 5,000 characters; "" or null clears it.',
  ),
  custom_fields: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .optional()
    .describe(
      'Merged into the contact’s values, all or nothing. Each key must be a defined, active custom field; ' +
        'values are checked per field type (400 names custom_fields.<key>); null clears a key.',
    ),
};

export const UPDATABLE_CONTACT_FIELDS = ['stage', 'name', 'email', 'phone', 'notes', 'custom_fields'] as const;

export const UpsertContactBody = z.strictObject({
  channel: Channel,
  platform_user_id: PlatformUserId,
  ...ContactWritableFields,
  tags: z
    .array(TagName)
    .optional()
    .describe('Tag names to add (never removes); missing tags are created with the default colour.'),
});

export const UpdateContactBody = z.strictObject(ContactWritableFields);

export const AddContactTagBody = z.strictObject({ name: TagName });

export const ContactTagParams = z.object({
  id: z.string().regex(/^\d{1,15}$/).transform(Number).describe('Numeric contact id.'),
  tag: z
    .string()
    .min(1)
    .describe('A tag id, or the URL-encoded tag name. All-digit names and names containing / go by id.'),
});

export const ListContactsQuery = z.object({
  channel: Channel.optional(),
  stage: Stage.optional(),
  tag: TagName.optional().describe('Exact tag name.'),
  email: Email.optional().describe('Exact email address.'),
  phone: Phone.optional().describe('Exact phone. Encode + as %2B.'),
  name: z.string().min(1).max(LIMITS.name).optional().describe('Substring of the display name (case-insensitive).'),
  updated_since: RealInstant.optional()
    .describe('Contacts with updated_at at or after this instant.'),
});

export const CustomFieldValues = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .describe('Values of set, active custom fields by field_key; unset fields are omitted, never null.');

export const Contact = named(
  'Contact',
  z.object({
    id: z.number().int(),
    channel: Channel,
    platform_user_id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    ig_username: z.string().nullable(),
    profile_pic_url: z.string().nullable(),
    stage: Stage,
    tags: z.array(z.string()).describe('Tag names, in the order they were attached.'),
    lead_score: z.number().int(),
    lead_temperature: z.string().describe(`Allowed values are not shown by the spec; the simulator uses ${LEAD_TEMPERATURES.join(', ')}.`),
    notes: z.string().nullable(),
    custom_fields: CustomFieldValues,
    first_seen_at: Timestamp,
    first_user_message_at: NullableTimestamp.describe('Null for a person who only commented.'),
    last_seen_at: Timestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

export const DeletedContact = named(
  'DeletedContact',
  z.object({
    id: z.number().int(),
    object: z.literal('contact'),
    deleted: z.literal(true),
  }),
);

export type ContactData = z.infer<typeof Contact>;
export type UpsertContactInput = z.output<typeof UpsertContactBody>;
export type UpdateContactInput = z.output<typeof UpdateContactBody>;
export type ListContactsFilters = z.output<typeof ListContactsQuery>;
