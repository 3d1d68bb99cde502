/**
 * Section 5 items 1, 3 and 5: where the key goes, and what a missing, unknown, revoked or
 * inactive key gets. Which two other headers carry a key is "not shown"; we accept
 * `Authorization: Bearer` and `X-Api-Key` (docs/decisions.md), so those checks are assumptions.
 */
import type { CheckDefinition } from '../../runner/check.js';
import { expectError, expectStatus, expectSuccess, fail, readData } from '../../runner/expect.js';
import { costOf, dataOf, numericId } from '../helpers.js';

const group = 'core';

export const authChecks: CheckDefinition[] = [
  {
    id: 'auth.preferred-header',
    title: 'A key in X-Service-Api-Key authenticates',
    clause: '5.1',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      expectStatus(response, 200, 'GET /account with X-Service-Api-Key');
      readData(response, 'GET /account');
    },
  },
  {
    id: 'auth.missing-key',
    title: 'No key gives 401 unauthorized',
    clause: '5.5',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(2),
    async run(ctx) {
      expectError(await ctx.send({ path: '/account', key: null }), 401, 'unauthorized', 'GET /account without a key');
      if (ctx.serves('GET', '/api-keys')) {
        expectError(await ctx.send({ path: '/api-keys', key: null }), 401, 'unauthorized', 'GET /api-keys without a key');
      }
    },
  },
  {
    id: 'auth.unknown-key',
    title: 'An unrecognised key gives 401 invalid_api_key',
    clause: '5.5',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const bogus = `${ctx.prefix}_not_a_key_0000000000000000`;
      expectError(await ctx.send({ path: '/account', keyValue: bogus }), 401, 'invalid_api_key', 'GET /account with an unknown key');
    },
  },
  {
    id: 'auth.revoked-key',
    title: 'A revoked key stops working at once (401 invalid_api_key)',
    clause: '5.5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys', 'DELETE /api-keys/{id}', 'GET /account'],
    // Last, so it revokes a key the run minted anyway (the sweep would revoke it): no extra
    // revoked key is left on the target for this check.
    final: true,
    cost: costOf(4),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const reusable = ctx.keys.minted().find((label) => ctx.keys.value(label) !== ctx.keys.value(admin) && ctx.keys.idOf.has(label));
      const { id, label } = await ctx.setup('have a key of the run to revoke', async () => {
        if (reusable !== undefined) return { id: ctx.keys.idOf.get(reusable)!, label: reusable };
        const minted = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('revoked probe'), scope: 'read' } });
        expectSuccess(minted, 'POST /api-keys');
        const data = readData(minted, 'POST /api-keys');
        const made = numericId(data['id']);
        const plaintext = data['api_key'];
        if (made === undefined || typeof plaintext !== 'string') fail('POST /api-keys: the result lacks id or api_key', minted);
        ctx.keys.add('a:revoked', plaintext, 'a', 'read', '<minted key, revoked>');
        return { id: made, label: 'a:revoked' };
      });
      const plaintext = ctx.keys.value(label)!;
      // By its label, so the pacer counts it against the account's quota.
      await ctx.setup('the key works before it is revoked', async () => expectStatus(await ctx.send({ path: '/account', key: label }), 200, 'GET /account with a key of the run'));
      // 4.1 says the key is revoked at once, not which 2xx says so.
      expectSuccess(await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: admin }), `DELETE /api-keys/${id}`);
      ctx.ledger.forget('api-key', id);
      ctx.keys.remove(label);
      const after = await ctx.send({ path: '/account', keyValue: plaintext });
      expectError(after, 401, 'invalid_api_key', 'GET /account with a key revoked a moment ago');
    },
  },
  {
    id: 'auth.addon-inactive',
    title: 'A valid key whose add-on is inactive gives 403 addon_inactive',
    clause: '5.5',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    needs: ['inactive_key'],
    cost: costOf(1),
    async run(ctx) {
      expectError(await ctx.send({ path: '/account', key: 'inactive' }), 403, 'addon_inactive', 'GET /account with an inactive add-on');
    },
  },
  {
    id: 'auth.alternative-headers',
    title: 'Authorization: Bearer and X-Api-Key also carry the key',
    clause: '5.1',
    level: 'assumption',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(2),
    async run(ctx) {
      expectStatus(await ctx.send({ path: '/account', keyHeader: 'authorization' }), 200, 'GET /account with Authorization: Bearer');
      expectStatus(await ctx.send({ path: '/account', keyHeader: 'x-api-key' }), 200, 'GET /account with X-Api-Key');
    },
  },
  {
    id: 'auth.preferred-header-wins',
    title: 'When several key headers are sent, X-Service-Api-Key wins',
    clause: '5.1',
    level: 'assumption',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account', headers: { Authorization: `Bearer ${ctx.prefix}_not_a_key` } });
      expectStatus(response, 200, 'GET /account with a good X-Service-Api-Key and a bad Authorization');
      const key = dataOf(response)?.['api_key'];
      if (typeof key !== 'object' || key === null) fail('GET /account: data.api_key should describe the calling key (2.29)', response);
    },
  },
];
