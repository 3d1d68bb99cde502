/** Channel connection state, set through the sandbox control plane. No logic here. */
import { z } from 'zod';
export declare const ChannelConnection: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    connected: z.ZodBoolean;
    messaging_permitted: z.ZodBoolean;
    window_hours: z.ZodNullable<z.ZodNumber>;
}, z.core.$strip>;
export declare const SetChannelBody: z.ZodObject<{
    connected: z.ZodOptional<z.ZodBoolean>;
    messaging_permitted: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export declare const ChannelParams: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
}, z.core.$strip>;
export type ChannelConnectionData = z.infer<typeof ChannelConnection>;
