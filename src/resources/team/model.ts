/**
 * The team group's model: members (members.ts) and invitations (invitations.ts), with what the
 * team list shows of the conversations a member holds. Conversations depend on the team, not
 * the other way round, so the team asks through its hooks and the conversations group answers.
 */
import { hook, type HooksOf } from '../../core/hooks.js';
import type { CoreServices } from '../../groups/services.js';
import type { AccountModel } from '../account/model.js';
import { createInvitationsModel } from './invitations.js';
import { createMembersModel, type TeamMemberRecord } from './members.js';
import type { TeamMemberData } from './schemas.js';

export type { TeamMemberRecord } from './members.js';

export interface TeamNeeds {
  readonly account: AccountModel;
}

export const teamHooks = {
  /** How many open conversations the member holds (answered by the conversations group). */
  memberActivity: hook<[accountId: number, memberId: number], number>(),
  /** The member is being removed: unassign what they hold and answer how many were unassigned. */
  memberRemoved: hook<[accountId: number, memberId: number], number>(),
};

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export function createTeamModel(core: CoreServices, needs: TeamNeeds, hooks: HooksOf<typeof teamHooks>) {
  const members = createMembersModel(core);
  const invitations = createInvitationsModel(core, { team: members, account: needs.account });

  return {
    ...members,
    invitations,

    /** A member as GET /team shows them, with their open conversations counted. */
    presentMember(member: TeamMemberRecord): TeamMemberData {
      return members.present(member, sum(hooks.memberActivity.run(member.account_id, member.id)));
    },

    /** DELETE /team/{id}: login stops at once, conversations are unassigned; no event fires (4.10). */
    removeMember(accountId: number, id: number): { member: TeamMemberRecord; unassigned: number } {
      const member = members.get(accountId, id);
      const unassigned = sum(hooks.memberRemoved.run(accountId, member.id));
      members.remove(accountId, member.id);
      return { member, unassigned };
    },
  };
}

export type TeamModel = ReturnType<typeof createTeamModel>;
