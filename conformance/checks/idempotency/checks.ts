/**
 * Idempotency properties (section 5, "Idempotency"), with fast-check:
 * - a retry with the same key and body answers the original status and body with
 *   `Idempotent-Replayed: true`, successes and 4xx alike, and the resource exists exactly once;
 * - the same key with a different body, method or path is 422 `idempotency_key_reused`;
 * - a malformed key is 400 `invalid_idempotency_key` and creates nothing;
 * - keys are scoped to the account;
 * - concurrent duplicates have one effect (409 `idempotency_in_progress` or a replay).
 */
import fc from 'fast-check';
import type { KitResponse } from '../../http/client.js';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, expectStatus, expectSuccess, fail, idOf, readData } from '../../runner/expect.js';
import { canonical, costOf, perRun, skipIfScopeRefused } from '../helpers.js';
import { freshKey, keySuffix, malformedKey } from './arbitraries.js';
import { idempotentCreate, type IdempotentCreate } from './target.js';

const group = 'idempotency';
const REPLAYED = 'idempotent-replayed';
let counter = 0;

function expectReplay(first: KitResponse, second: KitResponse, what: string): void {
  if (second.status !== first.status) fail(`${what}: the replay answered HTTP ${second.status}, the original ${first.status}`, second);
  if (canonical(second.json) !== canonical(first.json)) fail(`${what}: the replay's body differs from the original's`, second);
  if (second.headers.get(REPLAYED) !== 'true') fail(`${what}: the replay lacks Idempotent-Replayed: true`, second);
  if (first.headers.get(REPLAYED) === 'true') fail(`${what}: the first response claims to be a replay`, first);
}

async function undo(ctx: CheckContext, target: IdempotentCreate, response: KitResponse): Promise<void> {
  // API keys count against the 10-key cap, so each case revokes its own at once.
  const id = idOf((response.json as { data?: unknown } | undefined)?.data);
  if (target.kind !== 'api-key' || id === undefined) return;
  await ctx.send({ method: 'DELETE', path: target.deletePath(id), key: target.key });
  ctx.ledger.forget(target.kind, id);
}

const post = (ctx: CheckContext, target: IdempotentCreate, body: unknown, idempotencyKey: string, key = target.key) =>
  ctx.send({ method: 'POST', path: target.path, key, body, idempotencyKey });

const ROUTES = ['POST /api-keys'];

/** The original request of a property: it must succeed for idempotency to be judged at all. */
function original(ctx: CheckContext, target: IdempotentCreate, body: unknown, idempotencyKey: string): Promise<KitResponse> {
  return ctx.setup(`the original request succeeds (POST ${target.path} with an Idempotency-Key)`, async () => {
    const response = await post(ctx, target, body, idempotencyKey);
    expectStatus(response, [200, 201], `POST ${target.path} with Idempotency-Key`);
    return response;
  });
}

