/**
 * The registry of resource groups: one line per group for its model and one for its routes.
 * Models are created in dependency order; a group reaches another only through `models`.
 */
import type { AppRoute, CoreServices } from './app.js';
import { createAccountModel } from './account/model.js';
import { accountRoutes } from './account/routes.js';
import { createAccountSummary } from './account/summary.js';
import { createHooks } from './hooks.js';
import { createWebhooks } from './webhooks/index.js';
import { webhookRoutes } from './webhooks/routes.js';
import { createTagsModel } from './tags/model.js';
import { tagRoutes } from './tags/routes.js';
import { createCustomFieldsModel } from './custom-fields/model.js';
import { customFieldRoutes } from './custom-fields/routes.js';
import { createContactsModel } from './contacts/model.js';
import { contactRoutes } from './contacts/routes.js';
import { createMessagingModels, messagingRoutes } from './conversations/group.js';

export function createModels(core: CoreServices) {
  const hooks = createHooks();
  const account = createAccountModel(core);
  const accountSummary = createAccountSummary();
  const tags = createTagsModel(core, { hooks });
  const customFields = createCustomFieldsModel(core);
  const contacts = createContactsModel(core, { hooks, tags, customFields });
  const webhooks = createWebhooks(core, accountSummary);
  const messaging = createMessagingModels(core, { hooks, account, contacts, tags });
  return { hooks, account, accountSummary, tags, customFields, contacts, webhooks, ...messaging };
}

export type Models = ReturnType<typeof createModels>;

export const apiRoutes: readonly AppRoute[] = [...accountRoutes, ...webhookRoutes, ...contactRoutes, ...customFieldRoutes, ...tagRoutes, ...messagingRoutes];
