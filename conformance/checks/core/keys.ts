/**
 * Account summary and API keys (4.1, 2.28, 2.29): shapes against the spec-as-code schemas, 201
 * on create with the plaintext once, key material never listed, minting only up to the caller's
 * reach, no self-revoke, no reach into another account, and (assumption) the 11th active key and
 * what a revoke answers.
 *
 * Revoked keys stay listed for good, so the checks spend as few as they can: the key keys.create
 * mints becomes the run's read key, the self-revoke probe uses the run's admin key, and the
 * cross-account check aims at a revoked key an earlier run left in account B.
 */
import { AccountSummary, ApiKey, CreatedApiKey } from '../../../src/resources/account/schemas.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectShape, expectStatus, expectSuccess, fail, readData, readList } from '../../runner/expect.js';
import { KIT_NAME } from '../../safety/tombstones.js';
import { covers } from '../../spec/routes.js';
import { costOf, dataOf, numericId, skipIfScopeRefused, walk } from '../helpers.js';

const group = 'keys';

async function mint(ctx: CheckContext, key: string, scope: string, hint: string, statuses: readonly number[] = [201]): Promise<{ id: number; plaintext: string }> {
  const response = await ctx.send({ method: 'POST', path: '/api-keys', key, body: { name: ctx.name(hint), scope } });
  if (response.status === 403 && (response.json as { error?: { code?: string } } | undefined)?.error?.code === 'plan_limit_reached') {
    return ctx.skip('plan_limit_reached', 'the account has no room for another active key');
  }
  expectStatus(response, statuses, `POST /api-keys (scope ${scope})`);
  const data = expectShape(readData(response, 'POST /api-keys'), CreatedApiKey, 'POST /api-keys result (2.28)', response);
  if (data.api_key === undefined) fail(`POST /api-keys answered ${response.status} without the plaintext api_key (2.28: returned on creation)`, response);
  return { id: data.id, plaintext: data.api_key };
}

/**
 * A key known to be admin, and how to name it. `a:admin` is the given key only when a well-formed
 * GET /account said it is admin; otherwise (a full key, or an answer the probe could not read) it
 * is an admin key the run minted. The given key's scope as the run observed it ("it minted a key,
 * so at least admin") is never taken for "exactly admin": that guess made a full key look like an
 * admin key that had minted beyond its reach (audit 10b F10).
 */
async function adminKey(ctx: CheckContext): Promise<{ admin: string; who: string }> {
  const admin = await ctx.scopeKey('admin');
  const given = ctx.keys.value(admin) === ctx.keys.value('a');
  return { admin, who: given ? 'the given --api-key (GET /account says it is admin)' : 'an admin key the kit minted' };
}

