/**
 * Team (4.10, 2.16, 8): the member list is the whole set by name with no credentials; an
 * invitation is pending for 7 days, carries `invite_link` only when no email went out, cannot be
 * sent twice to a pending address, and cancels cleanly. Members exist only by accepting an
 * invitation, which the kit can do on the simulator alone; role changes and removal run there.
 */
import { DeletedTeamMember, TeamInvitation, TeamMember } from '../../src/resources/team/schemas.js';
import type { CheckContext, CheckDefinition } from '../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../runner/expect.js';
import { costOf } from './helpers.js';
import { sandbox } from './sandbox.js';

const group = 'team';
const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;

/** `judged`: 201 where the invitation is under test (4.10 states it); any 2xx when it is a setup step. */
async function invite(ctx: CheckContext, hint: string, judged = true) {
  const admin = await ctx.keyFor('admin');
  // The run prefix stays at the start of the address, so the sweep can find it by name.
  const email = `${ctx.name(hint)}@example.com`;
  const response = await ctx.send({ method: 'POST', path: '/team/invitations', key: admin, body: { email, name: `${ctx.prefix} invitee` } });
  if (response.status === 403) return ctx.skip('plan_limit_reached', 'no free seat for an invitation');
  if (judged) expectStatus(response, 201, 'POST /team/invitations');
  else expectSuccess(response, 'POST /team/invitations');
  const invitation = expectShape(readData(response, 'POST /team/invitations'), TeamInvitation, 'invitation (2.16)', response);
  ctx.ledger.add({ kind: 'invitation', id: invitation.id, account: 'a', method: 'DELETE', path: `/team/invitations/${invitation.id}`, seq: response.exchange.seq });
  return { admin, email, invitation, response };
}

export const teamChecks: CheckDefinition[] = [
  {
    id: 'team.list',
    title: 'GET /team is the whole set, by name, without credentials',
    clause: '4.10',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /team'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/team' });
      expectStatus(response, 200, 'GET /team');
      const list = readList(response, 'GET /team');
      if (list.has_more) fail('GET /team is a whole-set list (has_more false)', response);
      const names = list.data.map((m) => expectShape(m, TeamMember, 'team member (2.16)', response).name);
      for (let i = 1; i < names.length; i++) {
        if (names[i - 1]!.localeCompare(names[i]!, 'en', { sensitivity: 'base' }) > 0) fail(`GET /team is not ordered by name: "${names[i - 1]}" before "${names[i]}"`, response);
      }
      if (/"(password|password_hash|secret|token|permissions?)"\s*:/i.test(response.text)) fail('GET /team exposes credential or permission data (2.16)', response);
    },
  },
  {
    id: 'team.invitation',
    title: 'An invitation is pending 7 days, invite_link only without email, no duplicate, cancellable',
    clause: '4.10',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /team/invitations', 'GET /team/invitations', 'DELETE /team/invitations/{id}'],
    cost: costOf(5),
    async run(ctx) {
      const { admin, email, invitation, response } = await invite(ctx, 'inv');
      const lifetime = Date.parse(invitation.expires_at) - Date.parse(invitation.created_at);
      if (Math.abs(lifetime - SEVEN_DAYS_MS) > 60_000) fail(`an invitation expires after 7 days; this one after ${Math.round(lifetime / 3600_000)} h`, response);
      if ((invitation.invite_link !== undefined) === invitation.email_sent) fail('invite_link is present only when email_sent is false (2.16)', response);
      const again = await ctx.send({ method: 'POST', path: '/team/invitations', key: admin, body: { email, name: 'again' } });
      expectError(again, 409, 'invitation_pending', 'POST /team/invitations for an address with a pending invitation');
      const listed = await ctx.send({ path: '/team/invitations' });
      if (!readList(listed, 'GET /team/invitations').data.some((i) => (i as { id?: unknown }).id === invitation.id)) fail('GET /team/invitations leaves out the new invitation', listed);
      // 4.10 says the invitation is cancelled, not which 2xx says so.
      expectSuccess(await ctx.send({ method: 'DELETE', path: `/team/invitations/${invitation.id}`, key: admin }), 'DELETE /team/invitations/{id}');
      ctx.ledger.forget('invitation', invitation.id);
      const after = await ctx.send({ path: '/team/invitations' });
      if (readList(after, 'GET /team/invitations').data.some((i) => (i as { id?: unknown }).id === invitation.id)) fail('a cancelled invitation is still listed', after);
    },
  },
  {
    id: 'team.member',
    title: 'A member: PATCH role and channels (null = all), DELETE answers the result and unlists',
    clause: '4.10',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /team/invitations', 'PATCH /team/{id}', 'DELETE /team/{id}', 'GET /team'],
    cost: costOf(6),
    async run(ctx) {
      const { admin, invitation } = await ctx.setup('invite someone', () => invite(ctx, 'member', false));
      const accepted = await sandbox(ctx, 'POST', `/team/invitations/${invitation.id}/accept`);
      const member = await ctx.setup('the invitee accepts (sandbox)', async () => {
        expectStatus(accepted, 201, 'sandbox: the invitee accepts');
        return expectShape(readData(accepted, 'accept'), TeamMember, 'team member (2.16)', accepted);
      });
      ctx.ledger.forget('invitation', invitation.id);
      ctx.ledger.add({ kind: 'team-member', id: member.id, account: 'a', method: 'DELETE', path: `/team/${member.id}`, seq: accepted.exchange.seq });
      const promoted = await ctx.send({ method: 'PATCH', path: `/team/${member.id}`, key: admin, body: { role: 'manager', channels: ['sms'] } });
      expectStatus(promoted, 200, 'PATCH /team/{id}');
      const data = expectShape(readData(promoted, 'PATCH /team/{id}'), TeamMember, 'team member (2.16)', promoted);
      if (data.role !== 'manager' || JSON.stringify(data.channels) !== '["sms"]') fail('PATCH /team/{id} should set role and channels', promoted);
      const all = await ctx.send({ method: 'PATCH', path: `/team/${member.id}`, key: admin, body: { channels: null } });
      if (readData(all, 'PATCH /team/{id}')['channels'] !== null) fail('channels null means every channel and should read null', all);
      const removed = await ctx.send({ method: 'DELETE', path: `/team/${member.id}`, key: admin });
      // 2.16 states the delete result, so the success must carry it.
      expectSuccess(removed, 'DELETE /team/{id}');
      const result = expectShape(readData(removed, 'DELETE /team/{id}'), DeletedTeamMember, 'delete result (2.16)', removed);
      if (result.id !== member.id) fail('the delete result should name the member', removed);
      ctx.ledger.forget('team-member', member.id);
      const team = await ctx.send({ path: '/team' });
      if (readList(team, 'GET /team').data.some((m) => (m as { id?: unknown }).id === member.id)) fail('a removed member is still listed', team);
    },
  },
];
