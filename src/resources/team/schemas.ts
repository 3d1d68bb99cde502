/** Team member and invitation shapes (2.16) and the team request bodies (4.10). No logic here. */
import { z } from 'zod';
import { named } from '../../openapi/components.js';
import { Channel, Timestamp } from '../shared/schemas.js';

export const TEAM_ROLES = ['agent', 'manager'] as const;
export const MEMBER_STATUSES = ['online', 'away', 'busy', 'offline'] as const;

export const TeamRole = z.enum(TEAM_ROLES).describe('An agent answers conversations; a manager also gets dashboard, leads, AI settings and content.');

/** A list of channels, or null for every channel. Duplicates are refused so the list reads as a set. */
export const MemberChannels = z
  .array(Channel)
  .min(1)
  .max(5)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a channel')
  .nullable()
  .describe('Channels the member works on; null means every channel.');

export const TeamMember = named(
  'TeamMember',
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: TeamRole,
    status: z.enum(MEMBER_STATUSES),
    avatar_url: z.string().nullable(),
    active_conversations: z.number().int().describe('Assigned conversations that are not resolved or archived.'),
    total_resolved: z.number().int(),
    channels: z.array(Channel).nullable(),
    created_at: Timestamp,
  }),
);

export const TeamInvitation = named(
  'TeamInvitation',
  z.object({
    id: z.number().int(),
    email: z.string(),
    role: TeamRole,
    channels: z.array(Channel).nullable(),
    status: z.literal('pending'),
    expires_at: Timestamp,
    created_at: Timestamp,
    email_sent: z.boolean(),
    invite_link: z.string().optional().describe('Present only when email_sent is false: hand the link over yourself.'),
  }),
);

export const CreateInvitationBody = z.strictObject({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(255),
  role: TeamRole.default('agent'),
  channels: MemberChannels.optional().describe('Omit (or null) for every channel.'),
});

/** At least one field: refused after the member is found (core/empty-patch.ts). */
export const PatchMemberBody = z.strictObject({
  role: TeamRole.optional(),
  channels: MemberChannels.optional(),
});

export const DeletedTeamMember = named(
  'DeletedTeamMember',
  z.object({
    id: z.number().int(),
    object: z.literal('team_member'),
    deleted: z.literal(true),
    conversations_unassigned: z.number().int(),
  }),
);

export const CancelledInvitation = named(
  'CancelledTeamInvitation',
  z.object({
    id: z.number().int(),
    object: z.literal('team_invitation'),
    deleted: z.literal(true),
  }),
);

export type TeamMemberData = z.infer<typeof TeamMember>;
export type TeamInvitationData = z.infer<typeof TeamInvitation>;
export type TeamRoleValue = z.infer<typeof TeamRole>;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
