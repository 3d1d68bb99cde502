/** Channel connection state, set through the sandbox control plane. No logic here. */
import { z } from 'zod';
import { Channel } from '../shared/schemas.js';
export const ChannelConnection = z.object({
    channel: Channel,
    connected: z.boolean().describe('False: sends answer 412 not_provisioned, platform actions 409 not_connected.'),
    messaging_permitted: z.boolean().describe('False: the connection lacks messaging permission; sends answer 403 forbidden.'),
    window_hours: z.number().int().nullable().describe('Customer-service window opened by an inbound message; null when none.'),
});
export const SetChannelBody = z
    .strictObject({
    connected: z.boolean().optional(),
    messaging_permitted: z.boolean().optional(),
})
    .refine((body) => body.connected !== undefined || body.messaging_permitted !== undefined, {
    message: 'send connected and/or messaging_permitted',
    path: ['connected'],
});
export const ChannelParams = z.object({ channel: Channel });
//# sourceMappingURL=schemas.js.map