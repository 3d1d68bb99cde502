/**
 * The per-account messaging arrays of the seed format (docs/fixtures.md): `channels`, `team`,
 * `invitations`, `conversations` (with transcripts, in any status), `opt_outs` and
 * `blocked_users`. They reuse the API's and the sandbox's own field rules.
 */
import { z } from 'zod';
import { Channel } from '../shared/schemas.js';
import { MEMBER_STATUSES, MemberChannels, TeamRole } from '../team/schemas.js';
import { OPT_OUT_STATUSES, OptOutScope } from '../opt-outs/schemas.js';
import { Ago, SeedConversationInput } from './schemas.js';
export const SeedChannelState = z.strictObject({
    channel: Channel,
    connected: z.boolean().default(true),
    messaging_permitted: z.boolean().default(true),
});
export const SeedTeamMember = z.strictObject({
    name: z.string().trim().min(1).max(255),
    email: z.email().max(254),
    role: TeamRole.default('agent'),
    status: z.enum(MEMBER_STATUSES).default('offline'),
    avatar_url: z.string().min(1).max(2048).nullable().optional(),
    channels: MemberChannels.optional(),
    total_resolved: z.number().int().min(0).optional(),
});
export const SeedInvitation = z.strictObject({
    email: z.email().max(254),
    name: z.string().trim().min(1).max(255),
    role: TeamRole.default('agent'),
    channels: MemberChannels.optional(),
    email_sent: z.boolean().optional().describe('Default: false for reserved domains (.test, .invalid, .example, .localhost).'),
    expires_in: Ago.optional().describe('Default 7d.'),
});
export const SeedOptOut = z.strictObject({
    channel: Channel,
    platform_user_id: z.string().min(1).max(255),
    status: z.enum(OPT_OUT_STATUSES).default('opted_out'),
    scope: OptOutScope.optional(),
    method: z.string().min(1).max(50).optional(),
    keyword: z.string().min(1).max(50).optional(),
    ago: Ago.default('0s').describe('When it was recorded.'),
});
export const SeedBlockedUser = z
    .strictObject({
    channel: z.enum(['facebook', 'instagram']),
    platform_user_id: z.string().min(1).max(255).optional(),
    ig_username: z.string().regex(/^@?[A-Za-z0-9._]{1,30}$/).optional(),
    display_name: z.string().min(1).max(255).optional(),
    unblocked: z.boolean().default(false).describe('A lifted block: kept, not listed.'),
})
    .refine((row) => row.platform_user_id !== undefined || row.ig_username !== undefined, {
    message: 'a block needs platform_user_id or ig_username',
    path: ['platform_user_id'],
});
/** Spread into the seed's account object. */
export const seedMessagingFields = {
    channels: z.array(SeedChannelState).optional(),
    team: z.array(SeedTeamMember).optional(),
    invitations: z.array(SeedInvitation).optional(),
    conversations: z.array(SeedConversationInput).optional(),
    opt_outs: z.array(SeedOptOut).optional(),
    blocked_users: z.array(SeedBlockedUser).optional(),
};
//# sourceMappingURL=seed-schema.js.map