/**
 * Recording: the reverse proxy over real HTTP on 127.0.0.1 (port 0) in front of a sandbox, and
 * `serve --record`. Traffic carrying keys, a minted key and a webhook signing secret is recorded,
 * the file is searched for every secret (none may reach the disk), captures are inferred, and the
 * recording replays green on a fresh in-process sandbox and on a second target over HTTP.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node-http.js';
import { loadScenarioFile } from '../src/scenarios/load.js';
import { recordProxy, type RecordingProxy } from '../src/scenarios/record/proxy.js';
import { Redactor } from '../src/scenarios/record/redact.js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BIN } from './support/serve-process.js';
import { runScenario } from '../src/scenarios/run.js';
import { formatScenario } from '../src/scenarios/report/console.js';
import { createSimulator } from '../src/simulator.js';
import { startServe, stopServe } from './support/serve-process.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const dir = mkdtempSync(join(tmpdir(), 'switchboard-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function call(base: string, method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'X-Service-Api-Key': key, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as { data: Record<string, unknown> }) : undefined, headers: response.headers };
}

describe('switchboard record (reverse proxy)', () => {
  const sim = createSimulator({ rateLimit: 'off', logger: silent });
  const keys = sim.accounts[0]!.keys;
  let upstream: RunningServer;
  let proxy: RecordingProxy;
  const out = join(dir, 'recorded.yaml');
  const secrets: string[] = [keys.full!, keys.write!, keys.admin!, keys.read!];

  beforeAll(async () => {
    upstream = await listen(sim, { port: 0 });
    proxy = await recordProxy({ target: upstream.baseUrl, port: 0, out, name: 'A support session' });
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const base = `${proxy.url}/api/v1`;
    // An app's session: keys in three header styles, a minted key used later, a webhook secret, personal data.
    const created = await call(base, 'POST', '/contacts', keys.write!, { channel: 'sms', platform_user_id: '+15550109999', name: 'Priya Raman', email: 'priya.raman@customer.invalid', phone: '+15550109999' }, { 'Idempotency-Key': 'rec-1' });
    expect(created.status).toBe(201);
    const contactId = created.json!.data['id'] as number;
    const replay = await call(base, 'POST', '/contacts', keys.write!, { channel: 'sms', platform_user_id: '+15550109999', name: 'Priya Raman', email: 'priya.raman@customer.invalid', phone: '+15550109999' }, { 'Idempotency-Key': 'rec-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await call(base, 'PATCH', `/contacts/${contactId}`, keys.full!, { stage: 'qualified' })).status).toBe(200);
    const minted = await call(base, 'POST', '/api-keys', keys.full!, { name: 'ci', scope: 'read' });
    expect(minted.status).toBe(201);
    const mintedKey = minted.json!.data['api_key'] as string;
    secrets.push(mintedKey);
    const account = await fetch(`${base}/account`, { headers: { Authorization: `Bearer ${mintedKey}` } });
    expect(account.status).toBe(200);
    const endpoint = await call(base, 'POST', '/webhooks/endpoints', keys.admin!, { name: 'hooks', url: 'https://hooks.customer.invalid/in' });
    expect(endpoint.status).toBe(201);
    secrets.push(endpoint.json!.data['signing_secret'] as string);
    const got = await fetch(`${base}/contacts/${contactId}`, { headers: { 'X-Api-Key': keys.read! } });
    expect(got.status).toBe(200);
    expect((await call(base, 'DELETE', `/contacts/${contactId}`, keys.write!)).status).toBe(200);
    await proxy.close();
  });
  afterAll(async () => {
    await upstream.close();
    sim.close();
  });

  it('writes no key, secret or personal value to disk', () => {
    const text = readFileSync(out, 'utf8');
    expect(secrets.length).toBe(6);
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const personal of ['priya.raman@customer.invalid', '+15550109999']) expect(text).not.toContain(personal);
    expect(text).not.toMatch(/sbx_[a-z]+_[a-z]+_[0-9a-f]{16}/);
    expect(text).not.toMatch(/whsec_[A-Za-z0-9+/=]{20,}/);
    expect(text).toContain('<redacted:signing_secret>');
    // Placeholders number in order of appearance: the sms platform_user_id (a phone) comes first.
    expect(text).toMatch(/redacted-\d+@example\.invalid/);
  });

  it('records keys as credential names and infers captures for ids and the minted key', () => {
    const { scenario } = loadScenarioFile(out);
    expect(scenario.scenario).toBe('A support session');
    expect(scenario.steps).toHaveLength(8);
    const [create, retry, patch, mint, account, endpoint, read, remove] = scenario.steps;
    expect(create!.capture).toEqual({ contact_id: '$.data.id' });
    expect(retry!.expect!.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(retry!.request!.headers).toEqual({ 'Idempotency-Key': 'rec-1' });
    expect(patch!.request!.path).toBe('/contacts/{{contact_id}}');
    // GET /account later shows the minted key's id: that binds too.
    expect(mint!.capture).toEqual({ minted_key: '$.data.api_key', api_key_id: '$.data.id' });
    expect(account!.request!.key).toBe('{{minted_key}}');
    expect(endpoint!.expect!.match).toMatchObject({ '$.data.signing_secret': 'type', '$.data.created_at': 'iso-timestamp' });
    expect(read!.request!.path).toBe('/contacts/{{contact_id}}');
    expect(remove!.expect!.body).toEqual({ data: { id: '{{contact_id}}', object: 'contact', deleted: true } });
    const names = new Set(scenario.steps.map((step) => step.request?.key));
    expect([...names].sort()).toEqual(['default', 'key2', 'key3', 'key4', '{{minted_key}}'].sort());
  });

  it('replays green on a fresh in-process sandbox, and on a second target over HTTP', async () => {
    const credentials = { default: keys.write!, key2: keys.full!, key3: keys.admin!, key4: keys.read! };
    const inProcess = await runScenario(out, { target: 'sandbox', credentials });
    expect(inProcess.failed, formatScenario(inProcess)).toBe(0);
    expect(inProcess.passed).toBe(8);

    const second = createSimulator({ rateLimit: 'off', logger: silent });
    // The second deployment already holds data: its ids differ, and captures rebind them.
    await second.request({ method: 'POST', path: '/contacts', key: keys.write!, body: { channel: 'telegram', platform_user_id: 'someone-else' } });
    const server = await listen(second, { port: 0 });
    try {
      const overHttp = await runScenario(out, { target: server.baseUrl, credentials, targetKind: 'remote' });
      expect(overHttp.failed, formatScenario(overHttp)).toBe(0);
      expect(overHttp.targetKind).toBe('remote');
    } finally {
      await server.close();
      second.close();
    }
  });

  it('answers 502 with a readable error when the target is down, and records nothing', async () => {
    const down = await recordProxy({ target: 'http://127.0.0.1:9', port: 0, timeoutMs: 2_000 });
    try {
      const response = await fetch(`${down.url}/api/v1/account`, { headers: { 'X-Service-Api-Key': 'anything' } });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_gateway');
      expect(down.recorder.exchanges).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});

describe('switchboard serve --record', () => {
  it('records what the sandbox serves, keys by scope, and the file replays', async () => {
    const file = join(dir, 'served.yaml');
    const server = await startServe(['--port', '0', '--rate-limit', 'off', '--record', file]);
    const write = server.ready.accounts[0]!.keys.write;
    const base = server.ready.base_url;
    try {
      const tag = await call(base, 'POST', '/tags', write, { name: 'recorded-vip', color: '#aa00ff' });
      expect(tag.status).toBe(201);
      await call(base, 'GET', '/tags', write);
      const inbound = await call(base.replace('/api/v1', ''), 'POST', '/_sandbox/inbound', server.ready.accounts[0]!.keys.admin, { channel: 'sms', platform_user_id: '+15550104444', text: 'hello' });
      expect(inbound.status).toBe(200);
    } finally {
      await stopServe(server);
    }
    const text = readFileSync(file, 'utf8');
    for (const account of server.ready.accounts) for (const key of Object.values(account.keys)) expect(text).not.toContain(key);
    const { scenario } = loadScenarioFile(file);
    expect(scenario.steps.map((step) => [step.name, step.request?.key ?? step.sandbox?.key ?? 'admin'])).toEqual([
      ['POST /tags', 'write'],
      ['GET /tags', 'write'],
      ['POST /_sandbox/inbound', 'admin'],
    ]);
    const result = await runScenario(file);
    expect(result.failed, formatScenario(result)).toBe(0);
  });
});

// audit 10a: an SMS contact's platform_user_id (its phone number) was kept verbatim unless the same
// value also sat in a redacted `phone` field.
describe('redaction of phone-number platform ids', () => {
  const redacted = (body: unknown, fields?: string[]): string => {
    const redactor = new Redactor(fields ? { redactFields: fields } : {});
    redactor.collect(body);
    return JSON.stringify(redactor.apply(body));
  };

  it('an sms or whatsapp platform_user_id, or a +E.164 one, becomes a phone placeholder', () => {
    expect(redacted({ channel: 'sms', platform_user_id: '+15550100556', name: 'x' })).toBe('{"channel":"sms","platform_user_id":"+15550000001","name":"x"}');
    expect(redacted({ channel: 'whatsapp', platform_user_id: '15550100557' })).not.toContain('15550100557');
    expect(redacted({ data: [{ platform_user_id: '+447700900123' }] })).not.toContain('447700900123');
  });

  it('an Instagram id is kept, and --redact without phone keeps phone ids too', () => {
    expect(redacted({ channel: 'instagram', platform_user_id: '17841400000000' })).toContain('17841400000000');
    expect(redacted({ channel: 'sms', platform_user_id: '+15550100556' }, ['email'])).toContain('+15550100556');
  });
});

describe('switchboard record stopped before any request', () => {
  it('says nothing was recorded and writes no file', async () => {
    const out = join(dir, 'empty.yaml');
    const child = spawn(process.execPath, [BIN, 'record', '--target', 'http://127.0.0.1:9/api/v1', '--port', '0', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => stdout.includes('Ctrl-C') && (clearInterval(poll), resolve()), 20);
    });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain(`nothing recorded: ${out} was not written`);
    expect(existsSync(out)).toBe(false);
  }, 15_000);
});
