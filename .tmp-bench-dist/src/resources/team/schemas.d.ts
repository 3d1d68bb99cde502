/** Team member and invitation shapes (2.16) and the team request bodies (4.10). No logic here. */
import { z } from 'zod';
export declare const TEAM_ROLES: readonly ["agent", "manager"];
export declare const MEMBER_STATUSES: readonly ["online", "away", "busy", "offline"];
export declare const TeamRole: z.ZodEnum<{
    agent: "agent";
    manager: "manager";
}>;
/** A list of channels, or null for every channel. Duplicates are refused so the list reads as a set. */
export declare const MemberChannels: z.ZodNullable<z.ZodArray<z.ZodEnum<{
    facebook: "facebook";
    instagram: "instagram";
    sms: "sms";
    telegram: "telegram";
    whatsapp: "whatsapp";
}>>>;
export declare const TeamMember: z.ZodObject<{
    id: z.ZodNumber;
    name: z.ZodString;
    email: z.ZodString;
    role: z.ZodEnum<{
        agent: "agent";
        manager: "manager";
    }>;
    status: z.ZodEnum<{
        online: "online";
        away: "away";
        busy: "busy";
        offline: "offline";
    }>;
    avatar_url: z.ZodNullable<z.ZodString>;
    active_conversations: z.ZodNumber;
    total_resolved: z.ZodNumber;
    channels: z.ZodNullable<z.ZodArray<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>>;
    created_at: z.ZodString;
}, z.core.$strip>;
export declare const TeamInvitation: z.ZodObject<{
    id: z.ZodNumber;
    email: z.ZodString;
    role: z.ZodEnum<{
        agent: "agent";
        manager: "manager";
    }>;
    channels: z.ZodNullable<z.ZodArray<z.ZodEnum<{
        facebook: "facebook";
        instagram: "instagram";
        sms: "sms";
        telegram: "telegram";
        whatsapp: "whatsapp";
    }>>>;
    status: z.ZodLiteral<"pending">;
    expires_at: z.ZodString;
    created_at: z.ZodString;
    email_sent: z.ZodBoolean;
    invite_link: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export declare const CreateInvitationBody: z.ZodObject<{
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
}, z.core.$strict>;
export declare const PatchMemberBody: z.ZodObject<{
    role: z.ZodOptional<z.ZodEnum<{
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
}, z.core.$strict>;
export declare const DeletedTeamMember: z.ZodObject<{
    id: z.ZodNumber;
    object: z.ZodLiteral<"team_member">;
    deleted: z.ZodLiteral<true>;
    conversations_unassigned: z.ZodNumber;
}, z.core.$strip>;
export declare const CancelledInvitation: z.ZodObject<{
    id: z.ZodNumber;
    object: z.ZodLiteral<"team_invitation">;
    deleted: z.ZodLiteral<true>;
}, z.core.$strip>;
export type TeamMemberData = z.infer<typeof TeamMember>;
export type TeamInvitationData = z.infer<typeof TeamInvitation>;
export type TeamRoleValue = z.infer<typeof TeamRole>;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
