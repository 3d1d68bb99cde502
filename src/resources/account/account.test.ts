import { describe, expect, it } from 'vitest';
import { testSimulator } from '../../../test/support/simulator.js';
import type { SimResponse } from '../../core/types.js';
import { MAX_ACTIVE_KEYS } from './model.js';

const START = '2026-01-01T00:00:00+00:00';

interface KeyData {
  id: number;
  name: string;
  preview: string;
  scope: string;
  is_current: boolean;
  revoked: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  api_key?: string;
}

const data = <T>(res: SimResponse): T => (res.body as { data: T }).data;
const error = (res: SimResponse) => (res.body as { error: { code: string; param?: string } }).error;

type Sim = ReturnType<typeof testSimulator>['sim'];
const mint = (sim: Sim, key: string | undefined, body: unknown) => sim.request({ method: 'POST', path: '/api-keys', key, body });
const listKeys = async (sim: Sim, key: string | undefined) =>
  data<KeyData[]>(await sim.request({ path: '/api-keys', key, query: { limit: 100 } }));

describe('GET /account', () => {
  it('answers the account summary of the calling key', async () => {
    const { sim, accounts } = testSimulator();
    for (const account of accounts.filter((a) => a.addon === 'active')) {
      for (const scope of ['read', 'full'] as const) {
        const res = await sim.request({ path: '/account', key: account.keys[scope] });
        expect(res.status).toBe(200);
        const keys = await listKeys(sim, account.keys[scope]);
        const current = keys.find((k) => k.is_current)!;
        expect(data(res)).toEqual({
          account: { id: account.id, business_name: account.business_name, plan: account.plan, addon: 'active' },
          api_key: { id: current.id, scope },
          webhooks: { endpoints: expect.any(Array) },
        });
      }
    }
  });

  it('shows one account per plan tier in the default seed', async () => {
    const { sim, accounts } = testSimulator();
    const plans: string[] = [];
    for (const account of accounts.slice(0, 4)) {
      plans.push(data<{ account: { plan: string } }>(await sim.request({ path: '/account', key: account.keys.read })).account.plan);
    }
    expect(plans.sort()).toEqual(['business', 'creator', 'free', 'pro']);
  });
});