export const idempotencyChecks: CheckDefinition[] = [
  {
    id: 'idempotency.replay',
    title: 'Same key and body: original status and body, Idempotent-Replayed, one effect',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: perRun(4),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      await ctx.fc.check(
        fc.asyncProperty(keySuffix, fc.nat(7), async (suffix, variant) => {
          const key = freshKey(ctx.prefix, ++counter, suffix);
          const name = ctx.name('idem');
          const first = await original(ctx, target, target.body(name, variant), key);
          const second = await post(ctx, target, target.body(name, variant), key);
          expectReplay(first, second, `POST ${target.path} retried with the same key`);
          const count = await target.count(name);
          if (count !== 1) fail(`POST ${target.path} sent twice with one key made ${count} resources named ${name}, not 1`, second);
          await undo(ctx, target, first);
        }),
      );
    },
  },
  {
    id: 'idempotency.replay-4xx',
    title: 'A 4xx answer is replayed too',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: perRun(2),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      await ctx.fc.check(
        fc.asyncProperty(keySuffix, async (suffix) => {
          const key = freshKey(ctx.prefix, ++counter, suffix);
          const body = target.invalidBody(ctx.name('idem4xx'));
          const first = await ctx.setup(`get a 400 to replay (POST ${target.path} with an invalid body)`, async () => {
            const response = await post(ctx, target, body, key);
            expectStatus(response, 400, `POST ${target.path} with an invalid body`);
            return response;
          });
          expectReplay(first, await post(ctx, target, body, key), `POST ${target.path} (invalid body) retried with the same key`);
        }),
        { runs: Math.max(1, Math.ceil(ctx.fc.runs / 2)) },
      );
    },
  },
  {
    id: 'idempotency.reuse-other-body',
    title: 'Same key with another body: 422 idempotency_key_reused, no effect',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: perRun(4),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      await ctx.fc.check(
        fc.asyncProperty(keySuffix, fc.nat(7), fc.constantFrom('name', 'other field'), async (suffix, variant, differs) => {
          const key = freshKey(ctx.prefix, ++counter, suffix);
          const name = ctx.name('reuse');
          const first = await original(ctx, target, target.body(name, variant), key);
          const otherName = differs === 'name' ? ctx.name('reuse') : name;
          const second = await post(ctx, target, target.body(otherName, differs === 'name' ? variant : variant + 1), key);
          expectError(second, 422, 'idempotency_key_reused', `POST ${target.path}: same key, body differing in ${differs}`);
          if (differs === 'name' && (await target.count(otherName)) !== 0) fail('the refused request created a resource anyway', second);
          await undo(ctx, target, first);
        }),
      );
    },
  },
  {
    id: 'idempotency.reuse-other-route',
    title: 'Same key on another method and path: 422, no effect',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: costOf(4),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      const key = freshKey(ctx.prefix, ++counter, 'route');
      const name = ctx.name('route');
      const { first, id } = await ctx.setup(`create something with an Idempotency-Key (POST ${target.path})`, async () => {
        const response = await post(ctx, target, target.body(name, 0), key);
        expectStatus(response, [200, 201], `POST ${target.path}`);
        const made = idOf(readData(response, `POST ${target.path}`));
        if (made === undefined) fail(`POST ${target.path}: data.id is missing`, response);
        return { first: response, id: made };
      });
      const second = await ctx.send({ method: 'DELETE', path: target.deletePath(id), key: target.key, idempotencyKey: key });
      expectError(second, 422, 'idempotency_key_reused', `DELETE ${target.deletePath(id)} with the key of a POST`);
      if ((await target.count(name)) !== 1) fail('the refused DELETE removed the resource anyway', second);
      await undo(ctx, target, first);
    },
  },
  {
    id: 'idempotency.malformed-key',
    title: 'A malformed key gives 400 invalid_idempotency_key and creates nothing',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: perRun(2),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      await ctx.fc.check(
        fc.asyncProperty(malformedKey, async (key) => {
          const name = ctx.name('badkey');
          const response = await post(ctx, target, target.body(name, 0), key);
          expectError(response, 400, 'invalid_idempotency_key', `POST ${target.path} with a malformed Idempotency-Key (${key.length} chars)`);
          if ((await target.count(name)) !== 0) fail('a request refused for its key created a resource anyway', response);
        }),
      );
    },
  },
  {
    id: 'idempotency.account-scoped',
    title: "One account's key does not replay another account's request",
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    needs: ['key_b'],
    cost: perRun(4),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      const needed = target.kind === 'api-key' ? 'admin' : 'write';
      await ctx.fc.check(
        fc.asyncProperty(keySuffix, fc.nat(7), async (suffix, variant) => {
          const key = freshKey(ctx.prefix, ++counter, suffix);
          const name = ctx.name('scoped');
          const a = await ctx.setup(`account A creates with an Idempotency-Key (POST ${target.path})`, async () => {
            const response = await post(ctx, target, target.body(name, variant), key);
            expectStatus(response, [200, 201], `account A: POST ${target.path}`);
            return response;
          });
          const b = await post(ctx, target, target.body(name, variant), key, 'b');
          skipIfScopeRefused(ctx, b, needed);
          // Which 2xx a create answers is the create checks' business; here B must get its own.
          expectStatus(b, [200, 201], `account B: POST ${target.path} with account A's key and body`);
          if (b.headers.get(REPLAYED) === 'true') fail("account B got a replay of account A's request", b);
          if (idOf((b.json as { data?: unknown } | undefined)?.data) === idOf((a.json as { data?: unknown } | undefined)?.data)) {
            fail("account B's answer names account A's resource", b);
          }
          if ((await target.count(name, 'b')) !== 1) fail('account B does not have exactly one resource of its own', b);
          await undo(ctx, target, a);
        }),
      );
    },
  },
  {
    id: 'idempotency.delete-replay',
    title: 'DELETE honours Idempotency-Key: replayed, deleted once',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: costOf(4),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      const name = ctx.name('delete');
      const id = await ctx.setup(`create something to delete (POST ${target.path})`, async () => {
        const created = await ctx.send({ method: 'POST', path: target.path, key: target.key, body: target.body(name, 0) });
        expectStatus(created, [200, 201], `POST ${target.path}`);
        const made = idOf(readData(created, `POST ${target.path}`));
        if (made === undefined) fail(`POST ${target.path}: data.id is missing`, created);
        return made;
      });
      const key = freshKey(ctx.prefix, ++counter, 'delete');
      const first = await ctx.send({ method: 'DELETE', path: target.deletePath(id), key: target.key, idempotencyKey: key });
      // Which 2xx a delete answers is the resource checks' business; the replay must match it.
      expectSuccess(first, `DELETE ${target.deletePath(id)}`);
      expectReplay(first, await ctx.send({ method: 'DELETE', path: target.deletePath(id), key: target.key, idempotencyKey: key }), 'DELETE retried with the same key');
      ctx.ledger.forget(target.kind, id);
    },
  },
  {
    id: 'idempotency.concurrent',
    title: 'Concurrent duplicates have one effect (409 idempotency_in_progress or a replay)',
    clause: '5',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ROUTES,
    cost: perRun(3),
    async run(ctx) {
      const target = await idempotentCreate(ctx);
      await ctx.fc.check(
        fc.asyncProperty(keySuffix, async (suffix) => {
          const key = freshKey(ctx.prefix, ++counter, suffix);
          const name = ctx.name('race');
          const body = target.body(name, 0);
          const [one, two] = await Promise.all([post(ctx, target, body, key), post(ctx, target, body, key)]);
          const ordered = [one, two].sort((x, y) => Number(x.headers.get(REPLAYED) === 'true' || x.status === 409) - Number(y.headers.get(REPLAYED) === 'true' || y.status === 409));
          const [original, other] = ordered as [KitResponse, KitResponse];
          expectStatus(original, [200, 201], `POST ${target.path} (one of two concurrent duplicates)`);
          if (other.status === 409) {
            expectError(other, 409, 'idempotency_in_progress', 'the concurrent duplicate');
            if (other.headers.get('retry-after') === null) fail('409 idempotency_in_progress must carry Retry-After', other);
          } else expectReplay(original, other, 'the concurrent duplicate');
          if ((await target.count(name)) !== 1) fail('two concurrent duplicates did not make exactly one resource', other);
          await undo(ctx, target, original);
        }),
        { runs: Math.max(1, Math.ceil(ctx.fc.runs / 4)) },
      );
    },
  },
];
