/**
 * The registry of resource groups: one line per group for its model and one for its routes.
 * Models are created in dependency order; a group reaches another only through `models`.
 */
import type { AppRoute, CoreServices } from './app.js';
import { createAccountModel } from './account/model.js';
import { accountRoutes } from './account/routes.js';
import { createAccountSummary } from './account/summary.js';
import { createHooks } from './hooks.js';

export function createModels(core: CoreServices) {
  const hooks = createHooks();
  const account = createAccountModel(core);
  const accountSummary = createAccountSummary();
  return { hooks, account, accountSummary };
}

export type Models = ReturnType<typeof createModels>;

export const apiRoutes: readonly AppRoute[] = [...accountRoutes];
