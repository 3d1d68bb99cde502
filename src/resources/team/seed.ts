/**
 * The `team` and `invitations` sections of a seed account (docs/fixtures.md). Invitations skip
 * the seat check (the seed states what it wants) and get deterministic invite links.
 */
import { z } from 'zod';
import { parseDuration } from '../../core/duration.js';
import { seedFor } from '../../groups/define.js';
import { Duration } from '../shared/schemas.js';
import { oneCreationTime, SeedCreatedFields, seededCreatedAt } from '../shared/seed-created.js';
import defaults from './default-seed.json' with { type: 'json' };
import type { TeamModel } from './model.js';
import { MEMBER_STATUSES, MemberChannels, TeamRole } from './schemas.js';

export const SeedTeamMember = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  name: z.string().trim().min(1).max(255),
  email: z.email().max(254),
  role: TeamRole.default('agent'),
  status: z.enum(MEMBER_STATUSES).default('offline'),
  avatar_url: z.string().min(1).max(2048).nullable().optional(),
  channels: MemberChannels.optional(),
  total_resolved: z.number().int().min(0).optional(),
  ...SeedCreatedFields,
}).refine(...oneCreationTime);

export const SeedInvitation = z.strictObject({
  id: z.number().int().positive().optional().describe('Keep this id (a pulled seed); ids load in ascending order.'),
  email: z.email().max(254),
  name: z.string().trim().min(1).max(255),
  role: TeamRole.default('agent'),
  channels: MemberChannels.optional(),
  email_sent: z.boolean().optional().describe('Default: false for reserved domains (.test, .invalid, .example, .localhost).'),
  created_ago: Duration.default('0s').describe('How long ago it was sent; it expires 7 days after that (an expired one is not listed).'),
});

export const teamSeed = seedFor<TeamModel>()({
  fields: {
    team: z.array(SeedTeamMember).optional(),
    invitations: z.array(SeedInvitation).optional(),
  },
  defaults,
  ids: { team: 'team_member', invitations: 'team_invitation' },
  apply: ({ model, core, accountId, each }, { team, invitations }) => {
    const now = core.clock.now();
    each('team', team, (member) => {
      const { id: _id, created_ago: _ago, ...fields } = member;
      const created_at = seededCreatedAt(member, now);
      model.add(accountId, { ...fields, channels: member.channels ?? null, ...(created_at === undefined ? {} : { created_at }) });
    });
    each('invitations', invitations, (invitation) => {
      model.invitations.seed(accountId, {
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        channels: invitation.channels ?? null,
        ...(invitation.email_sent !== undefined ? { email_sent: invitation.email_sent } : {}),
        created_ago_ms: parseDuration(invitation.created_ago),
      });
    });
  },
});
