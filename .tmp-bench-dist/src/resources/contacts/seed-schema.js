/**
 * The per-account `tags`, `custom_fields` and `contacts` arrays of the seed format (docs/fixtures.md).
 * They reuse the API's own field rules, so a seed cannot hold what the API would refuse.
 */
import { z } from 'zod';
import { Channel, Timestamp } from '../shared/schemas.js';
import { CustomFieldTypeSchema, FieldKey, FieldLabel } from '../custom-fields/schemas.js';
import { TagColor, TagName } from '../tags/schemas.js';
import { Email, LIMITS, Phone, PlatformUserId, Stage } from './schemas.js';
export const SeedTag = z.strictObject({
    name: TagName,
    color: TagColor.optional(),
});
export const SeedCustomField = z.strictObject({
    field_key: FieldKey,
    label: FieldLabel,
    type: CustomFieldTypeSchema.default('text'),
    archived: z.boolean().default(false),
});
export const SeedContact = z.strictObject({
    channel: Channel,
    platform_user_id: PlatformUserId,
    name: z.string().max(LIMITS.name).nullable().optional(),
    email: Email.nullable().optional(),
    phone: Phone.nullable().optional(),
    ig_username: z.string().min(1).max(255).nullable().optional(),
    profile_pic_url: z.string().min(1).max(2048).nullable().optional(),
    stage: Stage.optional(),
    lead_score: z.number().int().min(0).max(100).optional(),
    lead_temperature: z.string().min(1).max(50).optional(),
    notes: z.string().max(LIMITS.notes).nullable().optional(),
    /** Tag names; a tag not listed under `tags` is created with the default colour. */
    tags: z.array(TagName).optional(),
    /** Values checked like the API's: each key must be a defined field of the account. */
    custom_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    created_at: Timestamp.optional(),
    first_seen_at: Timestamp.optional(),
    /** Omitted: when the seed loads. null: a person who only commented. */
    first_user_message_at: Timestamp.nullable().optional(),
    last_seen_at: Timestamp.optional(),
});
/** Spread into the seed's account object. */
export const seedContactFields = {
    tags: z.array(SeedTag).optional(),
    custom_fields: z.array(SeedCustomField).optional(),
    contacts: z.array(SeedContact).optional(),
};
//# sourceMappingURL=seed-schema.js.map