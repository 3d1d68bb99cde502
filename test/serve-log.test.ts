/**
 * `serve` talks (issue 13): one request-log line per answered request on stderr (stdout keeps
 * the one ready line scripts read): method, path without the query, status, time, account and
 * Request-Id, never a key. `--log json` writes JSON lines, `--quiet` nothing; the banner says how
 * to stop and where the docs are.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, startServe, stopServe, type ServeProcess } from './support/serve-process.js';

let server: ServeProcess | undefined;
afterEach(async () => {
  if (server) await stopServe(server);
  server = undefined;
});

async function waitFor(read: () => string, test: (text: string) => boolean, ms = 10_000): Promise<string> {
  const until = performance.now() + ms;
  while (!test(read())) {
    if (performance.now() > until) throw new Error(`timed out; got:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return read();
}

describe('serve request log', () => {
  it('--log json: one JSON line per request with method, path, status, ms, account and Request-Id, and no key', async () => {
    server = await startServe(['--log', 'json']);
    const key = server.ready.accounts[0]!.keys.full;
    const ok = await fetch(`${server.ready.base_url}/contacts?email=ada%40example.test`, { headers: { 'X-Service-Api-Key': key } });
    const missing = await fetch(`${server.ready.base_url}/contacts/999999`, { method: 'HEAD', headers: { Authorization: `Bearer ${key}` } });
    const anonymous = await fetch(`${server.ready.base_url}/account`);
    const text = await waitFor(server.stderr, (t) => t.trim().split('\n').filter((l) => l.startsWith('{')).length >= 3);
    const lines = text.trim().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), method: 'GET', path: '/api/v1/contacts', status: 200, ms: expect.any(Number), account: 1, request_id: ok.headers.get('request-id') },
      { time: expect.any(String), method: 'HEAD', path: '/api/v1/contacts/999999', status: 404, ms: expect.any(Number), account: 1, request_id: missing.headers.get('request-id') },
      { time: expect.any(String), method: 'GET', path: '/api/v1/account', status: 401, ms: expect.any(Number), account: null, request_id: anonymous.headers.get('request-id') },
    ]);
    expect(text).not.toContain(key);
    expect(text).not.toContain('ada');
    // stdout is still the one ready line.
    expect(server.stdout().trim().split('\n')).toHaveLength(1);
  });

  it('--quiet logs nothing', async () => {
    server = await startServe(['--quiet']);
    await fetch(`${server.ready.base_url}/account`, { headers: { 'X-Service-Api-Key': server.ready.accounts[0]!.keys.read } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.stderr()).toBe('');
  });

  it('refuses an unknown --log format, naming the option', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--log', 'xml'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('--log must be pretty or json');
  });

  it('pretty by default: the banner says how to stop and where the docs are, then a line per request', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    try {
      await waitFor(() => out, (t) => t.includes('Ctrl-C'));
      expect(out).toMatch(/Ctrl-C stops/);
      expect(out).toMatch(/Docs: +\S+README\.md and \S+docs\//);
      const base = /listening on (\S+)/.exec(out)![1]!;
      const key = /full +(sbx_\S+)/.exec(out)![1]!;
      const response = await fetch(`${base}/tags`, { headers: { 'X-Service-Api-Key': key } });
      const line = await waitFor(() => err, (t) => t.includes('/api/v1/tags'));
      // Not a terminal here, so no colour codes.
      expect(line.trim()).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} GET +/api/v1/tags 200 \\d+\\.\\dms account #1 ${response.headers.get('request-id')}$`));
      expect(err).not.toContain(key);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGINT');
      await exited;
    }
  });
});