export const keyChecks: CheckDefinition[] = [
  {
    id: 'keys.account-summary',
    title: "GET /account answers the account summary shape, with the key's real scope",
    clause: '2.29',
    level: 'spec',
    group,
    profile: 'read-only',
    // Last, so it knows what the key did during the run.
    final: true,
    routes: ['GET /account'],
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: '/account' });
      expectStatus(response, 200, 'GET /account');
      expectShape(readData(response, 'GET /account'), AccountSummary, 'account summary (2.29)', response);
      // The claim is judged against what the key did during the run, never the other way round.
      const mismatch = ctx.keys.mismatch;
      if (mismatch) fail(`GET /account says the key's scope is ${mismatch.claimed ?? 'unknown'}, but ${mismatch.evidence}: api_key.scope must be the calling key's scope (2.29)`, response);
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
    cost: costOf(3),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const { id, plaintext } = await mint(ctx, admin, 'read', 'create');
      const listed = await walk(ctx, '/api-keys', { limit: 100 });
      const item = listed.items.find((key) => key['id'] === id);
      if (!item) fail(`GET /api-keys: the key just created (id ${id}) is not listed`, listed.pages[0]);
      if ('api_key' in item) fail('GET /api-keys: the plaintext is returned only on creation (2.28)', listed.pages[0]);
      if (!ctx.keys.has('a:read') && ctx.keys.scopeOf('a') !== 'read') {
        // The run's read key from now on: no second key is minted for the scope matrix.
        ctx.keys.add('a:read', plaintext, 'a', 'read', '<minted read key>');
        ctx.keys.idOf.set('a:read', id);
        ctx.keys.heldIds.add(id);
        return;
      }
      expectSuccess(await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: admin }), `DELETE /api-keys/${id}`);
      ctx.ledger.forget('api-key', id);
    },
  },
  {
    id: 'keys.revoke-answer',
    title: 'DELETE /api-keys/{id} answers 200 with the key, revoked',
    clause: '4.1',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['POST /api-keys', 'DELETE /api-keys/{id}'],
    // Last, with a key the run minted anyway (the sweep would revoke it).
    final: true,
    cost: costOf(2),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const label = ctx.keys.minted().find((held) => ctx.keys.value(held) !== ctx.keys.value(admin));
      const id = label === undefined ? (await ctx.setup('mint a key to revoke', () => mint(ctx, admin, 'read', 'revoke', [200, 201]))).id : ctx.keys.idOf.get(label)!;
      const revoked = await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: admin });
      ctx.ledger.forget('api-key', id);
      if (label !== undefined) ctx.keys.remove(label);
      expectStatus(revoked, 200, `DELETE /api-keys/${id}`);
      if (dataOf(revoked)?.['id'] !== id || dataOf(revoked)?.['revoked'] !== true) fail('DELETE /api-keys/{id} should answer the key with revoked true (our choice: docs/decisions.md)', revoked);
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
      const { admin, who } = await adminKey(ctx);
      const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('reach'), scope: 'full' } });
      if (response.status >= 200 && response.status < 300) fail(`POST /api-keys: ${who} minted a full key (4.1: admin mints read, write, admin)`, response);
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
      const { admin, who } = await adminKey(ctx);
      const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('reach'), scope: 'full' } });
      expectError(response, 403, 'insufficient_scope', `POST /api-keys {scope: full} with ${who}`, { param: 'scope' });
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
    cost: costOf(2),
    async run(ctx) {
      // A key of the kit's own (never the given one), so a server that wrongly revokes it harms
      // nothing else: the run's admin key when it minted one, else a fresh one.
      const main = ctx.keys.scopeOf('a');
      if (!main || !covers(main, 'admin')) return ctx.skip('needs_key_of_scope:admin');
      let label = ctx.keys.minted().find((held) => ctx.keys.scopeOf(held) === 'admin' || ctx.keys.scopeOf(held) === 'full');
      if (label === undefined && covers(main, 'full')) label = (await ctx.scopeKey('admin').catch(() => undefined)) ?? undefined;
      if (label === undefined || !ctx.keys.idOf.has(label)) {
        const { id, plaintext } = await ctx.setup('mint an admin key', () => mint(ctx, 'a', 'admin', 'self', [200, 201]));
        ctx.keys.add('a:self', plaintext, 'a', 'admin', '<minted admin key>');
        ctx.keys.idOf.set('a:self', id);
        label = 'a:self';
      }
      const id = ctx.keys.idOf.get(label)!;
      const response = await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: label });
      // A key that did revoke itself is gone: later checks mint another.
      if (response.status >= 200 && response.status < 300) {
        ctx.keys.remove(label);
        ctx.ledger.forget('api-key', id);
      }
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
      // A revoked key of account B that an earlier run left (a tombstone) is all this needs: its id.
      const id = await ctx.setup("find or make a revoked key in account B", async () => {
        const listedB = await walk(ctx, '/api-keys', { key: 'b', limit: 100 });
        const tombstone = listedB.items.find((key) => key['revoked'] === true && typeof key['name'] === 'string' && KIT_NAME.test(key['name']));
        const reused = numericId(tombstone?.['id']);
        if (reused !== undefined) {
          ctx.fields.noteReused();
          return reused;
        }
        const minted = await ctx.send({ method: 'POST', path: '/api-keys', key: 'b', body: { name: ctx.name('other account'), scope: 'read' } });
        skipIfScopeRefused(ctx, minted, 'admin');
        expectSuccess(minted, 'account B: POST /api-keys');
        const made = numericId(readData(minted, 'POST /api-keys')['id']);
        if (made === undefined) fail('account B: POST /api-keys: data.id is missing', minted);
        expectSuccess(await ctx.send({ method: 'DELETE', path: `/api-keys/${made}`, key: 'b' }), `account B: DELETE /api-keys/${made}`);
        ctx.ledger.forget('api-key', made);
        return made;
      });
      const admin = await ctx.keyFor('admin');
      const listed = await walk(ctx, '/api-keys', { limit: 100 });
      const own = listed.items.find((key) => key['id'] === id);
      if (own) {
        const fromB = await walk(ctx, '/api-keys', { key: 'b', limit: 100 });
        const theirs = fromB.items.find((key) => key['id'] === id);
        if (theirs && theirs['name'] === own['name'] && theirs['created_at'] === own['created_at']) fail(`GET /api-keys lists key ${id} of another account`, listed.pages[0]);
        // A key of A's own carries that id (ids per account): revoking it would harm the account.
        return;
      }
      // Harmless even on a server that leaks across accounts: the key is already revoked.
      const response = await ctx.send({ method: 'DELETE', path: `/api-keys/${id}`, key: admin, harmless: true });
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
        await ctx.setup('fill the account up to 10 active keys', async () => {
          for (let n = active; n < 10; n++) await mint(ctx, admin, 'read', 'cap', [200, 201]);
        });
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
