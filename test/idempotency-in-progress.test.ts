/**
 * Section 5: "A retry while the first is running gives 409 `idempotency_in_progress` with
 * `Retry-After`." A header key is held from the moment the request is authorised, before its body
 * is read, until it is answered (src/core/idempotency.ts `hold`), so a retry sent while the first
 * request's body is still arriving is refused instead of running beside it.
 *
 * Both runtimes, each with a first request whose body arrives in two halves: over node:http a
 * socket that writes half the JSON and waits, over MSW a fetch whose ReadableStream body does.
 * `arrived()` resolves once that request has reached the pipeline, which holds the key
 * synchronously on arrival, so nothing here depends on timing.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../src/adapters/msw.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import type { SimRequest } from '../src/core/types.js';
import { createSimulator, type Simulator } from '../src/simulator.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/** A POST whose body has arrived in half: `finish` sends the rest, `abort` goes away without it. */
interface SlowPost {
  finish(): Promise<Answer>;
  abort(): void;
}

interface Runtime {
  readonly sim: Simulator;
  /** What the simulator logged as errors (a defect's 500), since the test began. */
  readonly errorsLogged: string[];
  /** Resolves when the next request has reached the simulator's pipeline. */
  arrived(): Promise<void>;
  slowPost(path: string, key: string, idempotencyKey: string, body: unknown): SlowPost;
  send(method: string, path: string, key: string, idempotencyKey: string | undefined, body?: unknown): Promise<Answer>;
}

const MSW_ORIGIN = 'http://idem.runtime.test';

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

function headersFor(key: string, idempotencyKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Service-Api-Key': key };
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  return headers;
}

/** The simulator, telling `arrived` each time a request has entered its pipeline. */
function observed(sim: Simulator): { sim: Simulator; arrived: () => Promise<void> } {
  let waiting: (() => void) | undefined;
  const handle = (request: SimRequest) => {
    const answer = sim.handle(request);
    waiting?.();
    waiting = undefined;
    return answer;
  };
  return { sim: { ...sim, handle }, arrived: () => new Promise<void>((resolve) => (waiting = resolve)) };
}

function nodeSlowPost(server: RunningServer, path: string, key: string, idempotencyKey: string, body: unknown): SlowPost {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const url = new URL(`${server.baseUrl}${path}`);
  const request = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { ...headersFor(key, idempotencyKey), 'Content-Length': String(Buffer.byteLength(text)) },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers[name] = value;
        const raw = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers, body: raw === '' ? undefined : (JSON.parse(raw) as unknown) });
      });
    });
    request.on('error', reject);
  });
  // An aborted request rejects with ECONNRESET, which only an abort expects.
  answered.catch(() => {});
  request.flushHeaders();
  request.write(text.slice(0, half));
  return {
    finish: () => {
      request.end(text.slice(half));
      return answered;
    },
    abort: () => request.destroy(),
  };
}

function mswSlowPost(path: string, key: string, idempotencyKey: string, body: unknown): SlowPost {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(bytes.slice(0, half));
    },
  });
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers: headersFor(key, idempotencyKey), body: stream, duplex: 'half' };
  const answered = fetch(`${MSW_ORIGIN}/api/v1${path}`, init).then(answerOf);
  answered.catch(() => {});
  return {
    finish: () => {
      controller!.enqueue(bytes.slice(half));
      controller!.close();
      return answered;
    },
    abort: () => controller!.error(new Error('the client went away')),
  };
}

function describeBothRuntimes(title: string, body: (runtime: () => Runtime, name: 'node:http' | 'msw') => void): void {
  for (const name of ['node:http', 'msw'] as const) {
    describe(`${title} [${name}]`, () => {
      let current: Runtime | undefined;
      let server: RunningServer | undefined;
      let msw: ReturnType<typeof setupServer> | undefined;

      beforeAll(async () => {
        const errorsLogged: string[] = [];
        const logger = { ...silentLogger, error: (message: string) => void errorsLogged.push(message) };
        const { sim, arrived } = observed(createSimulator({ logger, rateLimit: 'off' }));
        let origin = MSW_ORIGIN;
        if (name === 'node:http') {
          server = await listen(sim, { port: 0, host: '127.0.0.1' });
          origin = server.origin;
        } else {
          msw = setupServer(...createHandlers(sim, { baseUrl: `${MSW_ORIGIN}/api/v1` }));
          msw.listen({ onUnhandledRequest: 'error' });
        }
        const running = server;
        current = {
          sim,
          errorsLogged,
          arrived,
          slowPost: (path, key, idempotencyKey, json) => (running ? nodeSlowPost(running, path, key, idempotencyKey, json) : mswSlowPost(path, key, idempotencyKey, json)),
          send: async (method, path, key, idempotencyKey, json) =>
            answerOf(await fetch(`${origin}/api/v1${path}`, { method, headers: headersFor(key, idempotencyKey), body: json === undefined ? undefined : JSON.stringify(json) })),
        };
      });
      beforeEach(() => {
        current!.sim.sandbox.reset();
        current!.errorsLogged.length = 0;
      });
      afterAll(async () => {
        msw?.close();
        await server?.close();
      });

      body(() => current!, name);
    });
  }
}

const errorCode = (answer: Answer): unknown => (answer.body as { error?: { code?: unknown } } | undefined)?.error?.code;

