/**
 * Armed server errors (POST /_sandbox/server-errors): the spec's 500 `server_error` (7.1) on
 * purpose, in both runtimes. An armed request fails where its route would run: nothing is
 * applied, a retry with the same Idempotency-Key runs fresh, other accounts and the control plane
 * are untouched, and a reset disarms.
 */
import { expect, it } from 'vitest';
import { describeRuntimes } from './support/runtimes.js';

describeRuntimes('armed server errors', (api) => {
  const arm = (next: unknown, key = api().keys.full!) => api().call({ method: 'POST', path: '/_sandbox/server-errors', key, body: { next } });

  it('fails the next N API requests with 500 server_error in the error envelope, then serves again', async () => {
    expect((await arm(2)).body).toEqual({ data: { next: 2 } });
    for (let i = 0; i < 2; i++) {
      const failed = await api().callArmed({ path: '/account', key: api().keys.read! });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ error: { code: 'server_error', message: 'Unexpected failure. The request was not applied.' } });
      expect(failed.headers['Request-Id'] ?? failed.headers['request-id']).toMatch(/^req_/);
    }
    expect((await api().call({ path: '/account', key: api().keys.read! })).status).toBe(200);
  });

  it('applies nothing, and a retry with the same Idempotency-Key runs fresh', async () => {
    const before = ((await api().call({ path: '/tags', key: api().keys.read! })).body as { data: unknown[] }).data.length;
    await arm(1);
    const send = () =>
      api().callArmed({ method: 'POST', path: '/tags', key: api().keys.write!, headers: { 'Idempotency-Key': 'armed-500-retry' }, body: { name: 'After a 500' } });
    expect((await send()).status).toBe(500);
    expect(((await api().call({ path: '/tags', key: api().keys.read! })).body as { data: unknown[] }).data).toHaveLength(before);
    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.headers['Idempotent-Replayed'] ?? retried.headers['idempotent-replayed']).toBeUndefined();
    expect(((await api().call({ path: '/tags', key: api().keys.read! })).body as { data: unknown[] }).data).toHaveLength(before + 1);
  });

  it('touches only the arming account, and not the control plane', async () => {
    await arm(1);
    const other = api().accounts[1]!.keys.read!;
    expect((await api().call({ path: '/account', key: other })).status).toBe(200);
    expect((await api().call({ path: '/_sandbox/events', key: api().keys.read! })).status).toBe(200);
    expect((await api().callArmed({ path: '/account', key: api().keys.read! })).status).toBe(500);
  });

  it('disarms with 0 and on reset', async () => {
    await arm(3);
    expect((await arm(0)).body).toEqual({ data: { next: 0 } });
    expect((await api().call({ path: '/account', key: api().keys.read! })).status).toBe(200);
    await arm(3);
    api().sim.reset();
    expect((await api().call({ path: '/account', key: api().keys.read! })).status).toBe(200);
  });

  it('refuses a count that is not an integer from 0 to 100, naming next', async () => {
    for (const next of [-1, 101, 1.5, 'two']) {
      const refused = await arm(next);
      expect(refused.status).toBe(400);
      expect((refused.body as { error: { param?: string } }).error.param).toBe('next');
    }
    const missing = await api().call({ method: 'POST', path: '/_sandbox/server-errors', key: api().keys.full!, body: {} });
    expect(missing.status).toBe(400);
    expect((await api().call({ path: '/account', key: api().keys.read! })).status).toBe(200);
  });

  it('is the same power as sim.sandbox.serverErrors(accountId, {next})', async () => {
    const first = api().accounts[0]!;
    expect(api().sim.sandbox.serverErrors(first.id, { next: 1 })).toEqual({ next: 1 });
    expect((await api().callArmed({ path: '/account', key: api().keys.read! })).status).toBe(500);
  });
});
