/**
 * Sandbox powers for webhooks: an endpoint's delivery log (every attempt with status, latency
 * and error), one delivery, redelivery of a finished one, and waiting until no attempt is in
 * flight (`sim.sandbox.webhooks.idle()`: emit, `await idle()`, advance the clock, look).
 */
import { z } from 'zod';
import { powersFor } from '../../control/power.js';
import type { GroupContext } from '../../groups/define.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import { scopeCovers, type Scope } from '../../core/types.js';
import type { DeliveryView } from './deliveries.js';
import type { WebhooksModel } from './model.js';
import { DeliveryQuery, DeliverySchema } from './schemas.js';

const power = powersFor<GroupContext<WebhooksModel>>();

/**
 * What a receiver answered is admin-only: the log must not let a read key (or anyone who can
 * point an endpoint somewhere) read what a URL serves. Other keys see `response_body: null`.
 */
function forCaller(view: DeliveryView, scope: Scope): DeliveryView {
  if (scopeCovers(scope, 'admin')) return view;
  return { ...view, attempts: view.attempts.map((attempt) => ({ ...attempt, response_body: null })) };
}

export const webhookPowers = {
  webhooks: {
    deliveries: power.account({
      operationId: 'sandboxListWebhookDeliveries',
      method: 'GET',
      scope: 'read',
      path: '/webhooks/endpoints/{id}/deliveries',
      summary: "An endpoint's delivery log, newest first: state, attempts with status, latency and error",
      params: IdParams,
      input: DeliveryQuery,
      list: true,
      output: DeliverySchema,
      run: ({ accountId, scope, params, input }, { model }) => model.deliveries(accountId, params.id, input.state).map((view) => forCaller(view, scope)),
    }),
    delivery: power.account({
      operationId: 'sandboxGetWebhookDelivery',
      method: 'GET',
      scope: 'read',
      path: '/webhooks/deliveries/{id}',
      summary: 'One delivery with all its attempts',
      params: IdParams,
      output: DeliverySchema,
      run: ({ accountId, scope, params }, { model }) => forCaller(model.delivery(accountId, params.id), scope),
    }),
    redeliver: power.account({
      operationId: 'sandboxRedeliverWebhook',
      method: 'POST',
      path: '/webhooks/deliveries/{id}/redeliver',
      summary: 'Queue a finished delivery again (same webhook-id) at the end of its endpoint queue',
      description: '409 conflict for a test delivery or one still queued.',
      params: IdParams,
      input: EmptyBody,
      output: DeliverySchema,
      status: 201,
      run: ({ accountId, params }, { model }) => model.redeliver(accountId, params.id),
    }),
    idle: power.operator({
      operationId: 'sandboxWebhooksIdle',
      method: 'POST',
      path: '/webhooks/idle',
      summary: 'Answer once no delivery attempt is in flight (queued retries wait on the virtual clock)',
      input: EmptyBody,
      output: z.object({ idle: z.literal(true) }),
      run: async (_call, { model }) => {
        await model.dispatcher.idle();
        return { idle: true as const };
      },
      fn: (invoke) => async (): Promise<void> => {
        await invoke({});
      },
    }),
  },
};