describeBothRuntimes('a retry while the first request with its Idempotency-Key is still arriving', (api) => {
  const tagsNamed = async (key: string, tagName: string): Promise<number> => {
    const list = await api().send('GET', '/tags', key, undefined);
    return (list.body as { data: { name: string }[] }).data.filter((tag) => tag.name === tagName).length;
  };

  it('gets 409 idempotency_in_progress with Retry-After, whatever its body; the first then runs once and is replayed', async () => {
    const { sim } = api();
    const write = sim.accounts[0]!.keys.write!;
    const body = { name: 'slow-upload-tag' };
    const arrival = api().arrived();
    const first = api().slowPost('/tags', write, 'slow-1', body);
    await arrival;

    for (const retryBody of [body, { name: 'another-tag' }]) {
      const retry = await api().send('POST', '/tags', write, 'slow-1', retryBody);
      expect(retry.status).toBe(409);
      expect(retry.body).toEqual({ error: { code: 'idempotency_in_progress', message: expect.any(String) } });
      expect(retry.headers['retry-after']).toBe('1');
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
    }
    // Another account's key of the same name is another key.
    const elsewhere = await api().send('POST', '/tags', sim.accounts[1]!.keys.write!, 'slow-1', body);
    expect(elsewhere.status).toBe(201);

    const done = await first.finish();
    expect(done.status).toBe(201);
    expect(done.headers['idempotent-replayed']).toBeUndefined();

    const replay = await api().send('POST', '/tags', write, 'slow-1', body);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(done.body);

    const reused = await api().send('POST', '/tags', write, 'slow-1', { name: 'another-tag' });
    expect(reused.status).toBe(422);
    expect(errorCode(reused)).toBe('idempotency_key_reused');

    expect(await tagsNamed(write, 'slow-upload-tag')).toBe(1);
    expect(await tagsNamed(write, 'another-tag')).toBe(0);
  });

  it('frees the key of an upload the client abandons: a later retry runs', async () => {
    const { sim } = api();
    const write = sim.accounts[0]!.keys.write!;
    const body = { name: 'abandoned-tag' };
    const arrival = api().arrived();
    const gone = api().slowPost('/tags', write, 'abandoned-1', body);
    await arrival;
    gone.abort();

    // The server learns of the abort a moment later; until then the key is rightly still held.
    let retry = await api().send('POST', '/tags', write, 'abandoned-1', body);
    for (let attempt = 0; retry.status === 409 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      retry = await api().send('POST', '/tags', write, 'abandoned-1', body);
    }
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await api().send('POST', '/tags', write, 'abandoned-1', body)).headers['idempotent-replayed']).toBe('true');
    expect(await tagsNamed(write, 'abandoned-tag')).toBe(1);
    // A body cut off by its client is a refused request (400 naming body), not a server defect.
    expect(api().errorsLogged).toEqual([]);
  });

  it('does not hold a key whose answer is stored: a replay meanwhile is not kept waiting', async () => {
    const { sim } = api();
    const write = sim.accounts[0]!.keys.write!;
    const body = { name: 'stored-tag' };
    expect((await api().send('POST', '/tags', write, 'stored-1', body)).status).toBe(201);
    const arrival = api().arrived();
    const slowReplay = api().slowPost('/tags', write, 'stored-1', body);
    await arrival;
    const replay = await api().send('POST', '/tags', write, 'stored-1', body);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const slow = await slowReplay.finish();
    expect(slow.headers['idempotent-replayed']).toBe('true');
    expect(await tagsNamed(write, 'stored-tag')).toBe(1);
  });

  it('frees the key of a request refused after its body was read (400) and stores that answer', async () => {
    const { sim } = api();
    const write = sim.accounts[0]!.keys.write!;
    const arrival = api().arrived();
    const bad = api().slowPost('/tags', write, 'bad-1', { name: 5 });
    await arrival;
    expect((await api().send('POST', '/tags', write, 'bad-1', { name: 5 })).status).toBe(409);
    const refused = await bad.finish();
    expect(refused.status).toBe(400);
    const replay = await api().send('POST', '/tags', write, 'bad-1', { name: 5 });
    expect(replay.status).toBe(400);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});

describe('a request whose body stalls past the request timeout [node:http]', () => {
  let server: RunningServer | undefined;
  let sim: Simulator | undefined;
  let arrived: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ sim, arrived } = observed(createSimulator({ logger: silentLogger, rateLimit: 'off' })));
    server = await listen(sim, { port: 0, host: '127.0.0.1', connections: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('frees its key when the server gives up on it: a later retry runs', async () => {
    const write = sim!.accounts[0]!.keys.write!;
    const body = { name: 'timed-out-tag' };
    const arrival = arrived!();
    const stalled = nodeSlowPost(server!, '/tags', write, 'timeout-1', body);
    await arrival;
    const send = async () =>
      answerOf(await fetch(`${server!.baseUrl}/tags`, { method: 'POST', headers: headersFor(write, 'timeout-1'), body: JSON.stringify(body) }));
    expect((await send()).status).toBe(409);
    // Node checks request timeouts once a second: the stalled request is gone within about 1.6 s.
    let retry = await send();
    for (let attempt = 0; retry.status === 409 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      retry = await send();
    }
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    stalled.abort();
  }, 15_000);
});
