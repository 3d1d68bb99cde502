/** The team: members, invitations that hold seats, roles and channel access. */
import { teamPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { createTeamModel, teamHooks } from './model.js';
import { teamRoutes } from './routes.js';
import { teamPowers } from './sandbox.js';
import { teamSeed } from './seed.js';

export const teamGroup = defineGroup({
  name: 'team',
  description: 'Team members and invitations (2.16, 3.7, 4.10): seats per plan, 7-day invitations, removal that unassigns.',
  needs: [accountGroup],
  hooks: teamHooks,
  model: ({ core, needs, hooks }) => createTeamModel(core, needs, hooks),
  routes: teamRoutes,
  seed: teamSeed,
  pull: teamPull,
  sandbox: teamPowers,
});
