/**
 * The customer's side of the sandbox (issue 4), mounted at `/_sandbox`: inbound messages, SMS
 * STOP/START and other opt-outs, channel connection state, armed send failures, threads seeded in
 * any state, and invitation acceptance. Each route acts on the caller's account.
 *
 * `messagingSandbox(app)` holds the operations; the routes and `sim.sandbox` (api.ts) both call
 * it, so the two surfaces cannot drift apart.
 */
import { z } from 'zod';
import type { Channel } from '../core/types.js';
import { type App, type AppRoute } from '../resources/app.js';
import { SetChannelBody } from '../resources/channels/schemas.js';
import { SeedConversationInput, SystemStateInput } from '../resources/conversations/schemas.js';
import { InboundMessageInput } from '../resources/messages/schemas.js';
import type { InboundResult } from '../resources/messages/inbound.js';
import { OptOutInput } from '../resources/opt-outs/schemas.js';
import type { OptOutData } from '../resources/opt-outs/schemas.js';
import { SendFaultInput } from '../resources/sending/schemas.js';
/** The operations behind the routes and `sim.sandbox`; inputs are parsed with the same schemas. */
export declare function messagingSandbox(app: App): {
    inbound(accountId: number, input: z.input<typeof InboundMessageInput>): InboundResult;
    /** SMS STOP / START and Meta opt-outs. START for a number that never stopped returns null. */
    optOut(accountId: number, input: z.input<typeof OptOutInput>): OptOutData | null;
    channels: (accountId: number) => {
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        connected: boolean;
        messaging_permitted: boolean;
        window_hours: number | null;
    }[];
    setChannel(accountId: number, channel: Channel, input: z.input<typeof SetChannelBody>): {
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        connected: boolean;
        messaging_permitted: boolean;
        window_hours: number | null;
    };
    failNextSends(accountId: number, input: z.input<typeof SendFaultInput>): import("../resources/sending/faults.js").SendFaultRecord;
    sendFaults: (accountId: number) => import("../resources/sending/faults.js").SendFaultRecord[];
    clearSendFaults: (accountId: number) => number;
    /** The send audit: every routed send, sent or failed (what the analytics count). */
    sends: (accountId: number) => {
        id: number;
        at: string;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        platform_user_id: string;
        action: "send_message" | "react" | "unreact" | "typing_on";
        conversation_id: number | null;
        idempotency_key: string;
        outcome: "failed" | "sent";
        error_code: string | null;
        cold_created: boolean;
    }[];
    seedConversation(accountId: number, input: z.input<typeof SeedConversationInput>): {
        id: number;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        platform_user_id: string;
        customer_name: string;
        status: "archived" | "pending" | "active" | "resolved" | "escalated";
        assigned_to: number | null;
        assigned_to_name: string | null;
        ai_paused: boolean;
        ai_pause_reason: "escalated" | "assigned" | "owner_claimed" | "solicitation" | "fraud" | "connected_account" | null;
        contact_id: number;
        lead_email: string | null;
        lead_phone: string | null;
        last_message_at: string;
        created_at: string;
        updated_at: string;
    };
    setConversationState(accountId: number, id: number, input: z.input<typeof SystemStateInput>): {
        id: number;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        platform_user_id: string;
        customer_name: string;
        status: "archived" | "pending" | "active" | "resolved" | "escalated";
        assigned_to: number | null;
        assigned_to_name: string | null;
        ai_paused: boolean;
        ai_pause_reason: "escalated" | "assigned" | "owner_claimed" | "solicitation" | "fraud" | "connected_account" | null;
        contact_id: number;
        lead_email: string | null;
        lead_phone: string | null;
        last_message_at: string;
        created_at: string;
        updated_at: string;
    };
    acceptInvitation(accountId: number, id: number): {
        id: number;
        name: string;
        email: string;
        role: "agent" | "manager";
        status: "online" | "away" | "busy" | "offline";
        avatar_url: string | null;
        active_conversations: number;
        total_resolved: number;
        channels: ("facebook" | "instagram" | "sms" | "telegram" | "whatsapp")[] | null;
        created_at: string;
    };
};
export type MessagingSandbox = ReturnType<typeof messagingSandbox>;
export declare const inboundControlRoutes: AppRoute[];
/**
 * `sim.sandbox` functions for the customer's side. Each runs in one store transaction (all or
 * nothing) and throws the same `ApiError` the matching route answers with.
 */
