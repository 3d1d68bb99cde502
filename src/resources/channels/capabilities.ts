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

export const SEND_ACTIONS = ['send_message', 'react', 'unreact', 'typing_on'] as const;
export type SendAction = (typeof SEND_ACTIONS)[number];

const HOUR_MS = 3_600_000;

/**
 * How long after a comment its one private reply may go out (Meta's rule): with no open messaging
 * window, from a flow the comment started or through POST /messages `comment_id` (docs/decisions.md).
 */
export const PRIVATE_REPLY_MS = 7 * 24 * HOUR_MS;

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

export const CHANNEL_CAPABILITIES: Readonly<Record<Channel, ChannelCapabilities>> = {
  facebook: {
    windowMs: 24 * HOUR_MS,
    actions: ['send_message', 'typing_on'],
    coldOutbound: false,
    templates: false,
    privateReplies: true,
    phoneRouting: false,
  },
  instagram: {
    windowMs: 24 * HOUR_MS,
    actions: ['send_message', 'react', 'unreact', 'typing_on'],
    coldOutbound: false,
    templates: false,
    privateReplies: true,
    phoneRouting: false,
  },
  whatsapp: {
    windowMs: 24 * HOUR_MS,
    actions: ['send_message', 'react', 'unreact', 'typing_on'],
    coldOutbound: true,
    templates: true,
    privateReplies: false,
    phoneRouting: true,
  },
  sms: {
    windowMs: null,
    actions: ['send_message'],
    coldOutbound: true,
    templates: false,
    privateReplies: false,
    phoneRouting: true,
  },
  telegram: {
    windowMs: null,
    actions: ['send_message', 'react', 'unreact', 'typing_on'],
    coldOutbound: true,
    templates: false,
    privateReplies: false,
    phoneRouting: false,
  },
};

/** Open when the channel has no window, or the last inbound message is less than its length ago. */
export function windowOpen(channel: Channel, lastInboundMs: number | null, nowMs: number): boolean {
  const length = CHANNEL_CAPABILITIES[channel].windowMs;
  if (length === null) return true;
  return lastInboundMs !== null && nowMs < lastInboundMs + length;
}
