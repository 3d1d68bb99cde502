/**
 * The per-account messaging arrays of the seed format (docs/fixtures.md): `channels`, `team`,
 * `invitations`, `conversations` (with transcripts, in any status), `opt_outs` and
 * `blocked_users`. They reuse the API's and the sandbox's own field rules.
 */
import { z } from 'zod';
export declare const SeedChannelState: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    connected: z.ZodDefault<z.ZodBoolean>;
    messaging_permitted: z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
export declare const SeedTeamMember: z.ZodObject<{
    name: z.ZodString;
    email: z.ZodEmail;
    role: z.ZodDefault<z.ZodEnum<{
        agent: "agent";
        manager: "manager";
    }>>;
    status: z.ZodDefault<z.ZodEnum<{
        online: "online";
        away: "away";
        busy: "busy";
        offline: "offline";
    }>>;
    avatar_url: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    channels: z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>>>;
    total_resolved: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const SeedInvitation: z.ZodObject<{
    email: z.ZodEmail;
    name: z.ZodString;
    role: z.ZodDefault<z.ZodEnum<{
        agent: "agent";
        manager: "manager";
    }>>;
    channels: z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>>>;
    email_sent: z.ZodOptional<z.ZodBoolean>;
    expires_in: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const SeedOptOut: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>;
    platform_user_id: z.ZodString;
    status: z.ZodDefault<z.ZodEnum<{
        opted_out: "opted_out";
        opted_in: "opted_in";
    }>>;
    scope: z.ZodOptional<z.ZodEnum<{
        comment_dm: "comment_dm";
        broadcast: "broadcast";
        all: "all";
    }>>;
    method: z.ZodOptional<z.ZodString>;
    keyword: z.ZodOptional<z.ZodString>;
    ago: z.ZodDefault<z.ZodString>;
}, z.core.$strict>;
export declare const SeedBlockedUser: z.ZodObject<{
    channel: z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
    }>;
    platform_user_id: z.ZodOptional<z.ZodString>;
    ig_username: z.ZodOptional<z.ZodString>;
    display_name: z.ZodOptional<z.ZodString>;
    unblocked: z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
/** Spread into the seed's account object. */
export declare const seedMessagingFields: {
    channels: z.ZodOptional<z.ZodArray<z.ZodObject<{
        channel: z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
            sms: "sms";
            telegram: "telegram";
            whatsapp: "whatsapp";
        }>;
        connected: z.ZodDefault<z.ZodBoolean>;
        messaging_permitted: z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>>>;
    team: z.ZodOptional<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        email: z.ZodEmail;
        role: z.ZodDefault<z.ZodEnum<{
            agent: "agent";
            manager: "manager";
        }>>;
        status: z.ZodDefault<z.ZodEnum<{
            online: "online";
            away: "away";
            busy: "busy";
            offline: "offline";
        }>>;
        avatar_url: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        channels: z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
            sms: "sms";
            telegram: "telegram";
            whatsapp: "whatsapp";
        }>>>>;
        total_resolved: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>>;
    invitations: z.ZodOptional<z.ZodArray<z.ZodObject<{
        email: z.ZodEmail;
        name: z.ZodString;
        role: z.ZodDefault<z.ZodEnum<{
            agent: "agent";
            manager: "manager";
        }>>;
        channels: z.ZodOptional<z.ZodNullable<z.ZodArray<z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
            sms: "sms";
            telegram: "telegram";
            whatsapp: "whatsapp";
        }>>>>;
        email_sent: z.ZodOptional<z.ZodBoolean>;
        expires_in: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    conversations: z.ZodOptional<z.ZodArray<z.ZodObject<{
        channel: z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
            sms: "sms";
            telegram: "telegram";
            whatsapp: "whatsapp";
        }>;
        platform_user_id: z.ZodString;
        name: z.ZodOptional<z.ZodString>;
        ig_username: z.ZodOptional<z.ZodString>;
        status: z.ZodDefault<z.ZodEnum<{
            archived: "archived";
            pending: "pending";
            active: "active";
            resolved: "resolved";
            escalated: "escalated";
        }>>;
        ai_pause_reason: z.ZodDefault<z.ZodNullable<z.ZodEnum<{
            escalated: "escalated";
            assigned: "assigned";
            owner_claimed: "owner_claimed";
            solicitation: "solicitation";
            fraud: "fraud";
            connected_account: "connected_account";
        }>>>;
        assigned_to: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
        assigned_to_email: z.ZodOptional<z.ZodEmail>;
        tags: z.ZodOptional<z.ZodArray<z.ZodString>>;
        created_ago: z.ZodOptional<z.ZodString>;
        window: z.ZodOptional<z.ZodEnum<{
            open: "open";
            closed: "closed";
        }>>;
        messages: z.ZodDefault<z.ZodArray<z.ZodObject<{
            sender_type: z.ZodDefault<z.ZodString>;
            sender_name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
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
            text: z.ZodOptional<z.ZodNullable<z.ZodString>>;
            is_template: z.ZodDefault<z.ZodBoolean>;
            body_purged: z.ZodDefault<z.ZodBoolean>;
            copilot_draft: z.ZodDefault<z.ZodBoolean>;
            ago: z.ZodDefault<z.ZodString>;
        }, z.core.$strict>>>;
    }, z.core.$strict>>>;
    opt_outs: z.ZodOptional<z.ZodArray<z.ZodObject<{
        channel: z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
            sms: "sms";
            telegram: "telegram";
            whatsapp: "whatsapp";
        }>;
        platform_user_id: z.ZodString;
        status: z.ZodDefault<z.ZodEnum<{
            opted_out: "opted_out";
            opted_in: "opted_in";
        }>>;
        scope: z.ZodOptional<z.ZodEnum<{
            comment_dm: "comment_dm";
            broadcast: "broadcast";
            all: "all";
        }>>;
        method: z.ZodOptional<z.ZodString>;
        keyword: z.ZodOptional<z.ZodString>;
        ago: z.ZodDefault<z.ZodString>;
    }, z.core.$strict>>>;
    blocked_users: z.ZodOptional<z.ZodArray<z.ZodObject<{
        channel: z.ZodEnum<{
            facebook: "facebook";
            instagram: "instagram";
        }>;
        platform_user_id: z.ZodOptional<z.ZodString>;
        ig_username: z.ZodOptional<z.ZodString>;
        display_name: z.ZodOptional<z.ZodString>;
        unblocked: z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>>>;
};
