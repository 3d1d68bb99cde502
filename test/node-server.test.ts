import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => unknown;
}

/** node:http, so the exact path bytes (e.g. malformed percent-encoding) reach the server. */
function raw(server: RunningServer, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer, agent?: Agent): Promise<RawResponse> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sim = createSimulator({ logger: silentLogger, rateLimit: '200/20', clock: { frozenAt: '2026-01-01T00:00:00+00:00' } });
const key = sim.accounts[0]!.keys.full!;
let server: RunningServer;

beforeAll(async () => {
  server = await listen(sim, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  sim.close();
});

describe('listen()', () => {
  it('reports its origin and base URL on an ephemeral port', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseUrl).toBe(`${server.origin}/api/v1`);
    expect(server.origin).not.toMatch(/:4010$/);
  });

  it('serves the API with JSON, Content-Length, Request-Id and rate-limit headers', async () => {
    const res = await raw(server, 'GET', '/api/v1/account', { 'X-Service-Api-Key': key });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(res.headers['request-id']).toMatch(/^req_/);
    expect(res.headers['ratelimit-limit']).toBe('200');
    expect(res.headers['x-ratelimit-remaining']).toEqual(expect.any(String));
  });

  it('answers the spec envelope for 401, 404 and 405', async () => {
    const noKey = await raw(server, 'GET', '/api/v1/account');
    expect(noKey.status).toBe(401);
    expect(noKey.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const missing = await raw(server, 'GET', '/api/v1/nope', { 'X-Service-Api-Key': key });
    expect(missing.status).toBe(404);
    const wrong = await raw(server, 'PUT', '/api/v1/api-keys', { 'X-Service-Api-Key': key }, '{}');
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe('GET, POST');
  });

  it('answers malformed percent-encoding with 404, not 500', async () => {
    const res = await raw(server, 'DELETE', '/api/v1/api-keys/%E0%A4%A', { 'X-Service-Api-Key': key });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('parses the query string of the URL', async () => {
    const res = await raw(server, 'GET', '/api/v1/api-keys?limit=1', { 'X-Service-Api-Key': key });
    expect((res.json() as { data: unknown[] }).data).toHaveLength(1);
    const bad = await raw(server, 'GET', '/api/v1/api-keys?limit=abc', { 'X-Service-Api-Key': key });
    expect(bad.json()).toMatchObject({ error: { code: 'invalid_param', param: 'limit' } });
  });

  it('reads chunked bodies', async () => {
    const res = await raw(
      server,
      'POST',
      '/api/v1/api-keys',
      { 'X-Service-Api-Key': key, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      Buffer.from(JSON.stringify({ name: 'chunked' })),
    );
    expect(res.status).toBe(201);
  });

  it('refuses a body over 1 MiB with 413 payload_too_large, closes that connection, and keeps serving', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 0x61);
    const res = await raw(server, 'POST', '/api/v1/api-keys', { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' }, big);
    expect(res.status).toBe(413);
    expect(res.headers['connection']).toBe('close');
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large', param: 'body' } });
    expect((await raw(server, 'GET', '/api/v1/account', { 'X-Service-Api-Key': key })).status).toBe(200);
  });

  it('answers 413 only once the caller is known: with rate-limit headers, and 401 without a key', async () => {
    const metered = createSimulator({ logger: silentLogger, rateLimit: '200/20' });
    const running = await listen(metered, { port: 0, host: '127.0.0.1' });
    try {
      const big = Buffer.alloc(1024 * 1024 + 1, 0x61);
      const meteredKey = metered.accounts[0]!.keys.full!;
      const refused = await raw(running, 'POST', '/api/v1/api-keys', { 'X-Service-Api-Key': meteredKey }, big);
      expect(refused.status).toBe(413);
      expect(refused.headers['ratelimit-limit']).toBe('200');
      expect(refused.headers['x-ratelimit-remaining']).toBe('199');
      const anonymous = await raw(running, 'POST', '/api/v1/api-keys', {}, big);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });
    } finally {
      await running.close();
    }
  });

  it('counts the limit in bytes: wide characters under 1 Mi characters but over 1 MiB are refused', async () => {
    const wide = JSON.stringify({ name: 'w', pad: 'é'.repeat(600_000) });
    const res = await raw(server, 'POST', '/api/v1/api-keys', { 'X-Service-Api-Key': key, 'Content-Type': 'application/json' }, wide);
    expect(res.status).toBe(413);
  });

  it('honours maxBodyBytes', async () => {
    const small = await listen(sim, { port: 0, host: '127.0.0.1', maxBodyBytes: 32 });
    try {
      const ok = await raw(small, 'POST', '/api/v1/api-keys', { 'X-Service-Api-Key': key }, '{"name":"tiny"}');
      expect(ok.status).toBe(201);
      const over = await raw(small, 'POST', '/api/v1/api-keys', { 'X-Service-Api-Key': key }, JSON.stringify({ name: 'x'.repeat(40) }));
      expect(over.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('survives a client that hangs up half-way through its body', async () => {
    const url = new URL(server.origin);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`POST /api/v1/api-keys HTTP/1.1\r\nHost: x\r\nX-Service-Api-Key: ${key}\r\nContent-Length: 1000\r\n\r\n{"name":`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 20);
      });
    });
    expect((await raw(server, 'GET', '/api/v1/account', { 'X-Service-Api-Key': key })).status).toBe(200);
  });

  it('answers garbage without a 5xx', async () => {
    const cases: [string, string, Record<string, string>, string?][] = [
      ['OPTIONS', '/api/v1/account', {}],
      ['HEAD', '/api/v1/account', { 'X-Service-Api-Key': key }],
      ['POST', '/api/v1/api-keys', { 'X-Service-Api-Key': key }, '\u0000\u0001'],
      ['GET', '/api/v1/../../etc/passwd', {}],
      ['GET', '//api/v1//account', { 'X-Service-Api-Key': key }],
      ['GET', '/api/v1/account?%zz=1', { 'X-Service-Api-Key': key }],
    ];
    for (const [method, path, headers, body] of cases) {
      const res = await raw(server, method, path, headers, body);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(200);
    }
  });

  it('close() resolves with an idle keep-alive connection open', async () => {
    const other = await listen(createSimulator({ logger: silentLogger }), { port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    const res = await raw(other, 'GET', '/api/v1/openapi.json', {}, undefined, agent);
    expect(res.status).toBe(200);
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2000);
    agent.destroy();
  });

  it('refuses to listen on a port in use', async () => {
    const port = Number(new URL(server.origin).port);
    await expect(listen(sim, { port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});
