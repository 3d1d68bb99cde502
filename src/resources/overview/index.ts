/** Overview analytics (2.14, 4.8): the account's last 30 days against the 30 before. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { appointmentsGroup } from '../appointments/index.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { flowsGroup } from '../flows/index.js';
import { knowledgeGroup } from '../knowledge/index.js';
import { messagesGroup } from '../messages/index.js';
import { sendingGroup } from '../sending/index.js';
import { createOverviewModel, overviewHooks } from './model.js';
import { overviewMutants } from './mutants.js';
import { overviewRoutes } from './routes.js';
import { overviewPowers } from './sandbox.js';

export const overviewGroup = defineGroup({
  name: 'overview',
  description:
    'Overview analytics (2.14): the fixed rolling 30-day window against the 30 days before, every count {current, previous}; ' +
    'flow entries, comment trigger fires and which bot lines were automation replies come from the groups that answer its three collecting hooks.',
  needs: [accountGroup, contactsGroup, messagesGroup, conversationsGroup, sendingGroup, knowledgeGroup, flowsGroup, appointmentsGroup],
  hooks: overviewHooks,
  model: ({ core, needs, hooks }) => createOverviewModel(core, needs, hooks),
  routes: overviewRoutes,
  sandbox: overviewPowers,
  mutants: overviewMutants,
  // Nothing of its own to copy: every count derives from the groups it reads, and the usage
  // switches are sandbox state no public GET shows.
  pull: { sections: [] },
});
