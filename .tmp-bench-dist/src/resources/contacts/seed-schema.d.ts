/**
 * The per-account `tags`, `custom_fields` and `contacts` arrays of the seed format (docs/fixtures.md).
 * They reuse the API's own field rules, so a seed cannot hold what the API would refuse.
 */
import { z } from 'zod';
export declare const SeedTag: z.ZodObject<{
    name: z.ZodString;
    color: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const SeedCustomField: z.ZodObject<{
    field_key: z.ZodString;
    label: z.ZodString;
    type: z.ZodDefault<z.ZodEnum<{
        number: "number";
        boolean: "boolean";
        date: "date";
        text: "text";
    }>>;
    archived: z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
export declare const SeedContact: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    email: z.ZodOptional<z.ZodNullable<z.ZodEmail>>;
    phone: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    ig_username: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    profile_pic_url: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    stage: z.ZodOptional<z.ZodEnum<{
        new: "new";
        contacted: "contacted";
        qualified: "qualified";
        customer: "customer";
        lost: "lost";
    }>>;
    lead_score: z.ZodOptional<z.ZodNumber>;
    lead_temperature: z.ZodOptional<z.ZodString>;
    notes: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
    custom_fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>>;
    created_at: z.ZodOptional<z.ZodString>;
    first_seen_at: z.ZodOptional<z.ZodString>;
    first_user_message_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    last_seen_at: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** Spread into the seed's account object. */
export declare const seedContactFields: {
    tags: z.ZodOptional<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        color: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    custom_fields: z.ZodOptional<z.ZodArray<z.ZodObject<{
        field_key: z.ZodString;
        label: z.ZodString;
        type: z.ZodDefault<z.ZodEnum<{
            number: "number";
            boolean: "boolean";
            date: "date";
            text: "text";
        }>>;
        archived: z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>>>;
    contacts: z.ZodOptional<z.ZodArray<z.ZodObject<{
        channel: z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
            sms: "sms";
            telegram: "telegram";
            whatsapp: "whatsapp";
        }>;
        platform_user_id: z.ZodString;
        name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        email: z.ZodOptional<z.ZodNullable<z.ZodEmail>>;
        phone: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        ig_username: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        profile_pic_url: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        stage: z.ZodOptional<z.ZodEnum<{
            new: "new";
            contacted: "contacted";
            qualified: "qualified";
            customer: "customer";
            lost: "lost";
        }>>;
        lead_score: z.ZodOptional<z.ZodNumber>;
        lead_temperature: z.ZodOptional<z.ZodString>;
        notes: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
        custom_fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>>;
        created_at: z.ZodOptional<z.ZodString>;
        first_seen_at: z.ZodOptional<z.ZodString>;
        first_user_message_at: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        last_seen_at: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
};
export type SeedContactData = z.output<typeof SeedContact>;