describe('POST /api-keys', () => {
  it('answers 201 with the plaintext once, defaulting scope to read', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const res = await mint(sim, keys.admin, { name: '  CI key  ' });
    expect(res.status).toBe(201);
    const created = data<KeyData>(res);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'CI key',
      preview: expect.any(String),
      scope: 'read',
      is_current: false,
      revoked: false,
      created_at: START,
      last_used_at: null,
      revoked_at: null,
      api_key: expect.stringMatching(/^sbx_[0-9A-Za-z]{40}$/),
    });
    expect(created.api_key!.startsWith(created.preview)).toBe(true);
    expect(created.preview.length).toBeLessThan(created.api_key!.length / 2);

    // The new key works, with the scope it was given.
    const account = await sim.request({ path: '/account', key: created.api_key });
    expect(data<{ api_key: { id: number; scope: string } }>(account).api_key).toEqual({ id: created.id, scope: 'read' });
  });

  it('never shows the plaintext again: GET /api-keys holds no api_key and no plaintext anywhere', async () => {
    const { sim, keys, accounts } = testSimulator();
    const plaintext = data<KeyData>(await mint(sim, keys.full, { name: 'secret', scope: 'write' })).api_key!;
    const list = await sim.request({ path: '/api-keys', key: plaintext, query: { limit: 100 } });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(plaintext);
    for (const key of Object.values(keys)) expect(text).not.toContain(key);
    for (const item of data<Record<string, unknown>[]>(list)) {
      expect(item).not.toHaveProperty('api_key');
      expect(Object.keys(item).sort()).toEqual(
        ['created_at', 'id', 'is_current', 'last_used_at', 'name', 'preview', 'revoked', 'revoked_at', 'scope'].sort(),
      );
    }
    expect(accounts.length).toBeGreaterThan(1);
  });

  it('mints no higher than the minting key: admin mints read/write/admin, never full', async () => {
    const { sim, keys } = testSimulator();
    for (const scope of ['read', 'write', 'admin']) {
      const res = await mint(sim, keys.admin, { name: scope, scope });
      expect(res.status, scope).toBe(201);
      expect(data<KeyData>(res).scope).toBe(scope);
    }
    const refused = await mint(sim, keys.admin, { name: 'full', scope: 'full' });
    expect(refused.status).toBe(403);
    expect(error(refused)).toMatchObject({ code: 'insufficient_scope', param: 'scope', message: 'An admin key cannot mint a full key.' }); // "An", audit 12a N2
  });

  it('lets a full key mint a full key', async () => {
    const { sim, keys } = testSimulator();
    const res = await mint(sim, keys.full, { name: 'full', scope: 'full' });
    expect(res.status).toBe(201);
    const again = await mint(sim, data<KeyData>(res).api_key, { name: 'fuller', scope: 'full' });
    expect(again.status).toBe(201);
  });

  it(`caps active keys at ${MAX_ACTIVE_KEYS}: the 11th is 403 plan_limit_reached, and revoking frees a slot`, async () => {
    const { sim, keys } = testSimulator();
    const active = (await listKeys(sim, keys.full)).filter((k) => !k.revoked).length;
    const minted: number[] = [];
    for (let i = active; i < MAX_ACTIVE_KEYS; i++) {
      const res = await mint(sim, keys.full, { name: `k${i}` });
      expect(res.status).toBe(201);
      minted.push(data<KeyData>(res).id);
    }
    const eleventh = await mint(sim, keys.full, { name: 'one too many' });
    expect(eleventh.status).toBe(403);
    expect(error(eleventh).code).toBe('plan_limit_reached');
    expect((await listKeys(sim, keys.full)).filter((k) => !k.revoked)).toHaveLength(MAX_ACTIVE_KEYS);

    expect((await sim.request({ method: 'DELETE', path: `/api-keys/${minted[0]!}`, key: keys.full })).status).toBe(200);
    expect((await mint(sim, keys.full, { name: 'fits again' })).status).toBe(201);
    expect((await mint(sim, keys.full, { name: 'full again' })).status).toBe(403);

    // The cap is per account.
    const other = testSimulator().accounts[1]!;
    expect((await mint(sim, other.keys.full, { name: 'other account' })).status).toBe(201);
  });
});

