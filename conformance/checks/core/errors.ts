/**
 * Section 7.1 on purpose-built bad requests: `param` names the field the kit broke, malformed JSON
 * is `invalid_json`, an unknown path or id is 404 `not_found`, and a wrong method is 405 with an
 * `Allow` header listing the methods the spec defines there.
 */
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { expectError, fail } from '../../runner/expect.js';
import { ABSENT_ID } from '../../safety/guard.js';
import { ROUTES, methodsOf } from '../../spec/routes.js';
import { costOf } from '../helpers.js';

const group = 'core';

/** GET routes addressed by one `{id}`, which must answer 404 for an id that does not exist. */
function absentIdRoutes(ctx: CheckContext): string[] {
  return ROUTES.filter(
    (route) => route.method === 'GET' && /^\/[\w-]+(\/[\w-]+)?\/\{id\}$/.test(route.path) && ctx.serves('GET', route.path),
  ).map((route) => route.path);
}

async function methodNotAllowed(ctx: CheckContext, path: string, method: string): Promise<void> {
  const response = await ctx.send({ method, path, harmless: true, ...(method === 'GET' ? {} : { body: {} }) });
  const what = `${method} ${path} (the spec defines ${methodsOf(path).join(', ')})`;
  expectError(response, 405, 'method_not_allowed', what);
  const allow = response.headers.get('allow');
  if (allow === null) fail(`${what}: a 405 must carry an Allow header`, response);
  const listed = new Set(allow.split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== ''));
  const expected = methodsOf(path).filter((m) => ctx.serves(m, path));
  const absent = expected.filter((m) => !listed.has(m));
  if (absent.length > 0) fail(`${what}: Allow "${allow}" leaves out ${absent.join(', ')}`, response);
  if (listed.has(method)) fail(`${what}: Allow "${allow}" lists the refused method`, response);
}

export const errorChecks: CheckDefinition[] = [
  {
    id: 'errors.param-names-field',
    title: 'A field broken on purpose is named in error.param',
    clause: '7.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys'],
    cost: costOf(1),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, body: { name: ctx.name('param'), scope: 'superuser' } });
      expectError(response, 400, 'invalid_param', 'POST /api-keys with scope "superuser"', { param: 'scope' });
    },
  },
  {
    id: 'errors.invalid-json',
    title: 'A body that is not JSON gives 400 invalid_json',
    clause: '7.1',
    level: 'spec',
    group,
    profile: 'safe',
    routes: ['POST /api-keys'],
    cost: costOf(1),
    async run(ctx) {
      const admin = await ctx.keyFor('admin');
      const response = await ctx.send({ method: 'POST', path: '/api-keys', key: admin, rawBody: '{"name": "broken", ' });
      expectError(response, 400, 'invalid_json', 'POST /api-keys with a truncated JSON body');
    },
  },
  {
    id: 'errors.unknown-path',
    title: 'An unknown path gives 404 not_found',
    clause: '7.1',
    level: 'spec',
    group,
    profile: 'read-only',
    cost: costOf(1),
    async run(ctx) {
      const response = await ctx.send({ path: `/no-such-endpoint-${ctx.prefix}` });
      expectError(response, 404, 'not_found', 'GET of a path the API does not have');
    },
  },
  {
    id: 'errors.absent-id',
    title: 'A missing resource gives 404 not_found',
    clause: '7.1',
    level: 'spec',
    group,
    profile: 'read-only',
    cost: costOf(6),
    async run(ctx) {
      const paths = absentIdRoutes(ctx);
      for (const path of paths) {
        const concrete = path.replace('{id}', String(ABSENT_ID));
        expectError(await ctx.send({ path: concrete }), 404, 'not_found', `GET ${concrete} (no such id)`);
      }
      if (ctx.serves('DELETE', '/api-keys/{id}') && ctx.profile !== 'read-only') {
        const admin = await ctx.keyFor('admin');
        const response = await ctx.send({ method: 'DELETE', path: `/api-keys/${ABSENT_ID}`, key: admin });
        expectError(response, 404, 'not_found', `DELETE /api-keys/${ABSENT_ID} (no such key)`);
      } else if (paths.length === 0) ctx.skip('no_id_route_served');
    },
  },
  {
    id: 'errors.method-not-allowed',
    title: 'A wrong method gives 405 method_not_allowed with Allow',
    clause: '7.1',
    level: 'spec',
    group,
    profile: 'read-only',
    cost: costOf(2),
    async run(ctx) {
      if (ctx.profile === 'read-only') {
        // Only GETs here: a path the spec defines without GET.
        const postOnly = ROUTES.find((r) => r.method === 'POST' && !r.path.includes('{') && methodsOf(r.path).every((m) => m !== 'GET') && ctx.serves('POST', r.path));
        if (!postOnly) return ctx.skip('profile:no_get_probe');
        return methodNotAllowed(ctx, postOnly.path, 'GET');
      }
      await methodNotAllowed(ctx, '/account', 'PUT');
      if (ctx.serves('GET', '/api-keys')) await methodNotAllowed(ctx, '/api-keys', 'PATCH');
    },
  },
  {
    id: 'errors.payload-too-large',
    title: 'A body over 1 MiB gives 413 payload_too_large',
    clause: '7.1',
    level: 'assumption',
    group,
    profile: 'safe',
    routes: ['POST /tags'],
    cost: costOf(1),
    async run(ctx) {
      // 1 MiB is our limit (docs/decisions.md); the spec names no size limit or code.
      const rawBody = JSON.stringify({ name: ctx.name('big'), color: '#22C55E', padding: 'x'.repeat(1024 * 1024) });
      const response = await ctx.send({ method: 'POST', path: '/tags', key: await ctx.keyFor('write'), rawBody });
      expectError(response, 413, 'payload_too_large', 'POST /tags with a 1 MiB body', { param: 'body' });
    },
  },
  {
    id: 'errors.non-numeric-id',
    title: 'A non-numeric id names no resource: 404',
    clause: '7.1',
    level: 'assumption',
    group,
    profile: 'read-only',
    cost: costOf(3),
    async run(ctx) {
      const paths = absentIdRoutes(ctx);
      if (paths.length === 0) return ctx.skip('no_id_route_served');
      for (const path of paths.slice(0, 3)) {
        const concrete = path.replace('{id}', 'abc');
        expectError(await ctx.send({ path: concrete }), 404, 'not_found', `GET ${concrete}`);
      }
    },
  },
];
