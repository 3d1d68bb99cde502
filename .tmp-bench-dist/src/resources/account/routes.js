/** HTTP for the account summary and API keys (4.1). */
import { created, listResult, ok } from '../../core/route.js';
import { pageNewestFirst } from '../../core/pagination.js';
import { defineRoute } from '../app.js';
import { IdParams } from '../shared/schemas.js';
import { AccountSummary, ApiKey, CreateApiKeyBody, CreatedApiKey } from './schemas.js';
const tag = 'Account and API keys';
export const accountRoutes = [
    defineRoute({
        operationId: 'getAccount',
        method: 'GET',
        path: '/account',
        tag,
        summary: 'Account summary: plan, add-on, the calling key and webhook endpoints',
        section: '4.1',
        scope: 'read',
        scopeSource: 'assumption',
        success: { statuses: [200], schema: AccountSummary, envelope: 'data' },
        handler: ({ app, caller }) => {
            const account = app.models.account.getAccount(caller.accountId);
            return ok({
                account: {
                    id: account.id,
                    business_name: account.business_name,
                    plan: account.plan,
                    addon: account.addon_active ? 'active' : 'inactive',
                },
                api_key: { id: caller.keyId, scope: caller.scope },
                webhooks: { endpoints: app.models.accountSummary.webhookEndpoints(caller.accountId) },
            });
        },
    }),
    defineRoute({
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
        handler: ({ app, caller, page }) => {
            const { keys, present } = app.models.account;
            return listResult(pageNewestFirst(keys.idsOfAccount(caller.accountId), (id) => keys.get(id), page, undefined, (key) => present(key, caller.keyId)));
        },
    }),
    defineRoute({
        operationId: 'createApiKey',
        method: 'POST',
        path: '/api-keys',
        tag,
        summary: 'Mint a key up to the caller’s own reach; the plaintext is returned only here',
        section: '4.1',
        scope: 'admin',
        scopeSource: 'spec',
        body: CreateApiKeyBody,
        success: { statuses: [201], schema: CreatedApiKey, envelope: 'data' },
        errors: ['plan_limit_reached'],
        handler: ({ app, caller, body }) => {
            const model = app.models.account;
            const { record, plaintext } = model.mint(caller.accountId, caller.scope, body.name, body.scope);
            return created({ ...model.present(record, caller.keyId), api_key: plaintext });
        },
    }),
    defineRoute({
        operationId: 'revokeApiKey',
        method: 'DELETE',
        path: '/api-keys/{id}',
        tag,
        summary: 'Revoke a key at once; a key cannot revoke itself',
        section: '4.1',
        scope: 'admin',
        scopeSource: 'spec',
        params: IdParams,
        success: { statuses: [200], schema: ApiKey, envelope: 'data' },
        errors: ['cannot_revoke_self'],
        handler: ({ app, caller, params }) => {
            const model = app.models.account;
            return ok(model.present(model.revoke(caller.accountId, caller.keyId, params.id), caller.keyId));
        },
    }),
];
//# sourceMappingURL=routes.js.map