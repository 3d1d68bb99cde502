/**
 * The TUI against a real deployment: a simulator served on 127.0.0.1 behind a proxy that hides
 * /_sandbox (what an implementer's server looks like), or a sandbox started with its own key.
 * Each screen must say what it can and cannot do there: a scenario that needs a sandbox, a key
 * that was not given, a sandbox probe that never answers, a webhook receiver a remote server
 * cannot reach.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../src/simulator.js';
import { silentLogger } from '../../src/core/logger.js';
import { listen, type RunningServer } from '../../src/adapters/node-http.js';
import { signatureHeader } from '../../src/resources/webhooks/signing.js';
import { startBugProxy, type BugProxy } from '../../test/support/bug-proxy.js';
import { startTuiApp, unmountAll } from '../../test/support/tui-app.js';
import { initialConnect } from './index.js';
import { parseReceiverPort } from '../commands/tui.js';
import { receiverHint } from './services/receiver-hint.js';
import { headerText } from './components/Header.js';

vi.setConfig({ testTimeout: 60_000 });

const WIDE = { columns: 200, rows: 30 };
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-deploy-'));
let sim: Simulator;
let server: RunningServer;
let proxy: BugProxy;
let key: string;

beforeAll(async () => {
  sim = createSimulator({ logger: silentLogger });
  server = await listen(sim, { port: 0, host: '127.0.0.1' });
  proxy = await startBugProxy(server.origin);
  key = sim.accounts[0]!.keys.full!;
});
afterEach(() => {
  unmountAll();
  proxy.setBug(undefined);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the replay debugger on a deployment', () => {
  it('opens --scenario on a URL target, and a scenario that needs a sandbox says so instead of "done"', async () => {
    const file = join(dir, 'needs-sandbox.yaml');
    writeFileSync(file, 'scenario: needs the control plane\nrequires: sandbox\nsteps:\n  - name: read the account\n    request: { path: /account }\n');
    const ui = startTuiApp({ size: WIDE, connect: { kind: 'url', url: proxy.baseUrl, apiKey: key }, scenario: file });
    await ui.waitFor('needs the control plane');
    await ui.press('r');
    const frame = await ui.waitFor('✗ this scenario needs a sandbox (requires: sandbox)');
    expect(frame).toContain('0/1 run · stopped (t runs it on a fresh sandbox)');
    expect(frame).not.toContain('· done');
    // At 80×24 the title line still carries the reason's gist and the way out.
    unmountAll();
    const narrow = startTuiApp({ connect: { kind: 'url', url: proxy.baseUrl, apiKey: key }, scenario: file });
    await narrow.waitFor('needs the control plane');
    await narrow.press('r');
    const small = await narrow.waitFor('0/1 run · stopped (t runs it on a fresh sandbox)');
    expect(small).toContain('✗ this scenario needs a sandbox (requires: sandbox)');
  });
});

describe('keys', () => {
  it('says when no --api-key was given: the default seed key was tried, and on 401 that --api-key is needed', async () => {
    const own = createSimulator({ logger: silentLogger, apiKey: 'sbx_live_ownkey_0123456789' });
    const running = await listen(own, { port: 0, host: '127.0.0.1' });
    try {
      const refused = startTuiApp({ size: WIDE, connect: { kind: 'url', url: running.baseUrl, controlToken: own.controlToken } });
      const frame = await refused.waitFor(`(connected to ${running.baseUrl})`);
      expect(frame).toContain('GET /account: 401 invalid_api_key: pass --api-key: this sandbox refused the default seed key (it has its own keys)');
      // The header keeps the target ahead of the problem.
      expect(frame.split('\n')[0]).toContain(`Switchboard ${running.baseUrl} │ 401 invalid_api_key: pass --api-key`);
      const narrow = headerText(refused.session()!.header.get(), 80);
      expect(narrow).toBe(`${running.baseUrl} │ 401 invalid_api_key │ key ? │ rate -`);
      unmountAll();
      // At 80 columns the status line still shows the fix (audit 11b: the hint used to be cut off).
      const small = startTuiApp({ connect: { kind: 'url', url: running.baseUrl, controlToken: own.controlToken } });
      const smallFrame = await small.waitFor('pass --api-key');
      expect(smallFrame.split('\n').some((line) => line.includes('GET /account: 401 invalid_api_key: pass --api-key'))).toBe(true);
      unmountAll();
      const seededSim = createSimulator({ logger: silentLogger });
      const seeded = await listen(seededSim, { port: 0, host: '127.0.0.1' });
      try {
        const fallback = startTuiApp({ size: WIDE, connect: { kind: 'url', url: seeded.baseUrl } });
        await fallback.waitFor(`connected to ${seeded.baseUrl} (no --api-key: tried the default seed key): s sends GET /account`);
      } finally {
        await seeded.close();
        seededSim.close();
      }
    } finally {
      await running.close();
      own.close();
    }
  });
});

describe('the sandbox probe', () => {
  it('a deployment whose /_sandbox/openapi.json never answers is a deployment after a short limit, not "down"', async () => {
    proxy.setBug(async (request, upstream) => (request.url.startsWith('/_sandbox') ? 'hang' : upstream(request)));
    const started = Date.now();
    const ui = startTuiApp({ size: WIDE, connect: { kind: 'url', url: proxy.baseUrl, apiKey: key } });
    const frame = await ui.waitFor(`connected to ${proxy.baseUrl} (`, 15_000);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(frame).toContain(`connected to ${proxy.baseUrl} (/_sandbox did not answer within 3 s: taken for a deployment): s sends GET /account`);
    expect(frame).toMatch(/│ #\d+ .* │ key full/);
    expect(frame).not.toContain('could not connect');
  });

  it('an origin that refuses the connection is still "could not connect"', async () => {
    const closedSim = createSimulator({ logger: silentLogger });
    const closed = await listen(closedSim, { port: 0, host: '127.0.0.1' });
    await closed.close();
    closedSim.close();
    const ui = startTuiApp({ size: WIDE, connect: { kind: 'url', url: closed.baseUrl } });
    await ui.waitFor(`could not connect: ${closed.origin} refused the connection`);
    unmountAll();
    const blocked = startTuiApp({ size: WIDE, connect: { kind: 'url', url: 'http://127.0.0.1:1/api/v1' } });
    await blocked.waitFor('could not connect: http://127.0.0.1:1 could not be reached: the port is on fetch\'s blocked list ("bad port"): use another port');
  });
});

describe('the tail on a deployment', () => {
  it('runs the receiver on --receiver-port, checks signatures with --webhook-secret, and says who can reach it', async () => {
    const ui = startTuiApp({ size: WIDE, connect: { kind: 'url', url: proxy.baseUrl, apiKey: key, receiverPort: 0, webhookSecret: SECRET } });
    await ui.waitFor('connected to');
    await ui.press('6');
    const frame = await ui.waitFor(/webhooks to http:\/\/127\.0\.0\.1:\d+\/ \(signatures verified\)/);
    expect(frame).toContain('the target runs on this machine: it can post to http://127.0.0.1:');
    const receiver = /webhooks to (http:\/\/127\.0\.0\.1:\d+\/)/.exec(frame)![1]!;
    expect(receiver).not.toBe('http://127.0.0.1:4400/');
    const deliver = async (id: string, secret: string): Promise<void> => {
      const body = JSON.stringify({ id: 'evt_tui_1', type: 'message.received', created_at: new Date().toISOString(), data: { text: 'hi' } });
      const timestamp = Math.floor(Date.now() / 1000);
      await fetch(receiver, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': await signatureHeader([secret], id, timestamp, body) }, body });
    };
    await deliver('msg_good', SECRET);
    await ui.waitFor('✓ signed #1');
    await deliver('msg_bad', 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD');
    await ui.waitFor('✗ BAD SIGNATURE');
  });

  it('a target added in the form keeps its receiver port and webhook secret, and its tail uses them', async () => {
    const paths = { configDir: join(dir, 'form-config'), stateDir: join(dir, 'form-state') };
    const ui = startTuiApp({ size: WIDE, paths, env: { DEP_KEY: key, DEP_WHSEC: SECRET } });
    await ui.waitFor('Pick a target');
    await ui.press('a');
    await ui.waitFor('Add a target');
    await ui.type('dep');
    await ui.press('\t', '\u0015');
    await ui.type(proxy.baseUrl);
    await ui.press('\t');
    await ui.type('DEP_KEY');
    for (let field = 2; field < 7; field++) await ui.press('\t');
    await ui.waitFor('Deployment only: the local webhook receiver for the tail');
    await ui.type('0');
    await ui.press('\t');
    await ui.type('DEP_WHSEC');
    await ui.press('\r');
    await ui.waitFor('saved target dep');
    const saved = JSON.parse(readFileSync(join(paths.configDir, 'targets.json'), 'utf8')) as { targets: Record<string, unknown>[] };
    expect(saved.targets[0]).toMatchObject({ name: 'dep', receiver_port: 0, webhook_secret: { env: 'DEP_WHSEC' }, api_key: { env: 'DEP_KEY' } });
    await ui.press('j', '\r');
    await ui.waitFor(`connected to ${proxy.baseUrl}: s sends GET /account`);
    await ui.press('6');
    const frame = await ui.waitFor(/webhooks to http:\/\/127\.0\.0\.1:\d+\/ \(signatures verified\)/);
    expect(frame).not.toContain('127.0.0.1:4400');
  });

  it('the flags also reach a saved target picked on the targets screen', async () => {
    const paths = { configDir: join(dir, 'picked-config'), stateDir: join(dir, 'picked-state') };
    mkdirSync(paths.configDir, { recursive: true });
    writeFileSync(join(paths.configDir, 'targets.json'), JSON.stringify({ version: 1, targets: [{ name: 'dep', base_url: proxy.baseUrl, api_key: { env: 'DEP_KEY' } }] }));
    const ui = startTuiApp({ size: WIDE, paths, env: { DEP_KEY: key }, receiver: { receiverPort: 0, webhookSecret: SECRET } });
    await ui.waitFor('Pick a target');
    await ui.press('j', '\r');
    await ui.waitFor(`connected to ${proxy.baseUrl}`);
    await ui.press('6');
    const frame = await ui.waitFor(/webhooks to http:\/\/127\.0\.0\.1:\d+\/ \(signatures verified\)/);
    expect(frame).not.toContain('127.0.0.1:4400');
  });

  it('tells a remote deployment it cannot reach 127.0.0.1 and names the flags', () => {
    const remote = receiverHint('https://api.example.com/api/v1', 'http://127.0.0.1:4400/', false);
    expect(remote).toBe("api.example.com cannot reach 127.0.0.1: give it a tunnel's public URL to port 4400 (ssh -R, cloudflared, ngrok) · --receiver-port, --webhook-secret whsec_… to check signatures");
    expect(receiverHint('http://localhost:8080/api/v1', 'http://127.0.0.1:4471/', true)).toBe('the target runs on this machine: it can post to http://127.0.0.1:4471/ · --receiver-port');
  });

  it('takes --receiver-port and --webhook-secret for a URL or a saved target, and refuses a bad port', () => {
    const paths = { configDir: join(dir, 'flags-config'), stateDir: join(dir, 'flags-state') };
    expect(initialConnect({ target: 'http://127.0.0.1:1/api/v1', receiverPort: 4471, webhookSecret: SECRET }, paths)).toEqual({ kind: 'url', url: 'http://127.0.0.1:1/api/v1', receiverPort: 4471, webhookSecret: SECRET });
    expect(initialConnect({ target: 'staging', receiverPort: 0 }, paths)).toEqual({ kind: 'saved', name: 'staging', receiverPort: 0 });
    expect(parseReceiverPort('0')).toBe(0);
    expect(() => parseReceiverPort('70000')).toThrow('--receiver-port must be a port number from 0 to 65535');
    expect(() => parseReceiverPort('abc')).toThrow('--receiver-port');
  });
});
