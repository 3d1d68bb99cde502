import { describe, expect, it } from 'vitest';
import { extractApiKey, KeyDigests, requireScope } from './auth.js';
import { ApiError } from './errors.js';
import { SCOPES, scopeCovers, type Scope } from './types.js';
import { testSimulator } from '../../test/support/simulator.js';
import type { SimResponse } from './types.js';

const code = (res: SimResponse): unknown => (res.body as { error?: { code?: unknown } }).error?.code;

describe('extractApiKey (unit)', () => {
  it('reads each of the three headers', () => {
    expect(extractApiKey({ 'x-service-api-key': 'k1' })).toBe('k1');
    expect(extractApiKey({ authorization: 'Bearer k2' })).toBe('k2');
    expect(extractApiKey({ authorization: 'bearer   k2' })).toBe('k2');
    expect(extractApiKey({ 'x-api-key': 'k3' })).toBe('k3');
  });

  it('prefers X-Service-Api-Key, then Authorization, then X-Api-Key', () => {
    expect(extractApiKey({ 'x-service-api-key': 'a', authorization: 'Bearer b', 'x-api-key': 'c' })).toBe('a');
    expect(extractApiKey({ authorization: 'Bearer b', 'x-api-key': 'c' })).toBe('b');
  });

  it('ignores empty values and non-Bearer authorization', () => {
    expect(extractApiKey({})).toBeUndefined();
    expect(extractApiKey({ 'x-service-api-key': '   ' })).toBeUndefined();
    expect(extractApiKey({ authorization: 'Basic dXNlcjpwYXNz' })).toBeUndefined();
    expect(extractApiKey({ authorization: 'Bearer' })).toBeUndefined();
    expect(extractApiKey({ authorization: 'Basic x', 'x-api-key': 'c' })).toBe('c');
  });
});

describe('KeyDigests (unit)', () => {
  it('hashes each distinct presented key once and gives the same digest every time', () => {
    const hashed: string[] = [];
    const digests = new KeyDigests((plaintext) => {
      hashed.push(plaintext);
      return `digest:${plaintext}`;
    });
    expect(digests.of('sbx_a')).toBe('digest:sbx_a');
    expect(digests.of('sbx_b')).toBe('digest:sbx_b');
    expect(digests.of('sbx_a')).toBe('digest:sbx_a');
    expect(hashed).toEqual(['sbx_a', 'sbx_b']);
  });

  it('is bounded: a stream of made-up keys makes it start over rather than grow', () => {
    let calls = 0;
    const digests = new KeyDigests((plaintext) => {
      calls++;
      return plaintext;
    });
    digests.of('first');
    for (let i = 0; i < 1_024; i++) digests.of(`made-up-${i}`);
    expect(calls).toBe(1_025);
    // The memo started over when it was full, so the first key is hashed again.
    digests.of('first');
    expect(calls).toBe(1_026);
  });
});

describe('scopes (unit)', () => {
  it('orders read < write < admin < full', () => {
    for (const [i, held] of SCOPES.entries()) {
      for (const [j, required] of SCOPES.entries()) {
        expect(scopeCovers(held, required)).toBe(i >= j);
      }
    }
  });

  it('requireScope throws insufficient_scope when the key is too low', () => {
    expect(() => requireScope('write', 'admin')).toThrow(ApiError);
    let caught: unknown;
    try {
      requireScope('read', 'write');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'insufficient_scope', status: 403 });
    expect(() => requireScope('full', 'admin')).not.toThrow();
  });
});

