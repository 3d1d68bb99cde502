/** Webhook endpoints, Standard Webhooks signing, and delivery with retries on the virtual clock. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { webhookEvents } from './events.js';
import { createWebhooksModel } from './model.js';
import { webhookRoutes } from './routes.js';
import { webhookPull } from './pull.js';
import { webhookPowers } from './sandbox.js';
import { webhookSeed } from './seed.js';

export const webhooksGroup = defineGroup({
  name: 'webhooks',
  description: 'Webhook endpoints (2.27, 3.7, 4.1, 6): governance, signing secrets, per-endpoint queues, retries, a delivery log.',
  needs: [accountGroup],
  model: ({ core }) => createWebhooksModel(core),
  listen: ({ model, on, core }) => {
    on.account.summaryEndpoints.add((accountId) => model.summaries(accountId));
    core.lifecycle.started.add(() => model.dispatcher.start(core.settings.webhookTransport));
    core.lifecycle.restored.add(() => model.dispatcher.resume());
    core.lifecycle.closing.add(() => model.dispatcher.stop());
  },
  routes: webhookRoutes,
  events: webhookEvents,
  seed: webhookSeed,
  pull: webhookPull,
  sandbox: webhookPowers,
});
