/** Payload schemas of the conversation and message events (section 6); when each fires is in docs/decisions.md. */
import { z } from 'zod';
export declare const MessageReceivedPayload: z.ZodObject<{
    conversation_id: z.ZodNumber;
    contact_id: z.ZodNumber;
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    message: z.ZodObject<{
        id: z.ZodNumber;
        message_id: z.ZodString;
        direction: z.ZodEnum<{
            system: "system";
            inbound: "inbound";
            outbound: "outbound";
        }>;
        sender_type: z.ZodString;
        sender_name: z.ZodNullable<z.ZodString>;
        type: z.ZodEnum<{
            file: "file";
            text: "text";
            image: "image";
            video: "video";
            audio: "audio";
            quick_reply: "quick_reply";
            button: "button";
            postback: "postback";
            comment_trigger: "comment_trigger";
        }>;
        text: z.ZodNullable<z.ZodString>;
        attachments: z.ZodArray<z.ZodObject<{
            type: z.ZodEnum<{
                file: "file";
                image: "image";
                video: "video";
                audio: "audio";
            }>;
            url: z.ZodString;
            mime_type: z.ZodOptional<z.ZodString>;
            name: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>>;
        is_template: z.ZodBoolean;
        body_purged: z.ZodBoolean;
        created_at: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export declare const ConversationResolvedPayload: z.ZodObject<{
    conversation: z.ZodObject<{
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
    previous_status: z.ZodEnum<{
        archived: "archived";
        pending: "pending";
        active: "active";
        resolved: "resolved";
        escalated: "escalated";
    }>;
    resolved_by: z.ZodLiteral<"api">;
}, z.core.$strip>;
export declare const ConversationAssignedPayload: z.ZodObject<{
    conversation: z.ZodObject<{
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
    assigned_to: z.ZodNullable<z.ZodNumber>;
    assigned_to_name: z.ZodNullable<z.ZodString>;
    previous_assigned_to: z.ZodNullable<z.ZodNumber>;
}, z.core.$strip>;
