/** HTTP for the team and its invitations (4.10). */
import { created, listResult, ok } from '../../core/route.js';
import { wholeSet } from '../../core/pagination.js';
import { defineRoute, type App, type AppRoute } from '../app.js';
import { IdParams } from '../shared/schemas.js';
import type { TeamMemberRecord } from './model.js';
import {
  CancelledInvitation,
  CreateInvitationBody,
  DeletedTeamMember,
  PatchMemberBody,
  TeamInvitation,
  TeamMember,
} from './schemas.js';

const tag = 'Team';

function presentMember(app: App, member: TeamMemberRecord) {
  return app.models.team.present(member, app.models.conversations.activeCountFor(member.account_id, member.id));
}

export const teamRoutes: AppRoute[] = [
  defineRoute({
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
    handler: ({ app, caller }) =>
      listResult(wholeSet(app.models.team.list(caller.accountId).map((member) => presentMember(app, member)))),
  }),

  defineRoute({
    operationId: 'listTeamInvitations',
    method: 'GET',
    path: '/team/invitations',
    tag,
    summary: 'Pending invitations, newest first, in one page (expired and cancelled ones are gone)',
    section: '4.10',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 100, wholeSet: true },
    success: { statuses: [200], schema: TeamInvitation, envelope: 'list' },
    handler: ({ app, caller }) => {
      const model = app.models.invitations;
      return listResult(wholeSet(model.list(caller.accountId).map(model.present)));
    },
  }),

  defineRoute({
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
    handler: ({ app, caller, body }) => {
      const model = app.models.invitations;
      return created(model.present(model.create(caller.accountId, { ...body, channels: body.channels ?? null })));
    },
  }),

  defineRoute({
    operationId: 'resendTeamInvitation',
    method: 'POST',
    path: '/team/invitations/{id}/resend',
    tag,
    summary: 'Issue a new link, reset the expiry to 7 days and email a reminder',
    section: '4.10',
    scope: 'admin',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: TeamInvitation, envelope: 'data' },
    handler: ({ app, caller, params }) => {
      const model = app.models.invitations;
      return ok(model.present(model.resend(caller.accountId, params.id)));
    },
  }),

  defineRoute({
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
    handler: ({ app, caller, params }) => {
      const invitation = app.models.invitations.cancel(caller.accountId, params.id);
      return ok({ id: invitation.id, object: 'team_invitation', deleted: true });
    },
  }),

  defineRoute({
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
    handler: ({ app, caller, params, body }) => ok(presentMember(app, app.models.team.update(caller.accountId, params.id, body))),
  }),

  defineRoute({
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
    handler: ({ app, caller, params }) => {
      const member = app.models.team.get(caller.accountId, params.id);
      const unassigned = app.models.conversations.unassignMember(caller.accountId, member.id);
      app.models.team.remove(caller.accountId, member.id);
      return ok({ id: member.id, object: 'team_member', deleted: true, conversations_unassigned: unassigned });
    },
  }),
];
