/**
 * Team invitations (2.16, 3.7, 4.10, 8). An invitation is pending until accepted (sandbox),
 * expired (7 days on the virtual clock) or cancelled; a pending one holds a seat. Expiry is read
 * from the clock at every use rather than scheduled, so advancing the clock is all it takes.
 *
 * Seat caps per plan are "not shown"; ours are in SEAT_CAPS (docs/decisions.md). Seats count
 * members plus pending invitations; the account owner is not a team member and holds no seat.
 */
import { ApiError, notFound } from '../../core/errors.js';
import { countOf } from '../../core/plural.js';
import { pageItemsNewestFirst, type Page, type PageRequest } from '../../core/pagination.js';
import { sha256Hex } from '../../core/hash.js';
import { randomToken } from '../../core/random.js';
import type { Channel, Plan } from '../../core/types.js';
import type { Entity } from '../../store/collection.js';
import type { AccountModel } from '../account/model.js';
import type { CoreServices } from '../../groups/services.js';
import type { MembersModel, TeamMemberRecord } from './members.js';
import { z } from 'zod';
import { Channel as ChannelSchema, EpochMs, storedRecord, Timestamp } from '../shared/schemas.js';
import { TeamRole, type TeamInvitationData, type TeamRoleValue } from './schemas.js';

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const SEAT_CAPS: Readonly<Record<Plan, number>> = { free: 1, creator: 3, pro: 10, business: 25 };
export const INVITE_LINK_BASE = 'https://sandbox.switchboard.invalid/invite/';

/** Reserved top-level domains (RFC 2606/6761) never receive mail: the invitation email is not sent. */
const UNDELIVERABLE_TLDS = new Set(['test', 'invalid', 'localhost', 'example']);

export function emailDeliverable(email: string): boolean {
  const tld = email.slice(email.lastIndexOf('.') + 1).toLowerCase();
  return !UNDELIVERABLE_TLDS.has(tld);
}

export type InvitationStatus = 'pending' | 'accepted' | 'cancelled';

export interface InvitationRecord extends Entity {
  readonly email: string;
  readonly name: string;
  readonly role: TeamRoleValue;
  readonly channels: readonly Channel[] | null;
  readonly status: InvitationStatus;
  readonly token: string;
  readonly email_sent: boolean;
  readonly expires_ms: number;
  readonly created_at: string;
}

export interface NewInvitation {
  readonly email: string;
  readonly name: string;
  readonly role: TeamRoleValue;
  readonly channels: readonly Channel[] | null;
}

export interface InvitationsDeps {
  readonly team: MembersModel;
  readonly account: AccountModel;
}

