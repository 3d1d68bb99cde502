/**
 * DELETE /api-keys/{id} has the reach of minting (4.1 "A key may mint keys up to its own reach";
 * audit 9a F3, docs/decisions.md): an `admin` key cannot revoke the `full` key (403
 * insufficient_scope naming `id`), a `full` key may revoke any, and a key still cannot revoke
 * itself (409). Through both runtimes.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

interface Key {
  id: number;
  scope: string;
  revoked: boolean;
  is_current: boolean;
}

describeRuntimes('revoking API keys up to the caller’s reach', (api) => {
  const keysSeenBy = async (key: string | undefined): Promise<Key[]> =>
    ((await api().call({ path: '/api-keys', key, query: { limit: '100' } })).body as { data: Key[] }).data;
  const revoke = (id: number, key: string | undefined) => api().call({ method: 'DELETE', path: `/api-keys/${id}`, key });

  it('an admin key cannot revoke the full key: 403 insufficient_scope naming id, and the key keeps working', async () => {
    const { keys } = api();
    const fullKey = (await keysSeenBy(keys.full)).find((key) => key.is_current)!;
    expect(fullKey.scope).toBe('full');
    const refused = await revoke(fullKey.id, keys.admin);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'insufficient_scope', param: 'id', message: 'An admin key cannot revoke a full key.' } });
    expect((await api().call({ path: '/account', key: keys.full })).status).toBe(200);
    expect((await keysSeenBy(keys.admin)).find((key) => key.id === fullKey.id)).toMatchObject({ revoked: false });
  });

  it('an admin key revokes read, write and admin keys; a full key revokes a full key', async () => {
    const { keys } = api();
    for (const scope of ['read', 'write', 'admin']) {
      const minted = await api().call({ method: 'POST', path: '/api-keys', key: keys.admin, body: { name: `reach ${scope}`, scope } });
      expect(minted.status).toBe(201);
      const { id, api_key } = (minted.body as { data: { id: number; api_key: string } }).data;
      const revoked = await revoke(id, keys.admin);
      expect(revoked.status, scope).toBe(200);
      expect((await api().call({ path: '/account', key: api_key })).status).toBe(401);
    }
    const full = await api().call({ method: 'POST', path: '/api-keys', key: keys.full, body: { name: 'second full', scope: 'full' } });
    expect(full.status).toBe(201);
    const second = (full.body as { data: { id: number } }).data.id;
    expect((await revoke(second, keys.admin)).status).toBe(403);
    expect((await revoke(second, keys.full)).status).toBe(200);
  });

  it('its own key is still 409 cannot_revoke_self, for any scope', async () => {
    const { keys } = api();
    for (const key of [keys.admin, keys.full]) {
      const self = (await keysSeenBy(key)).find((item) => item.is_current)!;
      const res = await revoke(self.id, key);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'cannot_revoke_self' } });
    }
  });
});
