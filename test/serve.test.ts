/**
 * `switchboard serve` as users run it: the built bin in a child process, real HTTP on a free
 * port (always --port 0 on 127.0.0.1, never the default 4010).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defaultKey, DEFAULT_ACCOUNTS } from '../fixtures/default-seed.js';
import { BIN, runCli, startServe, stopServe, type ServeProcess } from './support/serve-process.js';

const running: ServeProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'switchboard-serve-'));

async function start(args: string[] = []): Promise<ServeProcess> {
  const server = await startServe(args);
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => stopServe(server, 'SIGKILL')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers });
}

describe('serve --json', () => {
  it('prints one ready line with base_url and a key per scope for every seed account, and answers real HTTP', async () => {
    const server = await start();
    const { ready } = server;
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(ready.accounts.map((a) => [a.id, a.plan, a.addon])).toEqual([
      [1, 'business', 'active'],
      [2, 'pro', 'active'],
      [3, 'creator', 'active'],
      [4, 'free', 'active'],
      [5, 'creator', 'inactive'],
    ]);
    // The documented deterministic keys.
    for (const [index, account] of ready.accounts.entries()) {
      for (const scope of ['full', 'admin', 'write', 'read'] as const) {
        expect(account.keys[scope]).toBe(defaultKey(DEFAULT_ACCOUNTS[index]!, scope));
      }
    }
    // Exactly one line: scripts read it and go.
    expect(server.stdout().trim().split('\n')).toHaveLength(1);

    const keys = ready.accounts[0]!.keys;
    const res = await get(`${ready.base_url}/account`, { 'X-Service-Api-Key': keys.read });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('ratelimit-limit')).toBe('200');
    expect(res.headers.get('x-ratelimit-limit')).toBe('200');
    const body = (await res.json()) as { data: { account: { id: number; plan: string } } };
    expect(body.data.account).toMatchObject({ id: 1, plan: 'business' });

    // The two alternative key headers.
    expect((await get(`${ready.base_url}/account`, { Authorization: `Bearer ${keys.full}` })).status).toBe(200);
    expect((await get(`${ready.base_url}/account`, { 'X-Api-Key': keys.write })).status).toBe(200);
    // No key, and an unknown route (answered without a key).
    const unauthorized = await get(`${ready.base_url}/account`);
    expect(unauthorized.status).toBe(401);
    expect(((await unauthorized.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    const missing = await get(`${ready.base_url}/no-such-thing`);
    expect(missing.status).toBe(404);
    // The OpenAPI document is public.
    const openapi = await get(`${ready.base_url}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
    // A body over the limit is refused with 413 without being buffered.
    const big = await fetch(`${ready.base_url}/api-keys`, {
      method: 'POST',
      headers: { 'X-Service-Api-Key': keys.full, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), scope: 'read' }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'payload_too_large', param: 'body' });
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('shuts down gracefully on %s: exit code 0 and the port closed', async (signal) => {
    const server = await start();
    const url = `${server.ready.base_url}/account`;
    const key = server.ready.accounts[0]!.keys.full;
    // A keep-alive connection is open when the signal arrives; shutdown must not wait on it.
    expect((await get(url, { 'X-Service-Api-Key': key })).status).toBe(200);
    const started = performance.now();
    expect(await stopServe(server, signal)).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_500);
    await expect(get(url, { 'X-Service-Api-Key': key })).rejects.toThrow();
  });
});

describe('serve options', () => {
  it('--rate-limit off sends no RateLimit headers; 6000/100 raises the quota', async () => {
    const [off, raised] = await Promise.all([start(['--rate-limit', 'off']), start(['--rate-limit', '6000/100'])]);
    const offRes = await get(`${off.ready.base_url}/account`, { 'X-Service-Api-Key': off.ready.accounts[0]!.keys.read });
    expect(offRes.status).toBe(200);
    expect([...offRes.headers.keys()].filter((name) => name.includes('ratelimit'))).toEqual([]);
    const raisedRes = await get(`${raised.ready.base_url}/account`, { 'X-Service-Api-Key': raised.ready.accounts[0]!.keys.read });
    expect(raisedRes.headers.get('ratelimit-limit')).toBe('6000');
    expect(raisedRes.headers.get('ratelimit-remaining')).toBe('5999');
  });

  it('--allow-local-webhooks: a test delivery reaches a local receiver (the webhook transport loads on first use)', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const server = await start(['--allow-local-webhooks', String(port)]);
      const key = server.ready.accounts[0]!.keys.admin;
      const url = `http://127.0.0.1:${port}/hook`;
      // Only the named ports: another loopback service (a database, an admin panel) stays out of reach.
      const other = await fetch(`${server.ready.base_url}/webhooks/endpoints`, {
        method: 'POST',
        headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'redis', url: `http://127.0.0.1:${port === 6379 ? 6380 : 6379}/` }),
      });
      expect(other.status).toBe(400);
      expect(((await other.json()) as { error: { param: string; message: string } }).error).toMatchObject({ param: 'url', message: expect.stringContaining(`port ${port} only`) });
      const created = await fetch(`${server.ready.base_url}/webhooks/endpoints`, {
        method: 'POST',
        headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'local', url }),
      });
      expect(created.status).toBe(201);
      const { data } = (await created.json()) as { data: { id: number } };
      const tested = await fetch(`${server.ready.base_url}/webhooks/endpoints/${data.id}/test`, {
        method: 'POST',
        headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ channel: 'meta' }),
      });
      expect(((await tested.json()) as { data: { delivered: boolean } }).data.delivered).toBe(true);
      expect(received).toHaveLength(1);
      expect(await stopServe(server, 'SIGTERM')).toBe(0);
    } finally {
      receiver.close();
    }
  });

  it('--api-key fixes the first account’s full key', async () => {
    const server = await start(['--api-key', 'sbx_my_fixed_ci_key_0001']);
    const first = server.ready.accounts[0]!;
    expect(first.keys.full).toBe('sbx_my_fixed_ci_key_0001');
    expect(first.keys.read).toBe(defaultKey(DEFAULT_ACCOUNTS[0]!, 'read'));
    const res = await get(`${server.ready.base_url}/account`, { 'X-Service-Api-Key': 'sbx_my_fixed_ci_key_0001' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { api_key: { scope: string } } }).data.api_key.scope).toBe('full');
    // The default full key it replaced no longer opens anything.
    const old = await get(`${server.ready.base_url}/account`, { 'X-Service-Api-Key': defaultKey(DEFAULT_ACCOUNTS[0]!, 'full') });
    expect(old.status).toBe(401);
  });

  it('--seed loads another seed file', async () => {
    const file = join(dir, 'one-account.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'switchboard-seed',
        version: 1,
        accounts: [
          { id: 42, business_name: 'Solo Shop', plan: 'pro', addon: 'active', api_keys: [{ name: 'ci', scope: 'admin', key: 'solo_admin_key_1' }] },
        ],
      }),
    );
    const server = await start(['--seed', file]);
    expect(server.ready.accounts).toEqual([{ id: 42, plan: 'pro', addon: 'active', keys: { admin: 'solo_admin_key_1' } }]);
    const res = await get(`${server.ready.base_url}/account`, { 'X-Service-Api-Key': 'solo_admin_key_1' });
    expect(((await res.json()) as { data: { account: { business_name: string } } }).data.account.business_name).toBe('Solo Shop');
  });

  it('refuses bad options with a clear message and a non-zero exit, before binding a port', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'switchboard-seed',
        version: 1,
        accounts: [{ id: 1, business_name: 'X', plan: 'gold', addon: 'active', api_keys: [{ name: 'k', scope: 'full', key: 'abcdefgh12' }] }],
      }),
    );
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, '{ "format": ');
    const [rate, seed, broken, absent, port, key] = await Promise.all([
      runCli(['serve', '--port', '0', '--rate-limit', 'fast']),
      runCli(['serve', '--port', '0', '--seed', bad]),
      runCli(['serve', '--port', '0', '--seed', notJson]),
      runCli(['serve', '--port', '0', '--seed', join(dir, 'absent.json')]),
      runCli(['serve', '--port', '70000']),
      runCli(['serve', '--port', '0', '--api-key', 'short']),
    ]);
    expect(rate.code).not.toBe(0);
    expect(rate.stderr).toContain('--rate-limit');
    expect(rate.stderr).toContain('200/20 or off');
    expect(seed.code).not.toBe(0);
    expect(seed.stderr).toContain('$.accounts[0].plan');
    expect(broken.code).not.toBe(0);
    expect(broken.stderr).toMatch(/not valid JSON/);
    expect(absent.code).not.toBe(0);
    expect(absent.stderr).toContain('ENOENT');
    expect(port.code).not.toBe(0);
    expect(port.stderr).toContain('--port');
    expect(key.code).not.toBe(0);
    expect(key.stderr).toContain('--api-key');
    for (const result of [rate, seed, broken, absent, port, key]) expect(result.stdout).toBe('');
  });

  it('prints the base URL, the accounts and a key per scope for humans', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready: ${out}`)), 15_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ctrl-C')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    for (const account of DEFAULT_ACCOUNTS) {
      expect(out).toContain(`#${account.id} ${account.business_name}`);
      for (const scope of ['full', 'admin', 'write', 'read'] as const) {
        expect(out).toMatch(new RegExp(`${scope}\\s+${defaultKey(account, scope)}`));
      }
    }
  });
});
