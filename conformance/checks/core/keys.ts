/**
 * Account summary and API keys (4.1, 2.28, 2.29): shapes against the spec-as-code schemas, 201
 * on create with the plaintext once, key material never listed, minting only up to the caller's
 * reach, no self-revoke, no reach into another account, and (assumption) the 11th active key.
 */
import { AccountSummary, ApiKey, CreatedApiKey } from '../../../src/resources/account/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, fail, readData, readList } from '../../runner/expect.js';
import { covers } from '../../spec/routes.js';
import { costOf, dataOf, walk } from '../helpers.js';

const group = 'keys';

async function mint(ctx: CheckContext, key: string, scope: string, hint: string): Promise<{ id: number; plaintext: string }> {
  const response = await ctx.send({ method: 'POST', path: '/api-keys', key, body: { name: ctx.name(hint), scope } });
  if (response.status === 403 && (response.json as { error?: { code?: string } } | undefined)?.error?.code === 'plan_limit_reached') {
    return ctx.skip('plan_limit_reached', 'the account has no room for another active key');
  }
  expectStatus(response, 201, `POST /api-keys (scope ${scope})`);
  const data = expectShape(readData(response, 'POST /api-keys'), CreatedApiKey, 'POST /api-keys result (2.28)', response);
  if (data.api_key === undefined) fail('POST /api-keys answered 201 without the plaintext api_key (2.28: returned on creation)', response);
  return { id: data.id, plaintext: data.api_key };
}

