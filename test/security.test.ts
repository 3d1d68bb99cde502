/**
 * Regression tests for the security and robustness findings (issue 11): each one failed on the
 * code before the fix. Traffic stays on 127.0.0.1.
 */
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { checkBindSafety } from '../cli/commands/serve.js';
import { runCli } from './support/serve-process.js';

const operatorHeaders = (token: string) => ({ 'X-Sandbox-Token': token });
const errorOf = (body: unknown) => (body as { error: { code: string; param?: string } }).error;

describe('1. an event that cannot be serialised cannot stop the server', () => {
  it('refuses emitted data nested past 32 levels or over 64 KiB, with 400 naming data', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const key = sim.accounts[0]!.keys.admin!;
    const deep = `{"type":"message.received","data":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    const res = await sim.request({ method: 'POST', path: '/_sandbox/events', key, body: deep });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_param', param: 'data' });
    const large = await sim.request({ method: 'POST', path: '/_sandbox/events', key, body: { type: 'message.received', data: { text: 'x'.repeat(70_000) } } });
    expect(errorOf(large.body)).toMatchObject({ code: 'invalid_param', param: 'data' });
    expect((await sim.request({ path: '/_sandbox/events', key })).status).toBe(200);
    expect((await sim.request({ path: '/_sandbox/snapshot', headers: operatorHeaders(sim.controlToken) })).status).toBe(200);
  });

  it('records a delivery whose body cannot be built as a failed attempt and backs off, never a hot loop', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const sim = createSimulator({
      logger: silentLogger,
      rateLimit: 'off',
      allowLocalWebhooks: true,
      clock: { frozenAt: '2026-01-01T00:00:00+00:00' },
      // The first delivery waits until released, so the next event stays queued behind it.
      webhookTransport: async () => {
        calls++;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return { status: 200, body: '' };
      },
    });
    const key = sim.accounts[0]!.keys.full!;
    const created = await sim.request({
      method: 'POST',
      path: '/webhooks/endpoints',
      key,
      body: { name: 'r', url: 'http://127.0.0.1:9/hook', governance: { attested: true, purpose: 'regression test' } },
    });
    const id = (created.body as { data: { id: number } }).data.id;
    await sim.request({ method: 'PATCH', path: `/webhooks/endpoints/${id}`, key, body: { enabled: true } });
    sim.sandbox.emitEvent(1, 'message.received', { n: 1 });
    await vi.waitFor(() => expect(calls).toBe(1));
    const event = sim.sandbox.emitEvent(1, 'message.received', { n: 2 });
    // Data the journal holds but JSON cannot write (a BigInt, as a buggy emitter could leave).
    (event.data as Record<string, unknown>)['poison'] = 10n;
    release();
    await sim.sandbox.webhooks.idle();
    const poisoned = sim.sandbox.webhooks.deliveries(1, id).find((delivery) => delivery.event_id === event.id)!;
    expect(poisoned.attempts).toHaveLength(1);
    expect(poisoned.attempts[0]!.error).toMatch(/could not be serialised/);
    expect(poisoned.state).toBe('pending');
    expect(poisoned.next_attempt_at).not.toBeNull();
    expect(calls).toBe(1);
    sim.close();
  });
});

describe('2, 3. the clock stays within what timestamps can hold', () => {
  it('refuses an advance past 9999 before applying it, and every account keeps working', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const before = sim.clock.now();
    for (const body of [{ duration: '99999999999999999999d' }, { ms: 9 * 365 * 24 * 3_600_000 * 1_000 }]) {
      const res = await sim.request({ method: 'POST', path: '/_sandbox/clock/advance', body, headers: operatorHeaders(sim.controlToken) });
      expect(res.status).toBe(400);
    }
    expect(Math.abs(sim.clock.now() - before)).toBeLessThan(5_000);
    for (const account of sim.accounts) expect((await sim.request({ path: '/account', key: account.keys.read })).status).toBeLessThan(500);
  });

  it('refuses set and freeze to instants past 9999-12-31, so no state file holds one', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const set = await sim.request({ method: 'POST', path: '/_sandbox/clock/set', body: { now: '9999-12-31T23:00:00Z' }, headers: operatorHeaders(sim.controlToken) });
    expect(set.status).toBe(200);
    const past = await sim.request({ method: 'POST', path: '/_sandbox/clock/advance', body: { duration: '2h' }, headers: operatorHeaders(sim.controlToken) });
    expect(past.status).toBe(400);
    expect(errorOf(past.body)).toMatchObject({ code: 'invalid_param', param: 'duration' });
    const snapshot = sim.snapshot();
    expect(snapshot.clock.now.startsWith('9999-')).toBe(true);
    expect(() => createSimulator({ logger: silentLogger, state: snapshot })).not.toThrow();
  });
});

describe('4. the control plane belongs to the sandbox operator, not to any account key', () => {
  it('answers 403 operator_required to another account’s admin key on snapshot, restore, clock and mutants', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const admin4 = sim.accounts[3]!.keys.admin!;
    for (const [method, path, body] of [
      ['GET', '/_sandbox/snapshot'],
      ['POST', '/_sandbox/restore', sim.snapshot()],
      ['POST', '/_sandbox/clock/advance', { ms: 1 }],
      ['POST', '/_sandbox/mutants', { names: ['leak_cross_account'] }],
      ['POST', '/_sandbox/reset', {}],
    ] as [string, string, unknown?][]) {
      const res = await sim.request({ method, path, key: admin4, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res.body).code).toBe('operator_required');
    }
    // The account's own powers act on that account only.
    const inbound = await sim.request({ method: 'POST', path: '/_sandbox/inbound', key: admin4, body: { channel: 'telegram', platform_user_id: 'tg-4', text: 'hi' } });
    expect(inbound.status).toBe(200);
    const contactId = (inbound.body as { data: { contact_id: number } }).data.contact_id;
    expect((await sim.request({ path: `/contacts/${contactId}`, key: sim.accounts[0]!.keys.read })).status).toBe(404);
  });
});

describe('5. no API key in plaintext at rest', () => {
  it('keeps a minted key out of the snapshot; a replay in the same process still returns it', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const key = sim.accounts[0]!.keys.full!;
    const send = () => sim.request({ method: 'POST', path: '/api-keys', key, body: { name: 'ci', scope: 'read' }, headers: { 'Idempotency-Key': 'mint-1' } });
    const first = await send();
    const plaintext = (first.body as { data: { api_key: string } }).data.api_key;
    expect(JSON.stringify(sim.snapshot())).not.toContain(plaintext);
    const replay = await send();
    expect(replay.headers['Idempotent-Replayed']).toBe('true');
    expect((replay.body as { data: { api_key: string } }).data.api_key).toBe(plaintext);
    // After a restart from the saved state the replay answers without the plaintext.
    const restarted = createSimulator({ logger: silentLogger, rateLimit: 'off', state: sim.snapshot() });
    const again = await restarted.request({ method: 'POST', path: '/api-keys', key, body: { name: 'ci', scope: 'read' }, headers: { 'Idempotency-Key': 'mint-1' } });
    expect(again.headers['Idempotent-Replayed']).toBe('true');
    expect(again.body).toMatchObject({ data: { name: 'ci' } });
    expect((again.body as { data: Record<string, unknown> }).data).not.toHaveProperty('api_key');
  });
});

describe('11. the envelope everywhere', () => {
  it('reads a JSON route’s body as JSON whatever Content-Type says (curl -d); a body that is not JSON is 400 invalid_json, never 415', async () => {
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const post = (contentType: string, body: string) =>
      sim.fetch(
        new Request('http://sim.test/api/v1/tags', {
          method: 'POST',
          headers: { 'X-Service-Api-Key': sim.accounts[0]!.keys.full!, 'Content-Type': contentType },
          body,
        }),
      );
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=utf-8']) {
      const res = await post(type, `{"name":"t-${type.length}"}`);
      expect(res.status, type).toBe(201);
    }
    const notJson = await post('application/x-www-form-urlencoded', 'name=x');
    expect(notJson.status).toBe(400);
    expect(errorOf(await notJson.json())).toMatchObject({ code: 'invalid_json' });
  });
});

describe('13. the default seed’s public keys stay off the network', () => {
  const accounts = createSimulator({ logger: silentLogger }).accounts;

  it('refuses a non-loopback host while any default key is in use', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'my-laptop.lan']) {
      expect(() => checkBindSafety(host, accounts, false), host).toThrow(/published ones: give private keys with --seed/);
    }
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(() => checkBindSafety(host, accounts, false), host).not.toThrow();
  });

  it('allows it with private keys, or when the user acknowledges the exposure', () => {
    const privateKeys = accounts.map((account, index) => ({ ...account, keys: { full: `sbx_private_${index}_0123456789abcdef` } }));
    expect(() => checkBindSafety('0.0.0.0', privateKeys, false)).not.toThrow();
    expect(() => checkBindSafety('0.0.0.0', accounts, true)).not.toThrow();
  });

  it('serve --host 0.0.0.0 on the default seed exits 2 (could not start) before listening', async () => {
    const result = await runCli(['serve', '--host', '0.0.0.0', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--expose-default-keys/);
    expect(result.stdout).not.toMatch(/listening|base_url/i);
  });
});
