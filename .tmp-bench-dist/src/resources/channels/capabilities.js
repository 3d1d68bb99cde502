export const SEND_ACTIONS = ['send_message', 'react', 'unreact', 'typing_on'];
const HOUR_MS = 3_600_000;
export const CHANNEL_CAPABILITIES = {
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
export function windowOpen(channel, lastInboundMs, nowMs) {
    const length = CHANNEL_CAPABILITIES[channel].windowMs;
    if (length === null)
        return true;
    return lastInboundMs !== null && nowMs < lastInboundMs + length;
}
//# sourceMappingURL=capabilities.js.map