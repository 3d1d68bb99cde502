/**
 * Connection hygiene of the node:http runtime (src/adapters/connections.ts): a flood of idle and
 * slow sockets cannot lock legitimate clients out, slow or idle sockets are closed on deliberate
 * timeouts, and what the HTTP parser refuses still gets the spec's error envelope.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type ListenOptions, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { startServe, stopServe } from './support/serve-process.js';

const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
const key = sim.accounts[0]!.keys.read!;
const opened: Socket[] = [];
let server: RunningServer | undefined;

async function start(connections: ListenOptions['connections'] = {}): Promise<RunningServer> {
  server = await listen(sim, { port: 0, host: '127.0.0.1', connections });
  return server;
}

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

function open(target: RunningServer, send?: string): Promise<Socket> {
  const url = new URL(target.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      if (send !== undefined) socket.write(send);
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
    opened.push(socket);
  });
}

/** The raw answer to raw bytes, once the server has answered and closed. */
function exchange(target: RunningServer, bytes: string): Promise<string> {
  const url = new URL(target.origin);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    opened.push(socket);
  });
}

const account = (target: RunningServer) =>
  fetch(`${target.baseUrl}/account`, { headers: { 'X-Service-Api-Key': key }, signal: AbortSignal.timeout(5_000) });

describe('a flood of idle and slow sockets', () => {
  it('leaves the server answering other clients: 2,000 sockets against a cap of 1,024', async () => {
    const target = await start();
    const flood: Promise<Socket>[] = [];
    for (let i = 0; i < 2_000; i++) flood.push(open(target, i % 2 === 0 ? undefined : 'G'));
    const settled = await Promise.allSettled(flood);
    expect(settled.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(1_500);
    for (let i = 0; i < 10; i++) {
      const response = await account(target);
      expect(response.status).toBe(200);
    }
  }, 60_000);

  it('keeps serving under `ulimit -n 1100` while 2,000 idle and slow sockets hold on (serve, as users run it)', async () => {
    const served = await startServe([], 15_000, { fdLimit: 1_100 });
    try {
      const origin = new URL(served.ready.base_url).origin;
      const target = { origin, baseUrl: served.ready.base_url } as RunningServer;
      const flood: Promise<Socket>[] = [];
      for (let i = 0; i < 2_000; i++) flood.push(open(target, i % 2 === 0 ? undefined : 'POST /api/v1/tags HTTP/1.1\r\nHo'));
      await Promise.allSettled(flood);
      const readKey = served.ready.accounts[0]!.keys.read;
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${served.ready.base_url}/account`, { headers: { 'X-Service-Api-Key': readKey }, signal: AbortSignal.timeout(5_000) });
        expect(response.status).toBe(200);
      }
    } finally {
      await stopServe(served, 'SIGKILL');
    }
  }, 60_000);

  it('closes the idlest connection, never one with a request in progress', async () => {
    const target = await start({ maxConnections: 3 });
    const idle = await open(target);
    const closed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    await open(target, 'GET /api/v1/account HTTP/1.1\r\nHost: x\r\n');
    await open(target);
    await open(target);
    await closed;
    expect((await account(target)).status).toBe(200);
  });
});

describe('which connection the cap closes', () => {
  const writeKey = sim.accounts[0]!.keys.full!;
  const partialPost = (body: string) =>
    `POST /api/v1/tags HTTP/1.1\r\nHost: x\r\nX-Service-Api-Key: ${writeKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 1)}`;
  const closing = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answered = (socket: Socket) => new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));

  it('keeps a connection whose request is being handled, and counts one answered as idle again', async () => {
    const target = await start({ maxConnections: 2 });
    // The oldest: one request, answered, so idle again.
    const done = await open(target);
    const doneAnswer = answered(done);
    done.write(`GET /api/v1/account HTTP/1.1\r\nHost: x\r\nX-Service-Api-Key: ${key}\r\n\r\n`);
    expect(await doneAnswer).toMatch(/^HTTP\/1\.1 200/);
    // Then one whose request is in its handler, waiting for the rest of its body.
    const body = JSON.stringify({ name: 'kept-busy' });
    const busy = await open(target, partialPost(body));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const doneClosed = closing(done);
    let busyClosed = false;
    busy.once('close', () => (busyClosed = true));
    // Past the cap: the idle one goes, not the busy one (nor the newcomer).
    const newcomer = await open(target);
    await doneClosed;
    expect(busyClosed).toBe(false);
    expect(newcomer.destroyed).toBe(false);
    const busyAnswer = answered(busy);
    busy.write(body.slice(1));
    expect(await busyAnswer).toMatch(/^HTTP\/1\.1 201/);
  });
});

describe('timeouts', () => {
  it('closes a socket that says nothing', async () => {
    const target = await start({ idleTimeoutMs: 300 });
    const socket = await open(target);
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  });

  it('answers 408 in the envelope to a request head that trickles in too slowly', async () => {
    const target = await start({ headersTimeoutMs: 500, idleTimeoutMs: 10_000 });
    const url = new URL(target.origin);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(url.port), url.hostname, () => socket.write('GET /api/v1/account HTTP/1.1\r\n'));
      const drip = setInterval(() => socket.writable && socket.write('X'), 100);
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => {
        clearInterval(drip);
        resolve(text);
      });
      socket.on('error', () => {});
      opened.push(socket);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"request_timeout"');
  });
});

describe('what the HTTP parser refuses gets the envelope', () => {
  it('answers garbage with 400 malformed_request', async () => {
    const answer = await exchange(await start(), 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'malformed_request', message: expect.any(String) },
    });
  });

  it('answers a head over 16 KB with 431 headers_too_large', async () => {
    const answer = await exchange(await start(), `GET /api/v1/account HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toContain('"code":"headers_too_large"');
  });

  it('answers Content-Length with Transfer-Encoding, and duplicate Content-Lengths, with 400 in the envelope', async () => {
    const target = await start();
    for (const head of [
      'POST /api/v1/tags HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /api/v1/tags HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      'GET /api/v1/account HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
    ]) {
      const answer = await exchange(target, head);
      expect(answer, head).toMatch(/^HTTP\/1\.1 400/);
      expect(answer, head).toContain('"code":"malformed_request"');
    }
  });
});
