/**
 * A streamed answer (GET /_sandbox/snapshot's kind) is written with backpressure by the node
 * runtime: a client that stops reading stops the producer, instead of the server's heap taking
 * the whole body. The fetch runtime pulls one chunk per read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../src/adapters/node-http.js';
import { toFetchResponse } from '../src/adapters/fetch.js';
import { StreamedBody } from '../src/core/streamed-body.js';
import type { Simulator } from '../src/simulator.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CHUNK = 64 * 1024;
const TOTAL_CHUNKS = 2_000; // 128 MiB if it were all produced at once

function countingBody(): { body: StreamedBody; produced: () => number } {
  let produced = 0;
  const body = new StreamedBody('application/json; charset=utf-8', function* () {
    const chunk = new Uint8Array(CHUNK).fill(0x20);
    for (let i = 0; i < TOTAL_CHUNKS; i++) {
      produced++;
      yield chunk;
    }
  });
  return { body, produced: () => produced };
}

/** Turns of the event loop until `value` stops moving (the socket's buffers are full). */
async function settled(value: () => number): Promise<number> {
  let last = -1;
  let still = 0;
  for (let turn = 0; turn < 20_000 && still < 200; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    const now = value();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('streamed response bodies', () => {
  it('node: a client that stops reading holds the producer back; reading on gets every byte', async () => {
    const { body, produced } = countingBody();
    const sim = { handle: async () => ({ status: 200, headers: {}, body }) } as unknown as Simulator;
    const handler = createNodeHandler(sim);
    server = createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/_sandbox/snapshot' }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(response.headers['transfer-encoding']).toBe('chunked');
    response.pause();
    const stalled = await settled(produced);
    expect(stalled).toBeLessThan(TOTAL_CHUNKS / 4);
    let bytes = 0;
    response.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await new Promise((resolve) => {
      response.on('end', resolve);
      response.resume();
    });
    expect(bytes).toBe(CHUNK * TOTAL_CHUNKS);
    expect(produced()).toBe(TOTAL_CHUNKS);
  });

  it('fetch: the ReadableStream produces a chunk only when it is read', async () => {
    const { body, produced } = countingBody();
    const response = toFetchResponse({ status: 200, headers: {}, body });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    // The stream may pull one ahead to fill its queue, never the whole body.
    expect(produced()).toBeLessThanOrEqual(3);
    await reader.cancel();
  });
});
