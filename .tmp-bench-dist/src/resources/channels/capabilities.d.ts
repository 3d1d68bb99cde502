/**
 * What each channel can do, in one table (docs/decisions.md records every choice here). The spec
 * says support "varies by channel" without the matrix, and gives no window lengths, so these are
 * our choices, modelled on the platforms' own rules:
 *
 * - Meta channels and WhatsApp have a 24-hour customer-service window opened by the customer's
 *   last message; SMS and Telegram have none.
 * - SMS, WhatsApp and Telegram may start a conversation (cold outbound); Facebook and Instagram
 *   need the customer to write first (4.4), except a private reply to their comment.
 * - WhatsApp outside the window takes templates only.
 */
import type { Channel } from '../../core/types.js';
export declare const SEND_ACTIONS: readonly ["send_message", "react", "unreact", "typing_on"];
export type SendAction = (typeof SEND_ACTIONS)[number];
export interface ChannelCapabilities {
    /** Customer-service window opened by an inbound message; null when the channel has none. */
    readonly windowMs: number | null;
    readonly actions: readonly SendAction[];
    /** May send to someone with no conversation yet (one is created). */
    readonly coldOutbound: boolean;
    readonly templates: boolean;
    /** `comment_id` private replies to a comment on a post. */
    readonly privateReplies: boolean;
    /** Routing by `to_phone` is accepted. */
    readonly phoneRouting: boolean;
}
export declare const CHANNEL_CAPABILITIES: Readonly<Record<Channel, ChannelCapabilities>>;
/** Open when the channel has no window, or the last inbound message is less than its length ago. */
export declare function windowOpen(channel: Channel, lastInboundMs: number | null, nowMs: number): boolean;
