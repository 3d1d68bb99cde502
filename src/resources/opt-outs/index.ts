/** Opt-outs: SMS STOP/START and Meta opt-outs by scope, and what each one stops. */
import { optOutPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { contactsGroup } from '../contacts/index.js';
import { conversationsGroup } from '../conversations/index.js';
import { createOptOutsModel } from './model.js';
import { optOutRoutes } from './routes.js';
import { optOutPowers } from './sandbox.js';
import { optOutSeed } from './seed.js';

export const optOutsGroup = defineGroup({
  name: 'optOuts',
  description: 'Opt-outs (2.15, 4.9): SMS records that opt back in, Meta records by scope, newest recorded first.',
  needs: [contactsGroup, conversationsGroup],
  model: ({ core, needs }) => createOptOutsModel(core, needs),
  listen: ({ model, on }) => {
    on.contacts.contactDeleted.add((accountId, contactId) => model.unlinkContact(accountId, contactId));
    on.conversations.claimGuard.add((accountId, person) => model.refuseClaim(accountId, person));
  },
  routes: optOutRoutes,
  seed: optOutSeed,
  pull: optOutPull,
  sandbox: optOutPowers,
});
