/** The invitee's side: accepting an invitation creates the member, and the seat passes to them. */
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import type { TeamModel } from './model.js';
import { TeamMember } from './schemas.js';

const power = powersFor<GroupContext<TeamModel>>();

export const teamPowers = {
  acceptInvitation: power.account({
    operationId: 'sandboxAcceptInvitation',
    method: 'POST',
    path: '/team/invitations/{id}/accept',
    summary: 'The invitee accepts: a team member is created and the seat passes to them',
    params: IdParams,
    output: TeamMember,
    status: 201,
    run: ({ accountId, params }, { model }) => model.presentMember(model.invitations.accept(accountId, params.id)),
  }),
};
