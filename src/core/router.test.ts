import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Router, splitPath } from './router.js';
import { testSimulator } from '../../test/support/simulator.js';

interface TestRoute {
  readonly method: string;
  readonly path: string;
  readonly name: string;
}

const r = (method: string, path: string, name = `${method} ${path}`): TestRoute => ({ method, path, name });

describe('Router (unit)', () => {
  // Registered with the {id} route first, so a router that ranked by insertion order would fail.
  const router = new Router<TestRoute>([
    r('GET', '/appointments/{id}', 'getAppointment'),
    r('PATCH', '/appointments/{id}', 'updateAppointment'),
    r('GET', '/appointments/availability', 'availability'),
    r('GET', '/appointments', 'listAppointments'),
    r('POST', '/appointments', 'createAppointment'),
    r('POST', '/appointments/{id}/cancel', 'cancelAppointment'),
    r('DELETE', '/contacts/{id}/tags/{tag}', 'untag'),
  ]);

  it('ranks a static segment above a {param} sibling', () => {
    const found = router.lookup('GET', '/appointments/availability');
    expect(found).toMatchObject({ kind: 'found', route: { name: 'availability' }, params: {} });
  });

  it('still matches the {param} sibling for other values', () => {
    const found = router.lookup('GET', '/appointments/42');
    expect(found).toMatchObject({ kind: 'found', route: { name: 'getAppointment' }, params: { id: '42' } });
  });

  it('falls back to the {param} branch when the static branch has no match deeper down', () => {
    // `availability` is static but has no `/cancel` child; the {id} branch does.
    const found = router.lookup('POST', '/appointments/availability/cancel');
    expect(found).toMatchObject({ kind: 'found', route: { name: 'cancelAppointment' }, params: { id: 'availability' } });
  });


  it('forgets the params of a branch it backed out of', () => {
    const backtracking = new Router<TestRoute>([r('GET', '/s/{q}/y', 'static-first'), r('GET', '/{p}/{r}/x', 'params')]);
    // `s` enters the static branch and binds q=v before `x` fails to match `y`.
    const found = backtracking.lookup('GET', '/s/v/x');
    expect(found.kind === 'found' && found.params).toStrictEqual({ p: 's', r: 'v' });
  });
  it('collects several params and decodes them', () => {
    const found = router.lookup('DELETE', '/contacts/7/tags/vip%20club');
    expect(found).toMatchObject({ kind: 'found', route: { name: 'untag' }, params: { id: '7', tag: 'vip club' } });
  });

  it('answers method_not_allowed with the sorted methods of the path', () => {
    expect(router.lookup('DELETE', '/appointments/5')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'PATCH'] });
    expect(router.lookup('PUT', '/appointments')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'POST'] });
  });

  it('answers not_found for unknown paths, intermediate nodes and empty segments', () => {
    expect(router.lookup('GET', '/nope')).toEqual({ kind: 'not_found' });
    expect(router.lookup('GET', '/contacts/7/tags')).toEqual({ kind: 'not_found' });
    expect(router.lookup('GET', '/contacts/7')).toEqual({ kind: 'not_found' });
    expect(router.lookup('GET', '/appointments//cancel')).toEqual({ kind: 'not_found' });
    expect(router.lookup('GET', '/appointments/1/2/3/4')).toEqual({ kind: 'not_found' });
  });

  it('treats a trailing slash as the same path', () => {
    expect(router.lookup('GET', '/appointments/')).toMatchObject({ kind: 'found', route: { name: 'listAppointments' } });
    expect(router.lookup('GET', '/appointments/availability/')).toMatchObject({ kind: 'found', route: { name: 'availability' } });
  });

  it('answers not_found (never throws) for malformed percent-encoding', () => {
    expect(router.lookup('GET', '/appointments/%E0%A4%A')).toEqual({ kind: 'not_found' });
    expect(router.lookup('GET', '/appointments/%zz')).toEqual({ kind: 'not_found' });
  });

  it('refuses duplicate routes and clashing param names at build time', () => {
    expect(() => new Router<TestRoute>([r('GET', '/a/{id}'), r('GET', '/a/{id}')])).toThrow(/duplicate route/);
    expect(() => new Router<TestRoute>([r('GET', '/a/{id}'), r('POST', '/a/{key}')])).toThrow(/clashes/);
  });

  it('splitPath ignores leading and trailing slashes', () => {
    expect(splitPath('/')).toEqual([]);
    expect(splitPath('')).toEqual([]);
    expect(splitPath('/a/b/')).toEqual(['a', 'b']);
    expect(splitPath('/a//b')).toEqual(['a', '', 'b']);
    expect(splitPath('/api/v1/contacts/1/', '/api/v1'.length)).toEqual(['contacts', '1']);
    expect(splitPath('/api/v1', '/api/v1'.length)).toEqual([]);
  });

  it('splitPath from an offset splits like trimming slashes and splitting the rest', () => {
    const reference = (path: string) => {
      const trimmed = path.replace(/^\/+|\/+$/g, '');
      return trimmed === '' ? [] : trimmed.split('/');
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '/', '%') }), fc.nat({ max: 12 }), (path, offset) => {
        const from = Math.min(offset, path.length);
        expect(splitPath(path, from)).toEqual(reference(path.slice(from)));
      }),
    );
  });
});

