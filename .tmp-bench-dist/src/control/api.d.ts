/**
 * The sandbox control plane as a JS API (`sim.sandbox`), for in-process tests that would rather
 * call a function than POST to `/_sandbox/...`. Each method does what the matching control route
 * does. Groups that add sandbox powers add their functions here.
 */
import { type PublicEvent } from '../core/events.js';
import type { MutantName } from '../core/mutants.js';
import type { App } from '../resources/app.js';
export declare function createSandboxApi(app: App): {
    inbound: (accountId: number, input: import("zod").input<typeof import("../resources/messages/schemas.js").InboundMessageInput>) => import("../resources/messages/inbound.js").InboundResult;
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
    optOut: (accountId: number, input: import("zod").input<typeof import("../resources/opt-outs/schemas.js").OptOutInput>) => {
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
    setChannel: (accountId: number, channel: import("../index.js").Channel, input: import("zod").input<typeof import("../resources/channels/schemas.js").SetChannelBody>) => {
        channel: "facebook" | "instagram" | "sms" | "telegram" | "whatsapp";
        connected: boolean;
        messaging_permitted: boolean;
        window_hours: number | null;
    };
    failNextSends: (accountId: number, input: import("zod").input<typeof import("../resources/sending/schemas.js").SendFaultInput>) => import("../resources/sending/faults.js").SendFaultRecord;
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
    seedConversation: (accountId: number, input: import("zod").input<typeof import("../resources/conversations/schemas.js").SeedConversationInput>) => {
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
    setConversationState: (accountId: number, id: number, input: import("zod").input<typeof import("../resources/conversations/schemas.js").SystemStateInput>) => {
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
    clock: {
        now: () => string;
        freeze: (at?: number) => void;
        unfreeze: () => void;
        /** Milliseconds, or a duration like `90s`, `15m`, `2h`, `7d`. */
        advance: (by: number | string) => void;
        set: (at: number) => void;
    };
    /** One account's event journal, oldest first. */
    events: (accountId: number, options?: {
        after?: number;
        type?: string;
        limit?: number;
    }) => PublicEvent[];
    setMutants: (names: readonly MutantName[]) => void;
    /** Appends a catalogued event to an account's journal (webhooks deliver it), like POST /_sandbox/events. */
    emitEvent: (accountId: number, type: string, data?: Record<string, unknown>) => PublicEvent;
    webhooks: {
        idle: () => Promise<void>;
        deliveries(accountId: number, endpointId: number): import("../resources/webhooks/deliveries.js").DeliveryView[];
        redeliver(accountId: number, deliveryId: number): import("../resources/webhooks/deliveries.js").DeliveryView;
    };
};
export type SandboxApi = ReturnType<typeof createSandboxApi>;