export const keyChecks: CheckDefinition[] = [
  {
    id: 'keys.account-summary',
    title: 'GET /account answers the account summary shape',
    clause: '2.29',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      expectStatus(response, 200, 'GET /account');
      const summary = expectShape(readData(response, 'GET /account'), AccountSummary, 'account summary (2.29)', response);
      if (summary.api_key.scope !== ctx.target.scope) fail('GET /account: api_key.scope should be the calling key\'s scope', response);
    },
  },
  {
    id: 'keys.list-shape',
    title: 'GET /api-keys lists keys without key material',
    clause: '2.28',
    level: 'spec',
    group,
    profile: 'read-only',
    routes: ['GET /api-keys'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/api-keys', query: { limit: 100 } });
      expectStatus(response, 200, 'GET /api-keys');
      const list = readList(response, 'GET /api-keys');
      let current = 0;
      for (const item of list.data) {
        expectShape(item, ApiKey, 'API key (2.28)', response);
        if (typeof item === 'object' && item !== null && 'api_key' in item) fail('GET /api-keys: key material must never be listed (2.28)', response);
        if ((item as { is_current?: unknown }).is_current === true) current++;
      }
      if (!list.has_more && current !== 1) fail(`GET /api-keys: exactly one key should be is_current, found ${current}`, response);
    },
  },
  {
    id: 'keys.create',
    title: 'POST /api-keys answers 201 with the plaintext once',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys', 'GET /api-keys', 'DELETE /api-keys/{id}'],
    cost: costOf(4),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const { id } = await mint(ctx, admin, 'read', 'create');
      const listed = await walk(ctx, '/api-keys', { limit: 100 });
      const item = listed.items.find((key) => key['id'] === id);
      if (!item) fail(`GET /api-keys: the key just created (id ${id}) is not listed`, listed.pages[0]);
      if ('api_key' in item) fail('GET /api-keys: the plaintext is returned only on creation (2.28)', listed.pages[0]);
      const revoked = await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: admin });
      expectStatus(revoked, 200, `DELETE /api-keys/${id}`);
      ctx.ledger.forget('api-key', id);
      if (dataOf(revoked)?.['revoked'] !== true) fail('DELETE /api-keys/{id}: the key should come back revoked', revoked);
    },
  },
  {
    id: 'keys.mint-reach',
    title: 'An admin key cannot mint a full key',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys'],
    cost: costOf(2),
    async run(ctx) {
      const admin = ctx.keys.scopeOf('a') === 'admin' ? 'a' : await ctx.scopeKey('admin');
      const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('reach'), scope: 'full' } });
      if (response.status >= 200 && response.status < 300) fail('POST /api-keys: an admin key minted a full key (4.1: admin mints read, write, admin)', response);
      if (response.status < 400 || response.status >= 500) fail(`POST /api-keys beyond reach: expected a 4xx refusal, got HTTP ${response.status}`, response);
    },
  },
  {
    id: 'keys.mint-reach-code',
    title: 'Minting beyond reach is 403 insufficient_scope naming scope',
    clause: '4.1',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['POST /api-keys'],
    cost: costOf(1),
    async run(ctx) {
      const admin = ctx.keys.scopeOf('a') === 'admin' ? 'a' : await ctx.scopeKey('admin');
      const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('reach'), scope: 'full' } });
      expectError(response, 403, 'insufficient_scope', 'POST /api-keys {scope: full} with an admin key', { param: 'scope' });
    },
  },
  {
    id: 'keys.cannot-revoke-self',
    title: 'A key revoking itself gives 409 cannot_revoke_self',
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys', 'DELETE /api-keys/{id}'],
    cost: costOf(3),
    async run(ctx) {
      // A fresh key of the kit's own, so a server that wrongly revokes it harms nothing else.
      const main = ctx.keys.scopeOf('a');
      if (!main || !covers(main, 'admin')) return ctx.skip('needs_key_of_scope:admin');
      const { id, plaintext } = await mint(ctx, 'a', 'admin', 'self');
      ctx.keys.add('a:self', plaintext, 'a', 'admin', '<minted admin key>');
      const response = await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: 'a:self' });
      expectError(response, 409, 'cannot_revoke_self', 'DELETE /api-keys/{own id}');
    },
  },
  {
    id: 'keys.other-account',
    title: "Another account's key is not found (404) and not listed",
    clause: '4.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys', 'DELETE /api-keys/{id}', 'GET /api-keys'],
    needs: ['key_b'],
    cost: costOf(4),
    async run(ctx) {
      const scopeB = ctx.keys.scopeOf('b');
      if (!scopeB || !covers(scopeB, 'admin')) return ctx.skip('needs_key_b_of_scope:admin');
      const { id } = await mint(ctx, 'b', 'read', 'other account');
      const admin = await ctx.keyFor('admin');
      const listed = await walk(ctx, '/api-keys', { limit: 100 });
      if (listed.items.some((key) => key['id'] === id)) fail(`GET /api-keys lists key ${id} of another account`, listed.pages[0]);
      const response = await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: admin });
      expectError(response, 404, 'not_found', `DELETE /api-keys/${id} (a key of another account)`);
    },
  },
  {
    id: 'keys.active-cap',
    title: 'The 11th active key gives 403 plan_limit_reached',
    clause: '8',
    level: 'assumption',
    group,
    profile: 'full',
    routes: ['POST /api-keys', 'GET /api-keys', 'DELETE /api-keys/{id}'],
    cost: costOf(24),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const listed = await walk(ctx, '/api-keys', { limit: 100 });
      const active = listed.items.filter((key) => key['revoked'] !== true).length;
      const before = new Set(ctx.ledger.ofKind('api-key').map((entry) => entry.id));
      try {
        for (let n = active; n < 10; n++) await mint(ctx, admin, 'read', 'cap');
        const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('cap'), scope: 'read' } });
        expectError(response, 403, 'plan_limit_reached', 'POST /api-keys with 10 active keys');
      } finally {
        // Frees the slots at once (whatever the check made, even when it failed half-way): later
        // checks mint keys too.
        for (const entry of ctx.ledger.ofKind('api-key')) {
          if (before.has(entry.id)) continue;
          await ctx.send({ method: 'DELETE', path: entry.path, key: admin });
          ctx.ledger.forget('api-key', entry.id);
        }
      }
    },
  },
];