export declare function messagingSandboxApi(app: App): {
    /** A customer writes in (POST /_sandbox/inbound). */
    inbound: (accountId: number, input: z.input<typeof InboundMessageInput>) => InboundResult;
    /** SMS STOP from this number (also: an inbound SMS whose text is STOP). */
    smsStop: (accountId: number, phone: string) => {
        id: string;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        contact_id: number | null;
        identifier: string;
        status: "opted_out" | "opted_in";
        scope: "comment_dm" | "broadcast" | "all";
        method: string | null;
        keyword: string | null;
        opted_out_at: string | null;
        opted_in_at: string | null;
        recorded_at: string;
    } | null;
    /** SMS START from this number; null when it never stopped. */
    smsStart: (accountId: number, phone: string) => {
        id: string;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        contact_id: number | null;
        identifier: string;
        status: "opted_out" | "opted_in";
        scope: "comment_dm" | "broadcast" | "all";
        method: string | null;
        keyword: string | null;
        opted_out_at: string | null;
        opted_in_at: string | null;
        recorded_at: string;
    } | null;
    /** Any opt-out (POST /_sandbox/opt-outs). */
    optOut: (accountId: number, input: z.input<typeof OptOutInput>) => {
        id: string;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        contact_id: number | null;
        identifier: string;
        status: "opted_out" | "opted_in";
        scope: "comment_dm" | "broadcast" | "all";
        method: string | null;
        keyword: string | null;
        opted_out_at: string | null;
        opted_in_at: string | null;
        recorded_at: string;
    } | null;
    channels: (accountId: number) => {
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        connected: boolean;
        messaging_permitted: boolean;
        window_hours: number | null;
    }[];
    setChannel: (accountId: number, channel: Channel, input: z.input<typeof SetChannelBody>) => {
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        connected: boolean;
        messaging_permitted: boolean;
        window_hours: number | null;
    };
    /** The next `count` sends to the recipient fail with `error` (POST /_sandbox/send-failures). */
    failNextSends: (accountId: number, input: z.input<typeof SendFaultInput>) => import("../resources/sending/faults.js").SendFaultRecord;
    sendFaults: (accountId: number) => import("../resources/sending/faults.js").SendFaultRecord[];
    clearSendFaults: (accountId: number) => number;
    sends: (accountId: number) => {
        id: number;
        at: string;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        platform_user_id: string;
        action: "send_message" | "react" | "unreact" | "typing_on";
        conversation_id: number | null;
        idempotency_key: string;
        outcome: "failed" | "sent";
        error_code: string | null;
        cold_created: boolean;
    }[];
    seedConversation: (accountId: number, input: z.input<typeof SeedConversationInput>) => {
        id: number;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        platform_user_id: string;
        customer_name: string;
        status: "archived" | "pending" | "active" | "resolved" | "escalated";
        assigned_to: number | null;
        assigned_to_name: string | null;
        ai_paused: boolean;
        ai_pause_reason: "escalated" | "assigned" | "owner_claimed" | "solicitation" | "fraud" | "connected_account" | null;
        contact_id: number;
        lead_email: string | null;
        lead_phone: string | null;
        last_message_at: string;
        created_at: string;
        updated_at: string;
    };
    setConversationState: (accountId: number, id: number, input: z.input<typeof SystemStateInput>) => {
        id: number;
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        platform_user_id: string;
        customer_name: string;
        status: "archived" | "pending" | "active" | "resolved" | "escalated";
        assigned_to: number | null;
        assigned_to_name: string | null;
        ai_paused: boolean;
        ai_pause_reason: "escalated" | "assigned" | "owner_claimed" | "solicitation" | "fraud" | "connected_account" | null;
        contact_id: number;
        lead_email: string | null;
        lead_phone: string | null;
        last_message_at: string;
        created_at: string;
        updated_at: string;
    };
    acceptInvitation: (accountId: number, id: number) => {
        id: number;
        name: string;
        email: string;
        role: "agent" | "manager";
        status: "online" | "away" | "busy" | "offline";
        avatar_url: string | null;
        active_conversations: number;
        total_resolved: number;
        channels: ("facebook" | "instagram" | "sms" | "telegram" | "whatsapp")[] | null;
        created_at: string;
    };
};
