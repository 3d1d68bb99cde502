/** The account and its API keys: who is calling, with what reach, on which plan. */
import { accountPull } from './pull.js';
import { defineGroup } from '../../groups/define.js';
import { accountHooks, createAccountModel } from './model.js';
import { accountRoutes } from './routes.js';
import { accountSeed } from './seed.js';

export const accountGroup = defineGroup({
  name: 'account',
  description: 'The account summary and API keys (2.28, 2.29, 4.1, 5): keys stored hashed, minted up to the caller’s reach.',
  needs: [],
  hooks: accountHooks,
  model: ({ core, hooks }) => createAccountModel(core, hooks),
  routes: accountRoutes,
  seed: accountSeed,
  pull: accountPull,
});