export function createInvitationsModel(core: CoreServices, deps: InvitationsDeps) {
  const { store, clock } = core;
  const invitations = store.define<InvitationRecord>('team_invitations', {}, {
    schema: storedRecord({
      email: z.string().min(3).max(254),
      name: z.string().min(1).max(255),
      role: TeamRole,
      channels: z.array(ChannelSchema).nullable(),
      status: z.enum(['pending', 'accepted', 'cancelled']),
      token: z.string().min(1).max(128),
      email_sent: z.boolean(),
      expires_ms: EpochMs,
      created_at: Timestamp,
    }),
    sequence: 'team_invitation',
  });

  const isPending = (invitation: InvitationRecord): boolean =>
    invitation.status === 'pending' && invitation.expires_ms > clock.now();

  function pending(accountId: number): InvitationRecord[] {
    return [...invitations.ofAccount(accountId)].filter(isPending);
  }

  function getPending(accountId: number, id: number): InvitationRecord {
    const invitation = invitations.getOwned(accountId, id);
    if (!invitation || !isPending(invitation)) throw notFound('Invitation');
    return invitation;
  }

  function seatsUsed(accountId: number): number {
    return deps.team.count(accountId) + pending(accountId).length;
  }

  function seatCap(accountId: number): number {
    return SEAT_CAPS[deps.account.getAccount(accountId).plan];
  }

  /** 409 for a known address, then 403 when no seat is free. */
  function checkInvitable(accountId: number, email: string, ignoreId?: number): void {
    if (deps.team.findByEmail(accountId, email)) {
      throw new ApiError('already_member', `${email} is already a team member.`, { param: 'email' });
    }
    const lower = email.toLowerCase();
    if (pending(accountId).some((other) => other.id !== ignoreId && other.email.toLowerCase() === lower)) {
      throw new ApiError('invitation_pending', `${email} already has a pending invitation.`, { param: 'email' });
    }
  }

  return {
    isPending,
    seatsUsed,
    seatCap,

    /** A page of pending invitations, newest first (2.1: a list not named whole-set pages). */
    page: (accountId: number, page: PageRequest): Page<InvitationRecord> => pageItemsNewestFirst(pending(accountId), page),

    present(invitation: InvitationRecord): TeamInvitationData {
      const data: TeamInvitationData = {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        channels: invitation.channels === null ? null : [...invitation.channels],
        status: 'pending',
        expires_at: clock.iso(invitation.expires_ms),
        created_at: invitation.created_at,
        email_sent: invitation.email_sent,
      };
      if (!invitation.email_sent) data.invite_link = `${INVITE_LINK_BASE}${invitation.token}`;
      return data;
    },

    create(accountId: number, input: NewInvitation): InvitationRecord {
      checkInvitable(accountId, input.email);
      const cap = seatCap(accountId);
      if (seatsUsed(accountId) >= cap) {
        throw new ApiError('plan_limit_reached', `The plan has ${countOf(cap, 'seat')} and every one is taken (members and pending invitations).`);
      }
      return invitations.insert({
        id: store.nextId('team_invitation'),
        account_id: accountId,
        email: input.email,
        name: input.name,
        role: input.role,
        channels: input.channels,
        status: 'pending',
        token: randomToken(32),
        email_sent: emailDeliverable(input.email),
        expires_ms: clock.now() + INVITATION_TTL_MS,
        created_at: clock.iso(),
      });
    },

    /** New link, expiry reset to 7 days from now, reminder emailed. */
    resend(accountId: number, id: number): InvitationRecord {
      const invitation = getPending(accountId, id);
      return invitations.update(invitation.id, {
        token: randomToken(32),
        email_sent: emailDeliverable(invitation.email),
        expires_ms: clock.now() + INVITATION_TTL_MS,
      });
    },

    /** Cancels and frees the seat. */
    cancel(accountId: number, id: number): InvitationRecord {
      const invitation = getPending(accountId, id);
      return invitations.update(invitation.id, { status: 'cancelled' });
    },

    /** Sandbox: the invitee accepts; the seat passes from the invitation to the new member. */
    accept(accountId: number, id: number): TeamMemberRecord {
      const invitation = getPending(accountId, id);
      invitations.update(invitation.id, { status: 'accepted' });
      return deps.team.add(accountId, {
        name: invitation.name,
        email: invitation.email,
        role: invitation.role,
        channels: invitation.channels,
        status: 'online',
      });
    },

    /** Seeds: a pending invitation without the seat check (the seed states what it wants). */
    seed(accountId: number, input: NewInvitation & { email_sent?: boolean; created_ago_ms: number }): InvitationRecord {
      const id = store.nextId('team_invitation');
      return invitations.insert({
        id,
        account_id: accountId,
        email: input.email,
        name: input.name,
        role: input.role,
        channels: input.channels,
        status: 'pending',
        // Seeds are deterministic, so a seeded invite link is the same on every run.
        token: sha256Hex(`switchboard seed invitation ${id}`).slice(0, 32),
        email_sent: input.email_sent ?? emailDeliverable(input.email),
        // Sent `created_ago` in the past; it expires 7 days after it was sent, like any invitation (8).
        expires_ms: clock.now() - input.created_ago_ms + INVITATION_TTL_MS,
        created_at: clock.iso(clock.now() - input.created_ago_ms),
      });
    },
  };
}

