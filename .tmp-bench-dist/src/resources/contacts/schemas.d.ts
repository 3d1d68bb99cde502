/** Contact shapes (2.2) and the contact request bodies and list query (4.2). No logic here. */
import { z } from 'zod';
export declare const STAGES: readonly ["new", "contacted", "qualified", "customer", "lost"];
export type Stage = (typeof STAGES)[number];
export declare const DEFAULT_STAGE: Stage;
/** Our values for the spec's "allowed values: not shown" (docs/decisions.md). */
export declare const LEAD_TEMPERATURES: readonly ["cold", "warm", "hot"];
export declare const LIMITS: {
    readonly platformUserId: 255;
    readonly name: 255;
    readonly email: 254;
    readonly phoneMin: 3;
    readonly phoneMax: 50;
    readonly notes: 5000;
};
export declare const Stage: z.ZodEnum<{
    new: "new";
    contacted: "contacted";
    qualified: "qualified";
    customer: "customer";
    lost: "lost";
}>;
export declare const PlatformUserId: z.ZodString;
export declare const Phone: z.ZodString;
export declare const Email: z.ZodEmail;
export declare const ContactWritableFields: {
    name: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    email: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodEmail]>>>;
    phone: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    stage: z.ZodOptional<z.ZodEnum<{
        "": "";
        new: "new";
        contacted: "contacted";
        qualified: "qualified";
        customer: "customer";
        lost: "lost";
    }>>;
    notes: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    custom_fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean, z.ZodNull]>>>;
};
export declare const UPDATABLE_CONTACT_FIELDS: readonly ["stage", "name", "email", "phone", "notes", "custom_fields"];
export declare const UpsertContactBody: z.ZodObject<{
    tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
    name: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    email: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodEmail]>>>;
    phone: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    stage: z.ZodOptional<z.ZodEnum<{
        "": "";
        new: "new";
        contacted: "contacted";
        qualified: "qualified";
        customer: "customer";
        lost: "lost";
    }>>;
    notes: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    custom_fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean, z.ZodNull]>>>;
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
}, z.core.$strict>;
export declare const UpdateContactBody: z.ZodObject<{
    name: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    email: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodEmail]>>>;
    phone: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    stage: z.ZodOptional<z.ZodEnum<{
        "": "";
        new: "new";
        contacted: "contacted";
        qualified: "qualified";
        customer: "customer";
        lost: "lost";
    }>>;
    notes: z.ZodOptional<z.ZodNullable<z.ZodUnion<readonly [z.ZodLiteral<"">, z.ZodString]>>>;
    custom_fields: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean, z.ZodNull]>>>;
}, z.core.$strict>;
export declare const AddContactTagBody: z.ZodObject<{
    name: z.ZodString;
}, z.core.$strict>;
export declare const ContactTagParams: z.ZodObject<{
    id: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
    tag: z.ZodString;
}, z.core.$strip>;
export declare const ListContactsQuery: z.ZodObject<{
    channel: z.ZodOptional<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>;
    stage: z.ZodOptional<z.ZodEnum<{
        new: "new";
        contacted: "contacted";
        qualified: "qualified";
        customer: "customer";
        lost: "lost";
    }>>;
    tag: z.ZodOptional<z.ZodString>;
    email: z.ZodOptional<z.ZodEmail>;
    phone: z.ZodOptional<z.ZodString>;
    name: z.ZodOptional<z.ZodString>;
    updated_since: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const CustomFieldValues: z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>;
export declare const Contact: z.ZodObject<{
    id: z.ZodNumber;
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    name: z.ZodNullable<z.ZodString>;
    email: z.ZodNullable<z.ZodString>;
    phone: z.ZodNullable<z.ZodString>;
    ig_username: z.ZodNullable<z.ZodString>;
    profile_pic_url: z.ZodNullable<z.ZodString>;
    stage: z.ZodEnum<{
        new: "new";
        contacted: "contacted";
        qualified: "qualified";
        customer: "customer";
        lost: "lost";
    }>;
    tags: z.ZodArray<z.ZodString>;
    lead_score: z.ZodNumber;
    lead_temperature: z.ZodString;
    notes: z.ZodNullable<z.ZodString>;
    custom_fields: z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>;
    first_seen_at: z.ZodString;
    first_user_message_at: z.ZodNullable<z.ZodString>;
    last_seen_at: z.ZodString;
    created_at: z.ZodString;
    updated_at: z.ZodString;
}, z.core.$strip>;
export declare const DeletedContact: z.ZodObject<{
    id: z.ZodNumber;
    object: z.ZodLiteral<"contact">;
    deleted: z.ZodLiteral<true>;
}, z.core.$strip>;
export type ContactData = z.infer<typeof Contact>;
export type UpsertContactInput = z.output<typeof UpsertContactBody>;
export type UpdateContactInput = z.output<typeof UpdateContactBody>;
export type ListContactsFilters = z.output<typeof ListContactsQuery>;
