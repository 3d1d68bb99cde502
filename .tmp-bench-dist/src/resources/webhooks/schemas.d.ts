/** Webhook endpoint shapes (2.27) and request bodies (4.1). No logic here; bounds live in limits.ts. */
import { z } from 'zod';
export declare const PAYLOAD_PROFILES: readonly ["full", "minimal"];
export declare const PayloadProfile: z.ZodEnum<{
    full: "full";
    minimal: "minimal";
}>;
export declare const Governance: z.ZodObject<{
    attested: z.ZodBoolean;
    complete: z.ZodBoolean;
    purpose: z.ZodNullable<z.ZodString>;
    destination_owner: z.ZodNullable<z.ZodString>;
    payload_profile: z.ZodEnum<{
        full: "full";
        minimal: "minimal";
    }>;
}, z.core.$strip>;
export declare const WebhookStats: z.ZodObject<{
    delivered: z.ZodNumber;
    failed: z.ZodNumber;
    last_delivered_at: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export declare const WebhookEndpoint: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    url: z.ZodString;
    enabled: z.ZodBoolean;
    events: z.ZodArray<z.ZodString>;
    governance: z.ZodObject<{
        attested: z.ZodBoolean;
        complete: z.ZodBoolean;
        purpose: z.ZodNullable<z.ZodString>;
        destination_owner: z.ZodNullable<z.ZodString>;
        payload_profile: z.ZodEnum<{
            full: "full";
            minimal: "minimal";
        }>;
    }, z.core.$strip>;
    timeout_ms: z.ZodNumber;
    max_attempts: z.ZodNumber;
    secret_rotated_at: z.ZodNullable<z.ZodString>;
    stats: z.ZodObject<{
        delivered: z.ZodNumber;
        failed: z.ZodNumber;
        last_delivered_at: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
    created_at: z.ZodString;
    updated_at: z.ZodString;
}, z.core.$strip>;
export declare const WebhookEndpointWithSecret: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    url: z.ZodString;
    enabled: z.ZodBoolean;
    events: z.ZodArray<z.ZodString>;
    governance: z.ZodObject<{
        attested: z.ZodBoolean;
        complete: z.ZodBoolean;
        purpose: z.ZodNullable<z.ZodString>;
        destination_owner: z.ZodNullable<z.ZodString>;
        payload_profile: z.ZodEnum<{
            full: "full";
            minimal: "minimal";
        }>;
    }, z.core.$strip>;
    timeout_ms: z.ZodNumber;
    max_attempts: z.ZodNumber;
    secret_rotated_at: z.ZodNullable<z.ZodString>;
    stats: z.ZodObject<{
        delivered: z.ZodNumber;
        failed: z.ZodNumber;
        last_delivered_at: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>;
    created_at: z.ZodString;
    updated_at: z.ZodString;
    signing_secret: z.ZodString;
}, z.core.$strip>;
export declare const DeletedWebhookEndpoint: z.ZodObject<{
    id: z.ZodNumber;
    deleted: z.ZodLiteral<true>;
}, z.core.$strip>;
export declare const WebhookTestResult: z.ZodObject<{
    delivered: z.ZodBoolean;
    endpoint_id: z.ZodNumber;
    event_id: z.ZodString;
    event_type: z.ZodString;
    status_code: z.ZodNullable<z.ZodNumber>;
    latency_ms: z.ZodNumber;
    error: z.ZodNullable<z.ZodString>;
    attempted_at: z.ZodString;
}, z.core.$strip>;
export declare const CreateGovernanceBody: z.ZodObject<{
    attested: z.ZodOptional<z.ZodBoolean>;
    purpose: z.ZodOptional<z.ZodString>;
    destination_owner: z.ZodOptional<z.ZodString>;
    payload_profile: z.ZodOptional<z.ZodEnum<{
        full: "full";
        minimal: "minimal";
    }>>;
}, z.core.$strict>;
/** PATCH governance is partial; `null` clears `purpose` or `destination_owner`. */
export declare const UpdateGovernanceBody: z.ZodObject<{
    attested: z.ZodOptional<z.ZodBoolean>;
    purpose: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    destination_owner: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    payload_profile: z.ZodOptional<z.ZodEnum<{
        full: "full";
        minimal: "minimal";
    }>>;
}, z.core.$strict>;
export declare const CreateWebhookEndpointBody: z.ZodObject<{
    name: z.ZodString;
    url: z.ZodString;
    events: z.ZodOptional<z.ZodArray<z.ZodEnum<{
        [x: string]: string;
    }>>>;
    governance: z.ZodOptional<z.ZodObject<{
        attested: z.ZodOptional<z.ZodBoolean>;
        purpose: z.ZodOptional<z.ZodString>;
        destination_owner: z.ZodOptional<z.ZodString>;
        payload_profile: z.ZodOptional<z.ZodEnum<{
            full: "full";
            minimal: "minimal";
        }>>;
    }, z.core.$strict>>;
    timeout_ms: z.ZodOptional<z.ZodNumber>;
    max_attempts: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const UpdateWebhookEndpointBody: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    url: z.ZodOptional<z.ZodString>;
    events: z.ZodOptional<z.ZodArray<z.ZodEnum<{
        [x: string]: string;
    }>>>;
    governance: z.ZodOptional<z.ZodObject<{
        attested: z.ZodOptional<z.ZodBoolean>;
        purpose: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        destination_owner: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        payload_profile: z.ZodOptional<z.ZodEnum<{
            full: "full";
            minimal: "minimal";
        }>>;
    }, z.core.$strict>>;
    enabled: z.ZodOptional<z.ZodBoolean>;
    timeout_ms: z.ZodOptional<z.ZodNumber>;
    max_attempts: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const TestWebhookBody: z.ZodObject<{
    channel: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type WebhookEndpointData = z.infer<typeof WebhookEndpoint>;
export type WebhookTestResultData = z.infer<typeof WebhookTestResult>;
export type PayloadProfileName = z.infer<typeof PayloadProfile>;
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointBody>;
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointBody>;
