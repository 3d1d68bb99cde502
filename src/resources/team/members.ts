/**
 * Team members (2.16, 4.10). Credentials and permissions are never stored here, so they can
 * never leak into a response. Conversation counts come from the conversations group, which the
 * caller passes in: this model never imports it (conversations depend on the team, not back).
 */
import { ApiError, notFound } from '../../core/errors.js';
import type { Channel } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { CoreServices } from '../../groups/services.js';
import { z } from 'zod';
import { Channel as ChannelSchema, storedRecord, Timestamp } from '../shared/schemas.js';
import { MEMBER_STATUSES, TeamRole, type MemberStatus, type TeamMemberData, type TeamRoleValue } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export interface TeamMemberRecord extends Entity {
  readonly name: string;
  readonly email: string;
  readonly role: TeamRoleValue;
  readonly status: MemberStatus;
  readonly avatar_url: string | null;
  readonly channels: readonly Channel[] | null;
  readonly total_resolved: number;
  readonly created_at: string;
}

export interface NewMember {
  readonly name: string;
  readonly email: string;
  readonly role: TeamRoleValue;
  readonly channels: readonly Channel[] | null;
  readonly status?: MemberStatus;
  readonly avatar_url?: string | null;
  readonly total_resolved?: number;
  /** A pulled seed keeps the source's creation time (else now). */
  readonly created_at?: string | undefined;
}

export const emailKey = (accountId: number, email: string): string => `${accountId}:${email.toLowerCase()}`;

/** By name as people read it: case-insensitive, then exact, then id (a stable whole-set order). */
function byName(a: TeamMemberRecord, b: TeamMemberRecord): number {
  const la = a.name.toLowerCase();
  const lb = b.name.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}

export function createMembersModel(core: CoreServices) {
  const { store, clock } = core;
  const members = store.define<TeamMemberRecord>(
    'team_members',
    { email: { unique: true, key: (member) => emailKey(member.account_id, member.email) } },
    {
      schema: storedRecord({
        name: z.string().min(1).max(255),
        email: z.string().min(3).max(254),
        role: TeamRole,
        status: z.enum(MEMBER_STATUSES),
        avatar_url: z.string().max(2048).nullable(),
        channels: z.array(ChannelSchema).nullable(),
        total_resolved: z.number().int().min(0),
        created_at: Timestamp,
      }),
      sequence: 'team_member',
    },
  );

  function find(accountId: number, id: number): TeamMemberRecord | undefined {
    return members.getOwned(accountId, id);
  }

  return {
    find,

    get(accountId: number, id: number): TeamMemberRecord {
      const member = find(accountId, id);
      if (!member) throw notFound('Team member');
      return member;
    },

    findByEmail: (accountId: number, email: string): TeamMemberRecord | undefined =>
      members.findUnique('email', emailKey(accountId, email)),

    count: (accountId: number): number => members.countOfAccount(accountId),

    list: (accountId: number): TeamMemberRecord[] => [...members.ofAccount(accountId)].sort(byName),

    present(member: TeamMemberRecord, activeConversations: number): TeamMemberData {
      return {
        id: member.id,
        name: member.name,
        email: member.email,
        role: member.role,
        status: member.status,
        avatar_url: member.avatar_url,
        active_conversations: activeConversations,
        total_resolved: member.total_resolved,
        channels: member.channels === null ? null : [...member.channels],
        created_at: member.created_at,
      };
    },

    add(accountId: number, input: NewMember): TeamMemberRecord {
      if (members.findUnique('email', emailKey(accountId, input.email))) {
        throw new ApiError('already_member', `${input.email} is already a team member.`, { param: 'email' });
      }
      return members.insert({
        id: store.nextId('team_member'),
        account_id: accountId,
        name: input.name,
        email: input.email,
        role: input.role,
        status: input.status ?? 'offline',
        avatar_url: input.avatar_url ?? null,
        channels: input.channels,
        total_resolved: input.total_resolved ?? 0,
        created_at: input.created_at ?? clock.iso(),
      });
    },

    /** PATCH /team/{id}: role and channels (null = every channel); takes effect at next login. */
    update(accountId: number, id: number, patch: { role?: TeamRoleValue; channels?: readonly Channel[] | null }): TeamMemberRecord {
      const member = find(accountId, id);
      if (!member) throw notFound('Team member');
      refuseEmptyPatch(patch, ['role', 'channels']);
      return members.update(member.id, {
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.channels !== undefined ? { channels: patch.channels } : {}),
      });
    },

    /** Counts a resolved thread for the member it was assigned to. */
    recordResolved(accountId: number, id: number): void {
      const member = find(accountId, id);
      if (member) members.update(member.id, { total_resolved: member.total_resolved + 1 });
    },

    remove(accountId: number, id: number): TeamMemberRecord {
      const member = find(accountId, id);
      if (!member) throw notFound('Team member');
      members.remove(member.id);
      return member;
    },
  };
}

export type MembersModel = ReturnType<typeof createMembersModel>;
