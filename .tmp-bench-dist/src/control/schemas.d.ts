/** Shapes of the sandbox control plane (`/_sandbox/...`). No logic here. */
import { z } from 'zod';
export declare const ClockState: z.ZodObject<{
    mode: z.ZodEnum<{
        real: "real";
        frozen: "frozen";
    }>;
    now: z.ZodString;
    now_ms: z.ZodNumber;
}, z.core.$strip>;
export declare const FreezeBody: z.ZodObject<{
    at: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/** Exactly one of `ms` or `duration` (e.g. `90s`, `15m`, `2h`, `7d`, `1h30m`). */
export declare const AdvanceBody: z.ZodObject<{
    ms: z.ZodOptional<z.ZodNumber>;
    duration: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const SetClockBody: z.ZodObject<{
    now: z.ZodString;
}, z.core.$strict>;
export declare const Snapshot: z.ZodObject<{
    format: z.ZodLiteral<"switchboard-snapshot">;
    version: z.ZodLiteral<1>;
    clock: z.ZodObject<{
        mode: z.ZodEnum<{
            real: "real";
            frozen: "frozen";
        }>;
        now: z.ZodString;
        now_ms: z.ZodNumber;
    }, z.core.$strip>;
    store: z.ZodObject<{
        format: z.ZodLiteral<"switchboard-state">;
        version: z.ZodLiteral<1>;
        sequences: z.ZodRecord<z.ZodString, z.ZodNumber>;
        collections: z.ZodRecord<z.ZodString, z.ZodArray<z.ZodObject<{
            id: z.ZodNumber;
            account_id: z.ZodNumber;
        }, z.core.$loose>>>;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const MutantsBody: z.ZodObject<{
    names: z.ZodArray<z.ZodEnum<{
        drop_replayed_header: "drop_replayed_header";
        created_as_ok: "created_as_ok";
        repeat_page_item: "repeat_page_item";
        skip_scope_check: "skip_scope_check";
        leak_cross_account: "leak_cross_account";
        wrong_error_code: "wrong_error_code";
        omit_rate_limit_headers: "omit_rate_limit_headers";
        replace_tags: "replace_tags";
        accept_bad_limit: "accept_bad_limit";
        ignore_idempotency_body: "ignore_idempotency_body";
    }>>;
}, z.core.$strict>;
export declare const EventsQuery: z.ZodObject<{
    after: z.ZodOptional<z.ZodString>;
    limit: z.ZodOptional<z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>>;
    type: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const PublicEventSchema: z.ZodObject<{
    id: z.ZodString;
    type: z.ZodString;
    created_at: z.ZodString;
    account_id: z.ZodNumber;
    data: z.ZodRecord<z.ZodString, z.ZodUnknown>;
}, z.core.$strip>;
export declare const Done: z.ZodObject<{
    ok: z.ZodLiteral<true>;
}, z.core.$strip>;
