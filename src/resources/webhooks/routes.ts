/** HTTP for webhook endpoints (4.1). Writes need `admin` (spec); reads take `read` (our choice). */
import { pageNewestFirst } from '../../core/pagination.js';
import { created, listResult, ok } from '../../core/route.js';
import { routesFor } from '../../groups/define.js';
import type { WebhooksModel } from './model.js';
import { EmptyBody, IdParams } from '../shared/schemas.js';
import {
  CreateWebhookEndpointBody,
  DeletedWebhookEndpoint,
  TestWebhookBody,
  UpdateWebhookEndpointBody,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from './schemas.js';

const tag = 'Webhook endpoints';
const route = routesFor<WebhooksModel>();
const write = { tag, section: '4.1', scope: 'admin', scopeSource: 'spec' } as const;
const read = { tag, section: '4.1', scope: 'read', scopeSource: 'assumption' } as const;

export const webhookRoutes = [
  route({
    ...read,
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/webhooks/endpoints',
    summary: 'List webhook endpoints (at most 3), newest first; secrets are never listed',
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: WebhookEndpoint, envelope: 'list' },
    handler: ({ caller, page }, { model: { endpoints } }) =>
      listResult(pageNewestFirst(endpoints.ids(caller.accountId), endpoints.byId, page, undefined, endpoints.present)),
  }),

  route({
    ...write,
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/webhooks/endpoints',
    summary: 'Create an endpoint, paused; the signing secret is returned only here and on rotate',
    body: CreateWebhookEndpointBody,
    bodyRequired: true,
    success: { statuses: [201], schema: WebhookEndpointWithSecret, envelope: 'data' },
    errors: ['plan_limit_reached'],
    handler: ({ caller, body }, { model: { endpoints } }) => {
      const record = endpoints.create(caller.accountId, body);
      return created({ ...endpoints.present(record), signing_secret: record.secret });
    },
  }),

  route({
    ...read,
    operationId: 'getWebhookEndpoint',
    method: 'GET',
    path: '/webhooks/endpoints/{id}',
    summary: 'One endpoint (no secret)',
    params: IdParams,
    success: { statuses: [200], schema: WebhookEndpoint, envelope: 'data' },
    handler: ({ caller, params }, { model: { endpoints } }) => ok(endpoints.present(endpoints.getOwned(caller.accountId, params.id))),
  }),

  route({
    ...write,
    operationId: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/webhooks/endpoints/{id}',
    summary: 'Partial update; governance is partial; enabled true needs attested governance with a purpose',
    params: IdParams,
    body: UpdateWebhookEndpointBody,
    success: { statuses: [200], schema: WebhookEndpoint, envelope: 'data' },
    errors: ['governance_incomplete'],
    handler: ({ caller, params, body }, { model: { endpoints } }) => ok(endpoints.present(endpoints.update(caller.accountId, params.id, body))),
  }),

  route({
    ...write,
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/webhooks/endpoints/{id}',
    summary: 'Delete an endpoint; its queued deliveries are dropped',
    params: IdParams,
    success: { statuses: [200], schema: DeletedWebhookEndpoint, envelope: 'data' },
    handler: ({ caller, params }, { model }) => {
      const record = model.removeEndpoint(caller.accountId, params.id);
      return ok({ id: record.id, deleted: true });
    },
  }),

  route({
    ...write,
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    path: '/webhooks/endpoints/{id}/rotate-secret',
    summary: 'New signing secret, returned once; for 24 h deliveries are signed with the old and the new',
    params: IdParams,
    body: EmptyBody,
    success: { statuses: [200], schema: WebhookEndpointWithSecret, envelope: 'data' },
    handler: ({ caller, params }, { model: { endpoints } }) => {
      const record = endpoints.rotateSecret(caller.accountId, params.id);
      return ok({ ...endpoints.present(record), signing_secret: record.secret });
    },
  }),

  route({
    ...write,
    operationId: 'testWebhookEndpoint',
    method: 'POST',
    path: '/webhooks/endpoints/{id}/test',
    summary: 'Deliver a sample event at once, even when paused; `delivered` is true on a 2xx',
    description:
      'One signed attempt, no retries, outside the endpoint queue. The request waits for the answer (up to timeout_ms).',
    params: IdParams,
    body: TestWebhookBody,
    success: { statuses: [200], schema: WebhookTestResult, envelope: 'data' },
    handler: async ({ caller, params, body }, { model }) =>
      ok(await model.dispatcher.test(caller.accountId, params.id, body.channel ?? 'meta')),
  }),
];