describe('authentication through the pipeline', () => {
  const { sim, keys, accounts } = testSimulator();

  it('accepts the key in X-Service-Api-Key, Authorization: Bearer and X-Api-Key', async () => {
    const variants: Record<string, string>[] = [
      { 'X-Service-Api-Key': keys.read! },
      { Authorization: `Bearer ${keys.read!}` },
      { 'X-Api-Key': keys.read! },
    ];
    for (const headers of variants) {
      const res = await sim.request({ path: '/account', headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect((res.body as { data: { api_key: { scope: string } } }).data.api_key.scope).toBe('read');
    }
  });

  it('answers 401 unauthorized when no key is sent', async () => {
    const res = await sim.request({ path: '/account' });
    expect(res.status).toBe(401);
    expect(code(res)).toBe('unauthorized');
  });

  it('answers 401 unauthorized for an Authorization header that is not Bearer', async () => {
    const res = await sim.request({ path: '/account', headers: { Authorization: `Basic ${keys.full!}` } });
    expect(res.status).toBe(401);
    expect(code(res)).toBe('unauthorized');
  });

  it('answers 401 invalid_api_key for an unknown key, in any header', async () => {
    const variants: Record<string, string>[] = [{ 'X-Service-Api-Key': 'sbx_nope' }, { Authorization: 'Bearer sbx_nope' }, { 'X-Api-Key': 'sbx_nope' }];
    for (const headers of variants) {
      const res = await sim.request({ path: '/account', headers });
      expect(res.status).toBe(401);
      expect(code(res)).toBe('invalid_api_key');
    }
  });

  it('does not accept a key that merely shares a prefix with a real key', async () => {
    const res = await sim.request({ path: '/account', key: keys.full!.slice(0, -1) });
    expect(code(res)).toBe('invalid_api_key');
    const longer = await sim.request({ path: '/account', key: `${keys.full!}x` });
    expect(code(longer)).toBe('invalid_api_key');
  });

  it('refuses a revoked key immediately after DELETE /api-keys/{id}', async () => {
    const minted = await sim.request({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'temp', scope: 'write' } });
    expect(minted.status).toBe(201);
    const { id, api_key } = (minted.body as { data: { id: number; api_key: string } }).data;
    expect((await sim.request({ path: '/account', key: api_key })).status).toBe(200);

    const revoked = await sim.request({ method: 'DELETE', path: `/api-keys/${id}`, key: keys.full });
    expect(revoked.status).toBe(200);
    const after = await sim.request({ path: '/account', key: api_key });
    expect(after.status).toBe(401);
    expect(code(after)).toBe('invalid_api_key');
  });

  it('answers 403 addon_inactive for a valid key of an add-on inactive account', async () => {
    const inactive = accounts.find((account) => account.addon === 'inactive')!;
    expect(inactive.id).toBe(5);
    for (const scope of SCOPES) {
      const res = await sim.request({ path: '/account', key: inactive.keys[scope] });
      expect(res.status).toBe(403);
      expect(code(res)).toBe('addon_inactive');
    }
  });

  it('serves GET /openapi.json without a key', async () => {
    const res = await sim.request({ path: '/openapi.json' });
    expect(res.status).toBe(200);
    expect((res.body as { openapi: string }).openapi).toBe('3.1.0');
  });

  describe('scope matrix', () => {
    const expectations: readonly [Scope, number][] = [
      ['read', 403],
      ['write', 403],
      ['admin', 201],
      ['full', 201],
    ];
    for (const [scope, status] of expectations) {
      it(`POST /api-keys with a ${scope} key -> ${status}`, async () => {
        const fresh = testSimulator();
        const res = await fresh.sim.request({ method: 'POST', path: '/api-keys', key: fresh.keys[scope], body: { name: 'x' } });
        expect(res.status).toBe(status);
        if (status === 403) expect(code(res)).toBe('insufficient_scope');
      });
    }

    it('lets every scope read GET /account and GET /api-keys', async () => {
      for (const scope of SCOPES) {
        expect((await sim.request({ path: '/account', key: keys[scope] })).status).toBe(200);
        expect((await sim.request({ path: '/api-keys', key: keys[scope] })).status).toBe(200);
      }
    });

    it('refuses DELETE /api-keys/{id} to read and write keys', async () => {
      for (const scope of ['read', 'write'] as const) {
        const res = await sim.request({ method: 'DELETE', path: '/api-keys/1', key: keys[scope] });
        expect(res.status).toBe(403);
        expect(code(res)).toBe('insufficient_scope');
      }
    });
  });
});
