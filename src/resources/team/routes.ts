/** HTTP for the team and its invitations (4.10). */
import { created, listResult, ok } from '../../core/route.js';
import { wholeSet } from '../../core/pagination.js';
import { routesFor } from '../../groups/define.js';
import type { TeamModel } from './model.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import {
  CancelledInvitation,
  CreateInvitationBody,
  DeletedTeamMember,
  PatchMemberBody,
  TeamInvitation,
  TeamMember,
} from './schemas.js';

const tag = 'Team';
const route = routesFor<TeamModel>();

export const teamRoutes = [
  route({
    operationId: 'listTeam',
    method: 'GET',
    path: '/team',
    tag,
    summary: 'Team members ordered by name, in one page',
    section: '4.10',
    scope: 'read',
    scopeSource: 'spec',
    list: { defaultLimit: 100, wholeSet: true },
    success: { statuses: [200], schema: TeamMember, envelope: 'list' },
    handler: ({ caller }, { model }) =>
      listResult(wholeSet(model.list(caller.accountId).map(model.presentMember))),
  }),

  route({
    operationId: 'listTeamInvitations',
    method: 'GET',
    path: '/team/invitations',
    tag,
    summary: 'Pending invitations, newest first (expired and cancelled ones are gone)',
    section: '4.10',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: TeamInvitation, envelope: 'list' },
    handler: ({ caller, page }, { model: { invitations } }) => {
      const found = invitations.page(caller.accountId, page);
      return listResult({ ...found, data: found.data.map(invitations.present) });
    },
  }),

  route({
    operationId: 'createTeamInvitation',
    method: 'POST',
    path: '/team/invitations',
    tag,
    summary: 'Invite someone; the pending invitation holds a seat for 7 days',
    description:
      '409 already_member or invitation_pending for a known address; 403 plan_limit_reached when members plus pending ' +
      'invitations fill the plan’s seats. invite_link appears only when email_sent is false.',
    section: '4.10',
    scope: 'admin',
    scopeSource: 'spec',
    body: CreateInvitationBody,
    bodyRequired: true,
    success: { statuses: [201], schema: TeamInvitation, envelope: 'data' },
    errors: ['already_member', 'invitation_pending', 'plan_limit_reached'],
    handler: ({ caller, body }, { model: { invitations } }) =>
      created(invitations.present(invitations.create(caller.accountId, { ...body, channels: body.channels ?? null }))),
  }),

  route({
    operationId: 'resendTeamInvitation',
    method: 'POST',
    path: '/team/invitations/{id}/resend',
    tag,
    summary: 'Issue a new link, reset the expiry to 7 days and email a reminder',
    section: '4.10',
    scope: 'admin',
    scopeSource: 'spec',
    params: IdParams,
    body: EmptyBody,
    success: { statuses: [200], schema: TeamInvitation, envelope: 'data' },
    handler: ({ caller, params }, { model: { invitations } }) => ok(invitations.present(invitations.resend(caller.accountId, params.id))),
  }),

  route({
    operationId: 'cancelTeamInvitation',
    method: 'DELETE',
    path: '/team/invitations/{id}',
    tag,
    summary: 'Cancel a pending invitation and free its seat',
    section: '4.10',
    scope: 'admin',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: CancelledInvitation, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const invitation = model.invitations.cancel(caller.accountId, params.id);
      return ok({ id: invitation.id, object: 'team_invitation', deleted: true });
    },
  }),

  route({
    operationId: 'updateTeamMember',
    method: 'PATCH',
    path: '/team/{id}',
    tag,
    summary: 'Change a member’s role and channels (null = every channel); takes effect at next login',
    section: '4.10',
    scope: 'admin',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchMemberBody,
    success: { statuses: [200], schema: TeamMember, envelope: 'data' },
    handler: ({ caller, params, body }, { model }) => ok(model.presentMember(model.update(caller.accountId, params.id, body))),
  }),

  route({
    operationId: 'deleteTeamMember',
    method: 'DELETE',
    path: '/team/{id}',
    tag,
    summary: 'Remove a member: login stops at once and their conversations are unassigned; no event fires',
    section: '4.10',
    scope: 'admin',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: DeletedTeamMember, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const { member, unassigned } = model.removeMember(caller.accountId, params.id);
      return ok({ id: member.id, object: 'team_member', deleted: true, conversations_unassigned: unassigned });
    },
  }),
];
