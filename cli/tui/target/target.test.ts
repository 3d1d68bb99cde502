/** Targets: where the files live, secrets by reference (owner-only), masking, and talking to a target. */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tuiPaths } from './paths.js';
import { baseUrlProblem, describeRef, loadTargets, removeTarget, removeTargetSecrets, resolveSecret, SavedTarget, saveTargets, storeSecret, targetsFilePath, upsertTarget } from './config.js';
import { maskBody, maskSecret } from './mask.js';
import { Client, describeOutcome, rateLimitOf, type RateLimit } from './client.js';
import { connectSandbox, connectUrl } from './connection.js';
import { specOf } from './spec.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-targets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const paths = { configDir: join(dir, 'config'), stateDir: join(dir, 'state') };

describe('where the TUI keeps its files', () => {
  it('follows XDG on Linux and each platform\'s place elsewhere', () => {
    expect(tuiPaths({}, 'linux', '/home/ana')).toEqual({ configDir: '/home/ana/.config/switchboard', stateDir: '/home/ana/.local/state/switchboard' });
    expect(tuiPaths({ XDG_CONFIG_HOME: '/x', XDG_STATE_HOME: '/y' }, 'linux', '/home/ana')).toEqual({ configDir: '/x/switchboard', stateDir: '/y/switchboard' });
    expect(tuiPaths({}, 'darwin', '/Users/ana').configDir).toBe('/Users/ana/Library/Application Support/switchboard');
    expect(tuiPaths({ APPDATA: 'C:\\R', LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\ana').configDir).toContain('switchboard');
  });
});

describe('saved targets', () => {
  it('stores keys only as references: an env var, or an owner-only file', () => {
    const fileRef = storeSecret(paths, 'staging', 'api_key', 'sbx_staging_key_1234567890') as { file: string };
    let file = upsertTarget({ version: 1, targets: [] }, { name: 'staging', base_url: 'https://api.example.test/api/v1', api_key: fileRef });
    file = upsertTarget(file, { name: 'local', base_url: 'http://127.0.0.1:4010/api/v1', api_key: { env: 'LOCAL_KEY' }, control_token: { env: 'LOCAL_TOKEN' } });
    saveTargets(paths, { ...file, default: 'local' });
    const text = readFileSync(targetsFilePath(paths), 'utf8');
    expect(text).not.toContain('sbx_staging_key');
    expect(statSync(targetsFilePath(paths)).mode & 0o777).toBe(0o600);
    expect(statSync(join(paths.configDir, fileRef.file)).mode & 0o777).toBe(0o600);
    expect(statSync(paths.configDir).mode & 0o777).toBe(0o700);
    const loaded = loadTargets(paths);
    expect(loaded.problem).toBeUndefined();
    expect(loaded.file.targets.map((target) => target.name)).toEqual(['staging', 'local']);
    expect(resolveSecret(paths, fileRef)).toEqual({ value: 'sbx_staging_key_1234567890' });
    expect(resolveSecret(paths, { env: 'LOCAL_KEY' }, {})).toEqual({ error: 'environment variable LOCAL_KEY is not set' });
    expect(specOf(paths, loaded.file.targets[1]!, { LOCAL_KEY: 'k1', LOCAL_TOKEN: 't1' })).toMatchObject({ apiKey: 'k1', controlToken: 't1' });
    expect(() => specOf(paths, loaded.file.targets[1]!, {})).toThrow('target local: API key: environment variable LOCAL_KEY is not set');
    expect(describeRef(fileRef)).toBe('file (owner-only)');
    expect(removeTarget(loaded.file, 'local')).toMatchObject({ default: undefined, targets: [{ name: 'staging' }] });
  });

  it('deletes the secret files it wrote for a target with the target, not files the user named (17tui T7)', () => {
    const token = storeSecret(paths, 'gone', 'control_token', 'sbx_ctl_secret') as { file: string };
    const key = storeSecret(paths, 'gone', 'api_key', 'sbx_key') as { file: string };
    const kept = storeSecret(paths, 'kept', 'api_key', 'sbx_kept') as { file: string };
    const theirs = join(dir, 'their-own.key');
    writeFileSync(theirs, 'sbx_theirs\n', { mode: 0o600 });
    removeTargetSecrets(paths, { name: 'gone', base_url: 'http://127.0.0.1:4010/api/v1', control_token: token, api_key: key, webhook_secret: { file: theirs } });
    expect(existsSync(join(paths.configDir, token.file))).toBe(false);
    expect(existsSync(join(paths.configDir, key.file))).toBe(false);
    expect(existsSync(join(paths.configDir, kept.file))).toBe(true);
    expect(existsSync(theirs)).toBe(true);
  });

  it('refuses a base URL that is not one absolute http(s) URL, saying what it wants (17tui T3)', () => {
    expect(baseUrlProblem('http://127.0.0.1:4010/api/v1')).toBeUndefined();
    expect(baseUrlProblem('https://api.example.test/api/v1')).toBeUndefined();
    expect(baseUrlProblem('http://127.0.0.1:4010/api/v1http://127.0.0.1:32893/api/v1')).toMatch(/one URL starting with http:\/\/ or https:\/\/.*this holds two/);
    expect(baseUrlProblem('127.0.0.1:4010/api/v1')).toMatch(/one URL starting with http/);
    expect(baseUrlProblem('http://a b')).toMatch(/one URL/);
    const checked = SavedTarget.safeParse({ name: 'local', base_url: 'http://127.0.0.1:4010/api/v1http://127.0.0.1:32893/api/v1' });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toContain('this holds two');
  });

  it('refuses a secret file others can read, as ssh does', () => {
    const ref = storeSecret(paths, 'loose', 'api_key', 'sbx_loose') as { file: string };
    chmodSync(join(paths.configDir, ref.file), 0o644);
    expect(resolveSecret(paths, ref)).toEqual({ error: expect.stringContaining('is readable by others: run chmod 600') });
  });

  it('reports a broken targets file instead of failing', () => {
    const broken = { configDir: join(dir, 'broken'), stateDir: join(dir, 'broken-state') };
    saveTargets(broken, { version: 1, targets: [] });
    writeFileSync(targetsFilePath(broken), JSON.stringify({ version: 1, targets: [{ name: 'x', base_url: 'ftp://nope' }] }));
    expect(loadTargets(broken)).toMatchObject({ file: { targets: [] }, problem: expect.stringContaining('$.targets.0.base_url') });
  });
});

describe('masking', () => {
  it('shows a recognisable head and never the whole key', () => {
    expect(maskSecret('sbx_business_full_5e979fa1a413ec9f')).toBe('sbx_busin••••');
    expect(maskSecret(undefined)).toBe('(none)');
    expect(maskBody({ data: { signing_secret: 'whsec_abcdefgh', name: 'x' } })).toEqual({ data: { signing_secret: 'whs••••', name: 'x' } });
  });
});

describe('the client', () => {
  it('sends with the key, reads the rate limit, redacts what it shows and speaks the envelope', async () => {
    const connection = connectSandbox();
    const rates: RateLimit[] = [];
    const client = new Client(connection, (rate) => rates.push(rate));
    const ok = await client.send({ method: 'GET', path: '/account' });
    expect(ok.status).toBe(200);
    expect(ok.request.headers['X-Service-Api-Key']).toBe('<key>');
    expect(JSON.stringify(ok.request)).not.toContain(connection.apiKey!);
    expect(rates.at(-1)).toMatchObject({ limit: 200, remaining: 199 });
    const missing = await client.send({ method: 'GET', path: '/contacts/999999' });
    expect(describeOutcome(missing)).toMatch(/^404 not_found: /);
    // The control plane as the operator: the whole sandbox's powers.
    const clock = await client.control('POST', '/clock/freeze', { at: '2030-01-01T09:00:00Z' });
    expect(clock.status).toBe(200);
    expect(clock.request.headers['X-Sandbox-Token']).toBe('<operator>');
    expect(rateLimitOf({})).toBeUndefined();
    await connection.close();
  });

  it('turns a target that is down into one sentence', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(connectUrl({ name: 'gone', baseUrl: `http://127.0.0.1:${port}/api/v1` })).rejects.toThrow(`http://127.0.0.1:${port} refused the connection (is it running?)`);
    const remote = await connectUrl({ name: 'gone', baseUrl: `http://127.0.0.1:${port}/api/v1`, kind: 'remote', apiKey: 'k' });
    const exchange = await new Client(remote).send({ method: 'GET', path: '/account' });
    expect(exchange).toMatchObject({ status: 0, error: expect.stringContaining('refused the connection') });
    expect(describeOutcome(exchange)).toContain('refused the connection');
  });
});

describe('the sandbox probe (shared: conformance/target/sandbox-probe.test.ts)', () => {
  const sandboxDocument = JSON.stringify({ openapi: '3.1.0', info: { title: 'Switchboard sandbox control plane', version: '1' }, paths: {} });
  const answer = (status: number, body: string) => async () => new Response(body, { status });

  it('connects without a second probe by the engine, and says where the key came from', async () => {
    const seen: string[] = [];
    const fetchFn = async (request: Request) => {
      seen.push(new URL(request.url).pathname);
      return new Response('{"error":{"code":"not_found"}}', { status: 404 });
    };
    const deployment = await connectUrl({ name: 'd', baseUrl: 'http://deploy.invalid/api/v1', fetch: fetchFn });
    expect(deployment.kind).toBe('remote');
    expect(deployment.keySource).toBe('none');
    expect(seen).toEqual(['/_sandbox/openapi.json']);
    const sandbox = await connectUrl({ name: 's', baseUrl: 'http://sbx.invalid/api/v1', fetch: answer(200, sandboxDocument) });
    expect(sandbox.kind).toBe('sandbox');
    expect(sandbox.keySource).toBe('default-seed');
    expect((await connectUrl({ name: 's', baseUrl: 'http://sbx.invalid/api/v1', apiKey: 'sbx_mine_123456', fetch: answer(200, sandboxDocument) })).keySource).toBe('given');
    const inProcess = connectSandbox();
    expect(inProcess.keySource).toBe('default-seed');
    await inProcess.close();
  });
});
