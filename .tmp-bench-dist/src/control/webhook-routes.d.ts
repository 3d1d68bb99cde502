/**
 * Sandbox powers for webhooks, mounted at `/_sandbox`: the delivery log of an endpoint (every
 * attempt with status, latency and error), redelivery of a finished delivery, and emitting any
 * catalogued event for the caller's account so a receiver can be exercised before the group that
 * normally emits it is in play.
 */
import { z } from 'zod';
import { type AppRoute } from '../resources/app.js';
export declare const DeliverySchema: z.ZodObject<{
    id: z.ZodNumber;
    endpoint_id: z.ZodNumber;
    event_id: z.ZodNullable<z.ZodString>;
    webhook_id: z.ZodString;
    event_type: z.ZodString;
    kind: z.ZodEnum<{
        event: "event";
        redelivery: "redelivery";
        test: "test";
    }>;
    redelivery_of: z.ZodNullable<z.ZodNumber>;
    state: z.ZodEnum<{
        pending: "pending";
        delivered: "delivered";
        failed: "failed";
    }>;
    in_flight: z.ZodBoolean;
    created_at: z.ZodString;
    next_attempt_at: z.ZodNullable<z.ZodString>;
    finished_at: z.ZodNullable<z.ZodString>;
    attempts: z.ZodArray<z.ZodObject<{
        number: z.ZodNumber;
        attempted_at: z.ZodString;
        status_code: z.ZodNullable<z.ZodNumber>;
        latency_ms: z.ZodNumber;
        error: z.ZodNullable<z.ZodString>;
        response_body: z.ZodNullable<z.ZodString>;
        signatures: z.ZodNumber;
    }, z.core.$strip>>;
}, z.core.$strip>;
export declare const EmitEventBody: z.ZodObject<{
    type: z.ZodEnum<{
        [x: string]: string;
    }>;
    data: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
}, z.core.$strict>;
export declare const webhookControlRoutes: AppRoute[];
