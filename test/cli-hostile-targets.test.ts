/**
 * The CLI's clients against servers that misbehave the way real ones do (audit 10a): one that
 * accepts and never answers, one that answers headers and then stalls, one that answers a web
 * server's HTML welcome page to everything, and a port nobody listens on. Every client must settle
 * within its timeout (also after garbage collections: undici#4068 loses a Request's signal) and
 * say what went wrong in one sentence. Servers live on 127.0.0.1, port 0; timeouts are short.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDeadline } from '../conformance/http/deadline.js';
import { httpTarget, TargetError } from '../src/scenarios/target.js';
import { pullSeed, PullError } from '../src/pull/pull.js';
import { registry } from '../src/resources/index.js';
import { recordProxy } from '../src/scenarios/record/proxy.js';
import type { Waiter } from '../conformance/http/waiter.js';
import { runCli } from './support/serve-process.js';
import { listen } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { request as httpRequest } from 'node:http';

// A forced collection mid-request is what lost the abort before the fix; get `gc` without --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let silent: NetServer;
let stalling: HttpServer;
let html: HttpServer;
const sockets = new Set<Socket>();
const dir = mkdtempSync(join(tmpdir(), 'hostile-'));

function baseOf(server: NetServer | HttpServer): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

async function listening<T extends NetServer | HttpServer>(server: T): Promise<T> {
  server.on('connection', (socket: Socket) => (sockets.add(socket), socket.on('close', () => sockets.delete(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** A port that was just free: nothing listens there. */
