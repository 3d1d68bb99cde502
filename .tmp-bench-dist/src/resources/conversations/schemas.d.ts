/** Conversation shapes (2.5) and the conversation request bodies and list query (4.4). No logic here. */
import { z } from 'zod';
export declare const CONVERSATION_STATUSES: readonly ["active", "resolved", "pending", "archived", "escalated"];
/** The statuses a caller may set; `pending` and `escalated` are set by the system only (3.1). */
export declare const SETTABLE_STATUSES: readonly ["active", "resolved", "archived"];
export declare const PAUSE_REASONS: readonly ["escalated", "assigned", "owner_claimed", "solicitation", "fraud", "connected_account"];
/** Pauses lifted in the portal only: resuming them through the API is 409 resume_blocked. */
export declare const LOCK_REASONS: readonly ["solicitation", "fraud", "connected_account"];
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];
export type PauseReason = (typeof PAUSE_REASONS)[number];
export declare const ConversationStatusSchema: z.ZodEnum<{
    archived: "archived";
    pending: "pending";
    active: "active";
    resolved: "resolved";
    escalated: "escalated";
}>;
export declare const Conversation: z.ZodObject<{
    id: z.ZodNumber;
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    customer_name: z.ZodString;
    status: z.ZodEnum<{
        archived: "archived";
        pending: "pending";
        active: "active";
        resolved: "resolved";
        escalated: "escalated";
    }>;
    assigned_to: z.ZodNullable<z.ZodNumber>;
    assigned_to_name: z.ZodNullable<z.ZodString>;
    ai_paused: z.ZodBoolean;
    ai_pause_reason: z.ZodNullable<z.ZodEnum<{
        escalated: "escalated";
        assigned: "assigned";
        owner_claimed: "owner_claimed";
        solicitation: "solicitation";
        fraud: "fraud";
        connected_account: "connected_account";
    }>>;
    contact_id: z.ZodNumber;
    lead_email: z.ZodNullable<z.ZodString>;
    lead_phone: z.ZodNullable<z.ZodString>;
    last_message_at: z.ZodString;
    created_at: z.ZodString;
    updated_at: z.ZodString;
}, z.core.$strip>;
export declare const ListConversationsQuery: z.ZodObject<{
    channel: z.ZodOptional<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>;
    status: z.ZodOptional<z.ZodEnum<{
        archived: "archived";
        pending: "pending";
        active: "active";
        resolved: "resolved";
        escalated: "escalated";
    }>>;
    assigned_to: z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>>;
    updated_since: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const PatchConversationBody: z.ZodObject<{
    status: z.ZodOptional<z.ZodEnum<{
        archived: "archived";
        active: "active";
        resolved: "resolved";
    }>>;
    ai_paused: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export declare const AssignBody: z.ZodObject<{
    assigned_to: z.ZodNullable<z.ZodNumber>;
}, z.core.$strict>;
export declare const DeletedConversation: z.ZodObject<{
    id: z.ZodNumber;
    object: z.ZodLiteral<"conversation">;
    deleted: z.ZodLiteral<true>;
    removed: z.ZodObject<{
        messages: z.ZodNumber;
        appointments: z.ZodNumber;
        conversation_tags: z.ZodNumber;
        contexts: z.ZodNumber;
        metrics_detached: z.ZodNumber;
    }, z.core.$strip>;
}, z.core.$strip>;
export type ConversationData = z.infer<typeof Conversation>;
export type ListConversationsFilters = z.output<typeof ListConversationsQuery>;
export type DeletedConversationData = z.infer<typeof DeletedConversation>;
/** A relative time in the past, like `90s`, `15m`, `2h`, `3d` or `1d2h`. */
export declare const Ago: z.ZodString;
export declare const SeedMessageInput: z.ZodObject<{
    sender_type: z.ZodDefault<z.ZodString>;
    sender_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    type: z.ZodDefault<z.ZodEnum<{
        file: "file";
        text: "text";
        image: "image";
        video: "video";
        audio: "audio";
        quick_reply: "quick_reply";
        button: "button";
        postback: "postback";
        comment_trigger: "comment_trigger";
    }>>;
    text: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    is_template: z.ZodDefault<z.ZodBoolean>;
    body_purged: z.ZodDefault<z.ZodBoolean>;
    copilot_draft: z.ZodDefault<z.ZodBoolean>;
    ago: z.ZodDefault<z.ZodString>;
}, z.core.$strict>;
export declare const SeedConversationInput: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    name: z.ZodOptional<z.ZodString>;
    ig_username: z.ZodOptional<z.ZodString>;
    status: z.ZodDefault<z.ZodEnum<{
        archived: "archived";
        pending: "pending";
        active: "active";
        resolved: "resolved";
        escalated: "escalated";
    }>>;
    ai_pause_reason: z.ZodDefault<z.ZodNullable<z.ZodEnum<{
        escalated: "escalated";
        assigned: "assigned";
        owner_claimed: "owner_claimed";
        solicitation: "solicitation";
        fraud: "fraud";
        connected_account: "connected_account";
    }>>>;
    assigned_to: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    assigned_to_email: z.ZodOptional<z.ZodEmail>;
    tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
    created_ago: z.ZodOptional<z.ZodString>;
    window: z.ZodOptional<z.ZodEnum<{
        open: "open";
        closed: "closed";
    }>>;
    messages: z.ZodDefault<z.ZodArray<z.ZodObject<{
        sender_type: z.ZodDefault<z.ZodString>;
        sender_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        type: z.ZodDefault<z.ZodEnum<{
            file: "file";
            text: "text";
            image: "image";
            video: "video";
            audio: "audio";
            quick_reply: "quick_reply";
            button: "button";
            postback: "postback";
            comment_trigger: "comment_trigger";
        }>>;
        text: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        is_template: z.ZodDefault<z.ZodBoolean>;
        body_purged: z.ZodDefault<z.ZodBoolean>;
        copilot_draft: z.ZodDefault<z.ZodBoolean>;
        ago: z.ZodDefault<z.ZodString>;
    }, z.core.$strict>>>;
}, z.core.$strict>;
export declare const SystemStateInput: z.ZodObject<{
    status: z.ZodOptional<z.ZodEnum<{
        archived: "archived";
        pending: "pending";
        active: "active";
        resolved: "resolved";
        escalated: "escalated";
    }>>;
    ai_pause_reason: z.ZodOptional<z.ZodNullable<z.ZodEnum<{
        escalated: "escalated";
        assigned: "assigned";
        owner_claimed: "owner_claimed";
        solicitation: "solicitation";
        fraud: "fraud";
        connected_account: "connected_account";
    }>>>;
    window: z.ZodOptional<z.ZodEnum<{
        open: "open";
        closed: "closed";
    }>>;
}, z.core.$strict>;
export type SeedConversation = z.output<typeof SeedConversationInput>;
export type SeedConversationIn = z.input<typeof SeedConversationInput>;
export type SystemState = z.output<typeof SystemStateInput>;
