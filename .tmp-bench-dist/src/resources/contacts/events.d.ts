/** Payload schemas of the contact events (section 6); when each fires is in docs/decisions.md. */
import { z } from 'zod';
export declare const ContactUpdatedPayload: z.ZodObject<{
    contact: z.ZodObject<{
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
    changed_fields: z.ZodArray<z.ZodString>;
    created: z.ZodBoolean;
    source: z.ZodString;
}, z.core.$strip>;
export declare const ContactFieldChangedPayload: z.ZodObject<{
    contact_id: z.ZodNumber;
    field_key: z.ZodString;
    value: z.ZodNullable<z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>;
    previous_value: z.ZodNullable<z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>;
    changed_at: z.ZodString;
    source: z.ZodString;
}, z.core.$strip>;
export declare const LeadCapturedPayload: z.ZodObject<{
    contact: z.ZodObject<{
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
    captured: z.ZodArray<z.ZodEnum<{
        email: "email";
        phone: "phone";
    }>>;
    source: z.ZodString;
}, z.core.$strip>;
