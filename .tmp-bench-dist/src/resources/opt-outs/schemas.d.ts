/** Opt-out shape (2.15) and the list query (4.9). No logic here. */
import { z } from 'zod';
export declare const OPT_OUT_STATUSES: readonly ["opted_out", "opted_in"];
export declare const OPT_OUT_SCOPES: readonly ["comment_dm", "broadcast", "all"];
export declare const OptOutScope: z.ZodEnum<{
    comment_dm: "comment_dm";
    broadcast: "broadcast";
    all: "all";
}>;
export declare const OptOut: z.ZodObject<{
    id: z.ZodString;
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    contact_id: z.ZodNullable<z.ZodNumber>;
    identifier: z.ZodString;
    status: z.ZodEnum<{
        opted_out: "opted_out";
        opted_in: "opted_in";
    }>;
    scope: z.ZodEnum<{
        comment_dm: "comment_dm";
        broadcast: "broadcast";
        all: "all";
    }>;
    method: z.ZodNullable<z.ZodString>;
    keyword: z.ZodNullable<z.ZodString>;
    opted_out_at: z.ZodNullable<z.ZodString>;
    opted_in_at: z.ZodNullable<z.ZodString>;
    recorded_at: z.ZodString;
}, z.core.$strip>;
export declare const ListOptOutsQuery: z.ZodObject<{
    channel: z.ZodOptional<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>;
    status: z.ZodOptional<z.ZodEnum<{
        opted_out: "opted_out";
        opted_in: "opted_in";
    }>>;
    scope: z.ZodOptional<z.ZodEnum<{
        comment_dm: "comment_dm";
        broadcast: "broadcast";
        all: "all";
    }>>;
    since: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type OptOutData = z.infer<typeof OptOut>;
export type OptOutScopeValue = z.infer<typeof OptOutScope>;
/** Sandbox: record an opt-out (or an SMS opt-in) as the customer's side would. */
export declare const OptOutInput: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    status: z.ZodDefault<z.ZodEnum<{
        opted_out: "opted_out";
        opted_in: "opted_in";
    }>>;
    scope: z.ZodOptional<z.ZodEnum<{
        comment_dm: "comment_dm";
        broadcast: "broadcast";
        all: "all";
    }>>;
    method: z.ZodOptional<z.ZodString>;
    keyword: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type OptOutInputData = z.output<typeof OptOutInput>;