describe('routing through the pipeline', () => {
  const { sim, keys } = testSimulator();

  it('answers an unknown path with the 404 not_found envelope', async () => {
    const res = await sim.request({ path: '/definitely-not-a-route', key: keys.full });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers 404 for paths outside /api/v1 and /_sandbox, including ones that only start with the same letters', async () => {
    for (const path of ['/elsewhere', '/api/v1x/account', '/api/v12/account', '/_sandboxes/clock', '/api/v1']) {
      const res = await sim.handle({ method: 'GET', path, headers: { 'X-Service-Api-Key': keys.full! } });
      expect(res.status, path).toBe(404);
      expect((res.body as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await sim.handle({ method: 'GET', path: '/api/v1/account', headers: { 'X-Service-Api-Key': keys.full! } })).status).toBe(200);
  });

  it('answers 404 before auth: an unknown path is not_found even without a key', async () => {
    const res = await sim.request({ path: '/nope' });
    expect(res.status).toBe(404);
  });

  it('answers a wrong method with 405 method_not_allowed and an Allow header', async () => {
    const res = await sim.request({ method: 'PUT', path: '/api-keys', key: keys.full });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: { code: 'method_not_allowed', message: expect.any(String) } });
    expect(res.headers['Allow']).toBe('GET, POST');

    const one = await sim.request({ method: 'GET', path: '/api-keys/5', key: keys.full });
    expect(one.status).toBe(405);
    expect(one.headers['Allow']).toBe('DELETE');

    const account = await sim.request({ method: 'POST', path: '/account', key: keys.full, body: {} });
    expect(account.status).toBe(405);
    expect(account.headers['Allow']).toBe('GET');
  });

  it('answers 405 on openapi.json for a non-GET method', async () => {
    const res = await sim.request({ method: 'POST', path: '/openapi.json', body: {} });
    expect(res.status).toBe(405);
    expect(res.headers['Allow']).toBe('GET');
  });

  it('matches a path with a trailing slash', async () => {
    const res = await sim.request({ path: '/account/', key: keys.full });
    expect(res.status).toBe(200);
  });

  it('matches method names case-insensitively', async () => {
    const res = await sim.handle({ method: 'get', path: '/api/v1/account', headers: { 'x-service-api-key': keys.full! } });
    expect(res.status).toBe(200);
  });

  it('answers malformed percent-encoding with 404, not 500', async () => {
    const res = await sim.request({ method: 'DELETE', path: '/api-keys/%E0%A4%A', key: keys.full });
    expect(res.status).toBe(404);
    expect((res.body as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('answers a non-numeric {id} with 404', async () => {
    const res = await sim.request({ method: 'DELETE', path: '/api-keys/abc', key: keys.full });
    expect(res.status).toBe(404);
  });
});
