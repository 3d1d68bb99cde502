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
export function createModels(core) {
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
export const apiRoutes = [...accountRoutes, ...webhookRoutes, ...contactRoutes, ...customFieldRoutes, ...tagRoutes, ...messagingRoutes];
//# sourceMappingURL=index.js.map