/** HTTP for the account summary and API keys (4.1). */
import { created, listResult, ok } from '../../core/route.js';
import { pageNewestFirst } from '../../core/pagination.js';
import { routesFor } from '../../groups/define.js';
import type { AccountModel, ApiKeyRecord } from './model.js';
import { IdParams } from '../shared/schemas.js';
import { AccountSummary, ApiKey, CreateApiKeyBody, CreatedApiKey } from './schemas.js';

const tag = 'Account and API keys';
const route = routesFor<AccountModel>();

export const accountRoutes = [
  route({
    operationId: 'getAccount',
    method: 'GET',
    path: '/account',
    tag,
    summary: 'Account summary: plan, add-on, the calling key and webhook endpoints',
    section: '4.1',
    scope: 'read',
    scopeSource: 'assumption',
    success: { statuses: [200], schema: AccountSummary, envelope: 'data' },
    handler: ({ caller }, { model }) => ok(model.summary(caller)),
  }),

  route({
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/api-keys',
    tag,
    summary: 'List every API key of the account, revoked ones included; key material is never listed',
    section: '4.1',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: ApiKey, envelope: 'list' },
    handler: ({ caller, page }, { model }) => {
      const present = (key: ApiKeyRecord) => model.present(key, caller.keyId);
      return listResult(pageNewestFirst(model.keyIds(caller.accountId), model.keyById, page, undefined, present));
    },
  }),

  route({
    operationId: 'createApiKey',
    method: 'POST',
    path: '/api-keys',
    tag,
    summary: 'Mint a key up to the caller’s own reach; the plaintext is returned only here',
    section: '4.1',
    scope: 'admin',
    scopeSource: 'spec',
    body: CreateApiKeyBody,
    replaySecrets: ['api_key'],
    success: { statuses: [201], schema: CreatedApiKey, envelope: 'data' },
    errors: ['plan_limit_reached'],
    handler: ({ caller, body }, { model }) => {
      const { record, plaintext } = model.mint(caller.accountId, caller.scope, body.name, body.scope);
      return created({ ...model.present(record, caller.keyId), api_key: plaintext });
    },
  }),

  route({
    operationId: 'revokeApiKey',
    method: 'DELETE',
    path: '/api-keys/{id}',
    tag,
    summary: 'Revoke a key at once, up to the caller’s own reach (as minting); a key cannot revoke itself',
    section: '4.1',
    scope: 'admin',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: ApiKey, envelope: 'data' },
    errors: ['cannot_revoke_self'],
    handler: ({ caller, params }, { model }) => ok(model.present(model.revoke(caller.accountId, caller, params.id), caller.keyId)),
  }),
];