describe('DELETE /api-keys/{id}', () => {
  it('revokes at once and answers the revoked key', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const created = data<KeyData>(await mint(sim, keys.full, { name: 'tmp' }));
    sim.sandbox.clock.advance('5m');
    const res = await sim.request({ method: 'DELETE', path: `/api-keys/${created.id}`, key: keys.admin });
    expect(res.status).toBe(200);
    expect(data<KeyData>(res)).toMatchObject({ id: created.id, revoked: true, revoked_at: '2026-01-01T00:05:00+00:00', is_current: false });
    expect(data<KeyData>(res)).not.toHaveProperty('api_key');
    expect((await sim.request({ path: '/account', key: created.api_key })).status).toBe(401);

    // Revoked keys are still listed; revoking again is harmless.
    const listed = (await listKeys(sim, keys.full)).find((k) => k.id === created.id);
    expect(listed).toMatchObject({ revoked: true });
    const again = await sim.request({ method: 'DELETE', path: `/api-keys/${created.id}`, key: keys.admin });
    expect(again.status).toBe(200);
    expect(data<KeyData>(again).revoked_at).toBe('2026-01-01T00:05:00+00:00');
  });

  it('refuses to revoke the calling key with 409 cannot_revoke_self', async () => {
    const { sim, keys } = testSimulator();
    const self = (await listKeys(sim, keys.admin)).find((k) => k.is_current)!;
    const res = await sim.request({ method: 'DELETE', path: `/api-keys/${self.id}`, key: keys.admin });
    expect(res.status).toBe(409);
    expect(error(res).code).toBe('cannot_revoke_self');
    expect((await sim.request({ path: '/account', key: keys.admin })).status).toBe(200);
  });

  it("answers 404 for another account's key and for an unknown id, and leaves the key alone", async () => {
    const { sim, accounts } = testSimulator();
    const otherKeys = await listKeys(sim, accounts[1]!.keys.full);
    const victim = otherKeys.find((k) => k.scope === 'read')!;
    const res = await sim.request({ method: 'DELETE', path: `/api-keys/${victim.id}`, key: accounts[0]!.keys.full });
    expect(res.status).toBe(404);
    expect(error(res).code).toBe('not_found');
    expect((await sim.request({ path: '/account', key: accounts[1]!.keys.read })).status).toBe(200);

    const unknown = await sim.request({ method: 'DELETE', path: '/api-keys/987654', key: accounts[0]!.keys.full });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api-keys', () => {
  it("lists only the caller's account keys, newest first, with is_current true only for the calling key", async () => {
    const { sim, accounts } = testSimulator();
    for (const account of accounts.slice(0, 2)) {
      for (const scope of ['read', 'write', 'admin', 'full'] as const) {
        const list = await listKeys(sim, account.keys[scope]);
        expect(list).toHaveLength(4);
        expect(list.filter((k) => k.is_current)).toHaveLength(1);
        expect(list.find((k) => k.is_current)!.scope).toBe(scope);
        expect(list.map((k) => k.id)).toEqual([...list.map((k) => k.id)].sort((a, b) => b - a));
      }
    }
    const ids0 = new Set((await listKeys(sim, accounts[0]!.keys.read)).map((k) => k.id));
    for (const key of await listKeys(sim, accounts[1]!.keys.read)) expect(ids0.has(key.id)).toBe(false);
  });

  it('sets last_used_at when a key is used, on the virtual clock', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    const created = data<KeyData>(await mint(sim, keys.full, { name: 'usage', scope: 'read' }));
    const before = (await listKeys(sim, keys.full)).find((k) => k.id === created.id)!;
    expect(before.last_used_at).toBeNull();

    sim.sandbox.clock.advance('2h');
    await sim.request({ path: '/account', key: created.api_key });
    const after = (await listKeys(sim, keys.full)).find((k) => k.id === created.id)!;
    expect(after.last_used_at).toBe('2026-01-01T02:00:00+00:00');
    const caller = (await listKeys(sim, keys.full)).find((k) => k.is_current)!;
    expect(caller.last_used_at).toBe('2026-01-01T02:00:00+00:00');
  });

  it('sets last_used_at even when the request is then refused for scope', async () => {
    const { sim, keys } = testSimulator({ clock: { frozenAt: START } });
    await mint(sim, keys.read, { name: 'nope' });
    const read = (await listKeys(sim, keys.full)).find((k) => k.scope === 'read')!;
    expect(read.last_used_at).toBe(START);
  });

  it('shows a preview that is a prefix of the seed key', async () => {
    const { sim, keys } = testSimulator();
    for (const key of await listKeys(sim, keys.full)) {
      const plaintext = keys[key.scope as keyof typeof keys]!;
      expect(plaintext.startsWith(key.preview)).toBe(true);
      expect(key.preview.length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('key storage', () => {
  it('stores keys hashed: a snapshot never holds any plaintext key', async () => {
    const { sim, keys, accounts } = testSimulator();
    const minted = data<KeyData>(await mint(sim, keys.full, { name: 'hashed', scope: 'admin' })).api_key!;
    const text = JSON.stringify(sim.snapshot());
    expect(text).not.toContain(minted);
    for (const account of accounts) for (const key of Object.values(account.keys)) expect(text).not.toContain(key);
    // Not even the part after the preview.
    expect(text).not.toContain(minted.slice(10));
  });

  it('a snapshot restored into another simulator still authenticates the minted key', async () => {
    const { sim, keys } = testSimulator();
    const minted = data<KeyData>(await mint(sim, keys.full, { name: 'portable' })).api_key!;
    const other = testSimulator();
    other.sim.restore(JSON.parse(JSON.stringify(sim.snapshot())) as ReturnType<Sim['snapshot']>);
    expect((await other.sim.request({ path: '/account', key: minted })).status).toBe(200);
  });
});
