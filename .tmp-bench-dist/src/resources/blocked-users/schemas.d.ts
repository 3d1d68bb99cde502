/** Blocked user shape (2.21) and the block request body (4.13). No logic here. */
import { z } from 'zod';
export declare const BLOCK_CHANNELS: readonly ["facebook", "instagram"];
export declare const BLOCK_SOURCES: readonly ["ig_username", "conversation", "portal"];
export declare const BlockedUser: z.ZodObject<{
    id: z.ZodNumber;
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
    }>;
    platform_user_id: z.ZodNullable<z.ZodString>;
    ig_username: z.ZodNullable<z.ZodString>;
    display_name: z.ZodNullable<z.ZodString>;
    conversation_id: z.ZodNullable<z.ZodNumber>;
    source: z.ZodEnum<{
        ig_username: "ig_username";
        conversation: "conversation";
        portal: "portal";
    }>;
    blocked_at: z.ZodString;
}, z.core.$strip>;
/** Instagram handles: 1 to 30 of letters, digits, `.` and `_`, with or without a leading @. */
export declare const IgUsername: z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
export declare const BlockBody: z.ZodObject<{
    ig_username: z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>>;
    conversation_id: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const UnblockedUser: z.ZodObject<{
    id: z.ZodNumber;
    object: z.ZodLiteral<"blocked_user">;
    deleted: z.ZodLiteral<true>;
}, z.core.$strip>;
export type BlockedUserData = z.infer<typeof BlockedUser>;
export type BlockChannel = (typeof BLOCK_CHANNELS)[number];
export type BlockSource = (typeof BLOCK_SOURCES)[number];
