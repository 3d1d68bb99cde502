/** Custom field definitions (2.3) and their request bodies (4.3). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { QueryBoolean, Timestamp } from '../shared/schemas.js';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const MAX_ACTIVE_CUSTOM_FIELDS = 15;
export const FIELD_KEY_MAX = 50;
export const LABEL_MAX = 100;
export const TEXT_VALUE_MAX = 500;

/**
 * Keys a JavaScript object reserves: values stored under them would change an object's prototype
 * instead of holding a value (docs/decisions.md), so they are refused as field keys.
 */
export const RESERVED_FIELD_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export const FieldKey = z
  .string()
  .regex(new RegExp(`^[a-z0-9_]{1,${FIELD_KEY_MAX}}$`), `must be 1 to ${FIELD_KEY_MAX} characters of a-z, 0-9 and _`)
  .refine((key) => !RESERVED_FIELD_KEYS.includes(key), { message: `must not be ${RESERVED_FIELD_KEYS.join(', ')} (reserved)` })
  .describe('1 to 50 characters of a-z, 0-9 and _ (not __proto__, constructor or prototype). Permanent.');

/** 1 to 100 characters; a blank label cannot be shown in the portal (docs/decisions.md). */
export const FieldLabel = z.string().min(1).max(LABEL_MAX).regex(/\S/, 'must not be blank');

export const CustomFieldTypeSchema = z
  .enum(CUSTOM_FIELD_TYPES)
  .describe('text (up to 500 characters), number, date (YYYY-MM-DD) or boolean. Permanent.');

export const CustomField = named(
  'CustomField',
  z.object({
    id: z.number().int(),
    object: z.literal('custom_field'),
    field_key: z.string(),
    label: z.string(),
    type: CustomFieldTypeSchema,
    archived: z.boolean(),
    created_at: Timestamp,
  }),
);

export const ListCustomFieldsQuery = z.object({
  include_archived: QueryBoolean.optional().describe('true to list archived definitions too.'),
});

export const CreateCustomFieldBody = z.strictObject({
  field_key: FieldKey,
  label: FieldLabel,
  type: CustomFieldTypeSchema.default('text'),
});

const permanent = (name: string) =>
  z.never({ error: `${name} is permanent and cannot be changed` }).optional().describe(`Permanent: sending ${name} gives 400.`);

export const UpdateCustomFieldBody = z.strictObject({
  label: FieldLabel.optional(),
  archived: z.boolean().optional().describe(`Unarchiving counts against the ${MAX_ACTIVE_CUSTOM_FIELDS} active fields.`),
  field_key: permanent('field_key'),
  type: permanent('type'),
});

export const UPDATABLE_CUSTOM_FIELD_KEYS = ['label', 'archived'] as const;

export type CustomFieldData = z.infer<typeof CustomField>;
