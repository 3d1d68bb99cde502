/** Message shape (2.6). No logic here. */
import { z } from 'zod';
export declare const MESSAGE_TYPES: readonly ["text", "image", "video", "audio", "file", "quick_reply", "button", "postback", "comment_trigger"];
export declare const ATTACHMENT_TYPES: readonly ["image", "video", "audio", "file"];
/** `user` is the customer; `bot`, `agent`, `followup` speak for the business; anything else is a system line. */
export declare const OUTBOUND_SENDERS: readonly ["bot", "agent", "followup"];
export declare const MessageType: z.ZodEnum<{
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
export declare const Attachment: z.ZodObject<{
    type: z.ZodEnum<{
        file: "file";
        image: "image";
        video: "video";
        audio: "audio";
    }>;
    url: z.ZodString;
    mime_type: z.ZodOptional<z.ZodString>;
    name: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const Message: z.ZodObject<{
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
export type MessageData = z.infer<typeof Message>;
export type MessageTypeValue = (typeof MESSAGE_TYPES)[number];
export type AttachmentData = z.infer<typeof Attachment>;
/** The sandbox's inbound injection: a customer writes in. */
export declare const InboundMessageInput: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    text: z.ZodOptional<z.ZodString>;
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
    name: z.ZodOptional<z.ZodString>;
    ig_username: z.ZodOptional<z.ZodString>;
    attachments: z.ZodOptional<z.ZodArray<z.ZodObject<{
        type: z.ZodEnum<{
            file: "file";
            image: "image";
            video: "video";
            audio: "audio";
        }>;
        url: z.ZodString;
        mime_type: z.ZodOptional<z.ZodString>;
        name: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>>;
    message_id: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type InboundMessage = z.output<typeof InboundMessageInput>;