async function closedPort(): Promise<number> {
  const server = await listening(createNetServer());
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits cost nothing: the refused-connection retries' backoff is not what these tests measure. */
const instantWaiter: Waiter = { virtual: true, now: () => Date.now(), wait: async () => undefined };

/** Runs `work` while collecting garbage every 20 ms, and how long it took. */
async function underGc<T>(work: () => Promise<T>): Promise<{ outcome: T | Error; ms: number }> {
  const timer = setInterval(gc, 20);
  const started = Date.now();
  try {
    return { outcome: await work(), ms: Date.now() - started };
  } catch (error) {
    return { outcome: error as Error, ms: Date.now() - started };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(async () => {
  silent = await listening(createNetServer(() => undefined));
  stalling = await listening(createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"data":');
  }));
  html = await listening(createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>Welcome to nginx!</body></html>');
  }));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([silent, stalling, html].map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('withDeadline', () => {
  it('settles on time even when the work ignores its signal', async () => {
    const started = Date.now();
    await expect(withDeadline(50, () => new Promise(() => undefined))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('aborts the signal it gave the work', async () => {
    let seen: AbortSignal | undefined;
    await withDeadline(30, (signal) => ((seen = signal), new Promise(() => undefined))).catch(() => undefined);
    expect(seen?.aborted).toBe(true);
  });
});

describe('scenario targets (scenario run, the TUI)', () => {
  it('a server that accepts and never answers fails within the timeout, also under forced GC', async () => {
    for (let round = 0; round < 3; round++) {
      // Silence at /_sandbox is a deployment (a WAF may tarpit it: test/tarpit-sandbox.test.ts);
      // the first request to the API then says the target is silent.
      const { outcome: target, ms: probeMs } = await underGc(() => httpTarget({ baseUrl: baseOf(silent), timeoutMs: 400 }));
      expect(target).toMatchObject({ kind: 'remote', note: '/_sandbox did not answer within 0.4 s: taken for a deployment' });
      expect(probeMs).toBeLessThan(3000);
      const { outcome, ms } = await underGc(() => (target as Awaited<ReturnType<typeof httpTarget>>).send({ method: 'GET', url: `${baseOf(silent)}/account`, headers: {} }, undefined));
      expect(outcome).toBeInstanceOf(TargetError);
      expect((outcome as Error).message).toMatch(/did not answer within 0\.4 s/);
      expect(ms).toBeLessThan(3000);
    }
  });

  it('a server that sends headers and then stalls has not answered either', async () => {
    const target = await httpTarget({ baseUrl: baseOf(stalling), timeoutMs: 400, kind: 'remote' });
    const { outcome, ms } = await underGc(() => target.send({ method: 'GET', url: `${baseOf(stalling)}/account`, headers: {} }, undefined));
    expect((outcome as Error).message).toMatch(/did not answer within 0\.4 s/);
    expect(ms).toBeLessThan(3000);
  });
});

describe('record (the recording proxy)', () => {
  it('answers 502 within its timeout when the target never answers, also under forced GC', async () => {
    const proxy = await recordProxy({ target: baseOf(silent), port: 0, out: join(dir, 'rec.yaml'), timeoutMs: 400 });
    try {
      const { outcome, ms } = await underGc(() => fetch(`${proxy.url}/api/v1/account`));
      expect((outcome as Response).status).toBe(502);
      expect(await (outcome as Response).json()).toMatchObject({ error: { code: 'bad_gateway', message: expect.stringMatching(/no answer within 400 ms/) } });
      expect(ms).toBeLessThan(3000);
    } finally {
      await proxy.close();
    }
  });
});

describe('a port fetch refuses (127.0.0.1:1)', () => {
  it('says the port is blocked, not a bare "bad port"', async () => {
    await expect(httpTarget({ baseUrl: 'http://127.0.0.1:1/api/v1', timeoutMs: 2000 })).rejects.toThrow(
      'http://127.0.0.1:1 could not be reached: the port is on fetch\'s blocked list ("bad port"): use another port',
    );
  });
});

describe('seed pull', () => {
  const pull = (baseUrl: string, out: string, timeoutMs = 400) =>
    pullSeed({ baseUrl, apiKey: 'sbx_live_x', out: join(dir, out), groups: registry, redact: 'default', timeoutMs, waiter: instantWaiter, fetch });

  it('stops with the route that timed out, under forced GC, and no --resume advice without a state file', async () => {
    const { outcome, ms } = await underGc(() => pull(baseOf(silent), 'silent.json'));
    expect(outcome).toBeInstanceOf(PullError);
    expect((outcome as Error).message).toBe('GET /account did not answer within 0.4 s (--timeout sets the limit)');
    expect(ms).toBeLessThan(3000);
    expect(existsSync(join(dir, 'silent.json.pull-state.json'))).toBe(false);
  });

  it('a target that stops answering mid-pull: the route is named, --resume is suggested and works', async () => {
    const sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
    const upstream = await listen(sim, { port: 0, host: '127.0.0.1' });
    let hangContacts = true;
    // Forwards to the simulator, except GET /contacts while `hangContacts`: accepted, never answered.
    const front = await listening(createHttpServer((request, response) => {
      if (hangContacts && request.url?.startsWith('/api/v1/contacts')) return;
      const forward = httpRequest(new URL(request.url ?? '/', upstream.baseUrl), { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      request.pipe(forward);
    }));
    const out = join(dir, 'mid.json');
    const options = { baseUrl: baseOf(front), apiKey: sim.accounts[0]!.keys.read!, out, groups: registry, only: ['contacts'], redact: 'none' as const, timeoutMs: 400, waiter: instantWaiter };
    try {
      const error = (await pullSeed(options).catch((caught: unknown) => caught)) as Error;
      expect(error.message).toMatch(/^GET \/contacts did not answer within 0\.4 s \(--timeout sets the limit\); the pull can go on later with --resume\.$/);
      expect(existsSync(`${out}.pull-state.json`)).toBe(true);
      hangContacts = false;
      const summary = await pullSeed({ ...options, resume: true });
      expect(summary.records['contacts']).toBeGreaterThan(0);
      expect(existsSync(`${out}.pull-state.json`)).toBe(false);
    } finally {
      await upstream.close();
      sim.close();
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('a body that stalls after the headers times out too', async () => {
    await expect(pull(baseOf(stalling), 'stalling.json')).rejects.toThrow('GET /account did not answer within 0.4 s');
  });

  it('an HTML 200 is a plain error naming the URL, not a TypeError', async () => {
    await expect(pull(baseOf(html), 'html.json')).rejects.toThrow(`${baseOf(html)}/account answered text/html, not JSON: is --base-url the API's /api/v1?`);
  });

  it('an unreachable target names the cause (ECONNREFUSED) and does not suggest --resume', async () => {
    const port = await closedPort();
    const error = (await pull(`http://127.0.0.1:${port}/api/v1`, 'refused.json').catch((caught: unknown) => caught)) as Error;
    expect(error.message).toMatch(/is not answering \(ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
    expect(error.message).not.toContain('--resume');
  });

  it('the CLI prints the timeout sentence and exits 1; a bad --timeout is a usage error (2)', async () => {
    const timedOut = await runCli(['seed', 'pull', '--base-url', baseOf(silent), '--api-key', 'sbx_live_x', '--out', join(dir, 'cli.json'), '--timeout', '300']);
    expect(timedOut.code).toBe(1);
    expect(timedOut.stderr).toContain('seed pull: GET /account did not answer within 0.3 s (--timeout sets the limit)');
    const bad = await runCli(['seed', 'pull', '--base-url', baseOf(silent), '--api-key', 'k', '--out', join(dir, 'x.json'), '--timeout', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--timeout must be a whole number of milliseconds');
  });
});

describe('conformance', () => {
  it('an HTML-answering target stops at the preflight with one sentence, exit 2, no TypeError', async () => {
    const result = await runCli(['conformance', '--base-url', baseOf(html), '--api-key', 'sbx_live_x', '--timeout', '2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${baseOf(html)}/account answered text/html, not JSON: is --base-url the API's /api/v1?`);
    expect(result.stderr).not.toMatch(/Cannot read properties/);
  });

  it('a silent target stops within --timeout', async () => {
    const started = Date.now();
    const result = await runCli(['conformance', '--base-url', baseOf(silent), '--api-key', 'sbx_live_x', '--timeout', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no answer in 1 s/);
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
