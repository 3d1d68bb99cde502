/** Schema pieces every resource group shares (section 2.1 conventions). No logic here. */
import { z } from 'zod';
/** `{id}` path parameter: digits only; anything else names no resource (404). */
export declare const IdParams: z.ZodObject<{
    id: z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>;
}, z.core.$strip>;
export declare const Timestamp: z.ZodString;
export declare const NullableTimestamp: z.ZodNullable<z.ZodString>;
export declare const Channel: z.ZodEnum<{
    facebook: "facebook";
    instagram: "instagram";
    sms: "sms";
    telegram: "telegram";
    whatsapp: "whatsapp";
}>;
export declare const Plan: z.ZodEnum<{
    free: "free";
    creator: "creator";
    pro: "pro";
    business: "business";
}>;
export declare const Scope: z.ZodEnum<{
    read: "read";
    write: "write";
    admin: "admin";
    full: "full";
}>;
/** `true`/`false` in a query string. */
export declare const QueryBoolean: z.ZodPipe<z.ZodEnum<{
    true: "true";
    false: "false";
}>, z.ZodTransform<boolean, "true" | "false">>;
export declare const ErrorEnvelope: z.ZodObject<{
    error: z.ZodObject<{
        code: z.ZodString;
        message: z.ZodString;
        param: z.ZodOptional<z.ZodString>;
    }, z.core.$catchall<z.ZodUnknown>>;
}, z.core.$strip>;
/** Empty JSON object body of POST actions that take no input (section 4). */
export declare const EmptyBody: z.ZodObject<{}, z.core.$strict>;
