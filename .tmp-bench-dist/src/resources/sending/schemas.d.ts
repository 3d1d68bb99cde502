/**
 * POST /messages (4.4, 2.7, 7.2): the send body and the send result. No logic here.
 *
 * The body is checked by the send handler, not the pipeline, because 7.2 answers a missing or
 * invalid send field with 400 `invalid_request` rather than the general `invalid_param`. The route
 * still documents the real schema (`SendMessageDocumented`).
 */
import { z } from 'zod';
export declare const MESSAGE_TEXT_MAX = 4096;
export declare const SEND_FAULT_CODES: readonly ["forbidden", "recipient_opted_out", "not_provisioned", "unprocessable_send", "rate_limited", "service_unavailable"];
export declare const ReplyButton: z.ZodObject<{
    title: z.ZodString;
    type: z.ZodEnum<{
        text: "text";
        url: "url";
    }>;
    response: z.ZodOptional<z.ZodString>;
    url: z.ZodOptional<z.ZodURL>;
}, z.core.$strict>;
export declare const SendMessageBody: z.ZodObject<{
    idempotency_key: z.ZodOptional<z.ZodString>;
    action: z.ZodDefault<z.ZodEnum<{
        send_message: "send_message";
        react: "react";
        unreact: "unreact";
        typing_on: "typing_on";
    }>>;
    conversation_id: z.ZodOptional<z.ZodNumber>;
    platform: z.ZodOptional<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>;
    platform_user_id: z.ZodOptional<z.ZodString>;
    to_phone: z.ZodOptional<z.ZodString>;
    message_text: z.ZodOptional<z.ZodString>;
    template_name: z.ZodOptional<z.ZodString>;
    template_language: z.ZodOptional<z.ZodString>;
    template_components: z.ZodOptional<z.ZodArray<z.ZodRecord<z.ZodString, z.ZodUnknown>>>;
    comment_id: z.ZodOptional<z.ZodString>;
    buttons: z.ZodOptional<z.ZodArray<z.ZodObject<{
        title: z.ZodString;
        type: z.ZodEnum<{
            text: "text";
            url: "url";
        }>;
        response: z.ZodOptional<z.ZodString>;
        url: z.ZodOptional<z.ZodURL>;
    }, z.core.$strict>>>;
    message_id: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const SendMessageDocumented: z.ZodUnknown;
export declare const SendResult: z.ZodObject<{
    status: z.ZodLiteral<"sent">;
    request_id: z.ZodString;
    conversation_id: z.ZodNumber;
    platform: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    action: z.ZodEnum<{
        send_message: "send_message";
        react: "react";
        unreact: "unreact";
        typing_on: "typing_on";
    }>;
    sent_at: z.ZodString;
    message: z.ZodString;
}, z.core.$strip>;
export type SendMessageInput = z.output<typeof SendMessageBody>;
export type SendResultData = z.infer<typeof SendResult>;
export type SendFaultCode = (typeof SEND_FAULT_CODES)[number];
/** Sandbox: the next `count` sends to this recipient fail with `error`. */
export declare const SendFaultInput: z.ZodObject<{
    channel: z.ZodOptional<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>;
    platform_user_id: z.ZodOptional<z.ZodString>;
    conversation_id: z.ZodOptional<z.ZodNumber>;
    error: z.ZodEnum<{
        unprocessable_send: "unprocessable_send";
        rate_limited: "rate_limited";
        service_unavailable: "service_unavailable";
        forbidden: "forbidden";
        recipient_opted_out: "recipient_opted_out";
        not_provisioned: "not_provisioned";
    }>;
    count: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type SendFaultInputData = z.output<typeof SendFaultInput>;
