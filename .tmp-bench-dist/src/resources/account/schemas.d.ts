/** Account summary (2.29) and API key (2.28) shapes, and the API key request bodies (4.1). */
import { z } from 'zod';
export declare const AddonState: z.ZodEnum<{
    active: "active";
    inactive: "inactive";
}>;
export declare const WebhookEndpointSummary: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    url: z.ZodString;
    enabled: z.ZodBoolean;
    event_filters: z.ZodArray<z.ZodString>;
    envelope_style: z.ZodString;
}, z.core.$strip>;
export declare const AccountSummary: z.ZodObject<{
    account: z.ZodObject<{
        id: z.ZodNumber;
        business_name: z.ZodString;
        plan: z.ZodEnum<{
            free: "free";
            creator: "creator";
            pro: "pro";
            business: "business";
        }>;
        addon: z.ZodEnum<{
            active: "active";
            inactive: "inactive";
        }>;
    }, z.core.$strip>;
    api_key: z.ZodObject<{
        id: z.ZodNumber;
        scope: z.ZodEnum<{
            read: "read";
            write: "write";
            admin: "admin";
            full: "full";
        }>;
    }, z.core.$strip>;
    webhooks: z.ZodObject<{
        endpoints: z.ZodArray<z.ZodObject<{
            id: z.ZodNumber;
            name: z.ZodString;
            url: z.ZodString;
            enabled: z.ZodBoolean;
            event_filters: z.ZodArray<z.ZodString>;
            envelope_style: z.ZodString;
        }, z.core.$strip>>;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const ApiKey: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    preview: z.ZodString;
    scope: z.ZodEnum<{
        read: "read";
        write: "write";
        admin: "admin";
        full: "full";
    }>;
    is_current: z.ZodBoolean;
    revoked: z.ZodBoolean;
    created_at: z.ZodString;
    last_used_at: z.ZodNullable<z.ZodString>;
    revoked_at: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export declare const CreatedApiKey: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    preview: z.ZodString;
    scope: z.ZodEnum<{
        read: "read";
        write: "write";
        admin: "admin";
        full: "full";
    }>;
    is_current: z.ZodBoolean;
    revoked: z.ZodBoolean;
    created_at: z.ZodString;
    last_used_at: z.ZodNullable<z.ZodString>;
    revoked_at: z.ZodNullable<z.ZodString>;
    api_key: z.ZodString;
}, z.core.$strip>;
export declare const CreateApiKeyBody: z.ZodObject<{
    name: z.ZodString;
    scope: z.ZodDefault<z.ZodEnum<{
        read: "read";
        write: "write";
        admin: "admin";
        full: "full";
    }>>;
}, z.core.$strict>;
export type AccountSummaryData = z.infer<typeof AccountSummary>;
export type ApiKeyData = z.infer<typeof ApiKey>;
