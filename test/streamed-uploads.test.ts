/**
 * Streamed request bodies (docs/architecture.md, "Streamed request bodies"): uploads and stream
 * routes take the body as it arrives in every runtime (in process through `sim.fetch`, node:http,
 * MSW), never gathered whole; the limit holds while streaming; post media judged from a 40 MB
 * MP4 whose `moov` follows its `mdat`; every bad upload a 4xx naming `param`, the post untouched.
 *
 * "Does not buffer" is checked without timing: the generated body is made only as it is pulled
 * (`lazyStream`), and a test route's file sink records, at every chunk it receives, how far the
 * producer had run ahead of it. A core that gathered the body first would see the whole body
 * produced before its first chunk arrived.
 */
import { request as httpRequest } from 'node:http';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHandlers } from '../src/adapters/msw.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { ok } from '../src/core/route.js';
import type { FileSink } from '../src/core/types.js';
import { powersFor } from '../src/control/power.js';
import { defineGroup, routesFor, type GroupContext } from '../src/groups/define.js';
import { registry } from '../src/resources/index.js';
import { mp4WithDuration } from '../src/resources/posts/mp4.js';
import { pngOfSize } from '../src/resources/posts/samples.js';
import { largeMp4Chunks, lazyStream, multipartChunks, type FormPart } from '../src/resources/posts/streamed-samples.js';
import { inspectedFilePart } from '../src/resources/shared/schemas.js';
import { createSimulator, type Simulator } from '../src/simulator.js';

const MB = 1024 * 1024;
const STREAM_LIMIT = 8 * MB;
const BOUNDARY = 'switchboard-streamed-upload';

/** How far the producer of the body in flight has run (bytes made so far). */
let produced = 0;

interface Pace {
  size: number;
  /** The most bytes the producer was ahead of this sink when a chunk reached it. */
  maxLead: number;
}

function pacingSink(): FileSink<Pace> {
  let received = 0;
  let maxLead = 0;
  return {
    write(chunk) {
      received += chunk.length;
      maxLead = Math.max(maxLead, produced - received);
    },
    end: () => ({ size: received, maxLead }),
  };
}

const route = routesFor<Record<string, never>>();
const power = powersFor<GroupContext<Record<string, never>>>();

/** A power that takes its body as a stream, as `POST /_sandbox/restore` can: counts the bytes. */
const streamedPower = power.operator({
  operationId: 'sandboxCountStream',
  method: 'POST',
  path: '/count-stream',
  summary: 'Counts a streamed body',
  maxBodyBytes: STREAM_LIMIT,
  inputRequired: true,
  streamedInput: async (body) => {
    let bytes = 0;
    for await (const chunk of body.chunks()) bytes += chunk.length;
    return { bytes };
  },
  output: z.object({ bytes: z.number() }),
  run: ({ input }) => input as { bytes: number },
});
const probeGroup = defineGroup({
  name: 'stream-probe',
  description: 'Test routes that take their bodies as streams.',
  needs: [],
  model: () => ({}),
  sandbox: { countStream: streamedPower },
  routes: [
    route({
      operationId: 'pacedUpload',
      method: 'POST',
      path: '/paced-uploads',
      tag: 'Test',
      summary: 'A multipart upload whose file sink records its pace',
      section: 'test',
      scope: 'write',
      scopeSource: 'assumption',
      bodyType: 'multipart',
      fileSink: pacingSink,
      bodyRequired: true,
      maxBodyBytes: 256 * MB,
      body: z.strictObject({ file: inspectedFilePart<Pace>() }),
      success: { statuses: [200], schema: z.object({ size: z.number(), maxLead: z.number() }), envelope: 'data' },
      handler: ({ body }) => ok(body.file.content),
    }),
    route({
      operationId: 'streamedIntake',
      method: 'POST',
      path: '/streamed-intake',
      tag: 'Test',
      summary: 'A raw streamed body, counted',
      section: 'test',
      scope: 'write',
      scopeSource: 'assumption',
      bodyType: 'stream',
      maxBodyBytes: STREAM_LIMIT,
      intake: async (body) => {
        let chunks = 0;
        for await (const chunk of body.chunks()) if (chunk.length > 0) chunks++;
        return { bytes: body.bytesRead, chunks };
      },
      success: { statuses: [200], schema: z.object({ bytes: z.number(), chunks: z.number() }), envelope: 'data' },
      handler: ({ body }) => ok(body),
    }),
  ],
});

type Runtime = 'sim.fetch' | 'node:http' | 'msw';
const MSW_ORIGIN = 'http://streamed.switchboard.test';

interface Reply {
  status: number;
  body: { data?: Record<string, unknown> & { media?: Record<string, unknown>[] }; error?: { code: string; param?: string } };
}

function formStream(parts: readonly FormPart[]): ReadableStream<Uint8Array> {
  return lazyStream(multipartChunks(BOUNDARY, parts), (bytes) => (produced = bytes));
}

describe('streamed request bodies in every runtime', () => {
  const sims: Record<Runtime, Simulator> = {
    'sim.fetch': createSimulator({ groups: [...registry, probeGroup], logger: silentLogger, rateLimit: 'off' }),
    'node:http': createSimulator({ groups: [...registry, probeGroup], logger: silentLogger, rateLimit: 'off' }),
    msw: createSimulator({ groups: [...registry, probeGroup], logger: silentLogger, rateLimit: 'off' }),
  };
  let server: RunningServer;
  const msw = setupServer(...createHandlers(sims.msw, { baseUrl: `${MSW_ORIGIN}/api/v1` }));

  beforeAll(async () => {
    server = await listen(sims['node:http'], { port: 0, host: '127.0.0.1' });
    msw.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(async () => {
    msw.close();
    await server.close();
    for (const sim of Object.values(sims)) sim.close();
  });

  async function send(runtime: Runtime, path: string, body: BodyInit | null, headers: Record<string, string> = {}): Promise<Reply> {
    produced = 0;
    const sim = sims[runtime];
    const origin = runtime === 'node:http' ? server.origin : MSW_ORIGIN;
    const init = {
      method: 'POST',
      headers: { 'X-Service-Api-Key': sim.accounts[0]!.keys.full!, ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit;
    const request = new Request(`${origin}/api/v1${path}`, init);
    const response = runtime === 'sim.fetch' ? await sim.fetch(request) : await fetch(request);
    return { status: response.status, body: (await response.json()) as Reply['body'] };
  }

  const multipart = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };

  for (const runtime of ['sim.fetch', 'node:http', 'msw'] as const) {
    describe(runtime, () => {
      it('hands a 48 MB file to its sink as it arrives, never gathered first', async () => {
        const size = 48 * MB;
        const chunks = largeMp4Chunks(size, 10_000, 256 * 1024);
        const reply = await send(runtime, '/paced-uploads', formStream([{ name: 'file', filename: 'big.mp4', type: 'video/mp4', chunks }]), multipart);
        expect(reply.status).toBe(200);
        expect(reply.body.data!['size']).toBe(size);
        // In process the producer is at most a chunk or two ahead; over a socket, add the kernel's
        // and the client's buffers. Gathering the body first would put the whole 48 MB ahead.
        const bound = runtime === 'node:http' ? 24 * MB : 2 * MB;
        expect(reply.body.data!['maxLead']).toBeLessThan(bound);
      });

      it('a stream route takes the chunks with its own limit; past it 413 payload_too_large naming body', async () => {
        const within = await send(runtime, '/streamed-intake', lazyStream(largeMp4Chunks(STREAM_LIMIT, 1000, 64 * 1024)), { 'Content-Type': 'application/octet-stream' });
        expect(within).toMatchObject({ status: 200, body: { data: { bytes: STREAM_LIMIT } } });
        expect(within.body.data!['chunks']).toBeGreaterThan(1);
        const over = await send(runtime, '/streamed-intake', new Uint8Array(STREAM_LIMIT + 1), { 'Content-Type': 'application/octet-stream' });
        expect(over).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large', param: 'body' } } });
        if (runtime !== 'node:http') {
          // No Content-Length: refused when the byte that crosses the limit arrives; the rest is never pulled.
          const overStreamed = await send(runtime, '/streamed-intake', lazyStream(largeMp4Chunks(4 * STREAM_LIMIT, 1000, 64 * 1024), (bytes) => (produced = bytes)), {
            'Content-Type': 'application/octet-stream',
          });
          expect(overStreamed).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large', param: 'body' } } });
          expect(produced).toBeLessThan(2 * STREAM_LIMIT);
        }
      });

      describe('post media (4.15), judged as the bytes stream', () => {
        async function draft(): Promise<number> {
          const sim = sims[runtime];
          const res = await sim.request({ method: 'POST', path: '/posts', key: sim.accounts[0]!.keys.full!, body: { platform: 'facebook', post_type: 'reels', caption: 'Streamed' } });
          expect(res.status).toBe(201);
          return (res.body as { data: { id: number } }).data.id;
        }
        async function mediaCount(id: number): Promise<number> {
          const sim = sims[runtime];
          const res = await sim.request({ method: 'GET', path: `/posts/${id}`, key: sim.accounts[0]!.keys.full! });
          return (res.body as { data: { media: unknown[] } }).data.media.length;
        }
        const upload = (id: number, chunks: Iterable<Uint8Array>, type = 'video/mp4') =>
          send(runtime, `/posts/${id}/media`, formStream([{ name: 'file', filename: 'clip.mp4', type, chunks }]), multipart);

        it('takes a 40 MB MP4 whose moov follows its mdat: duration from mvhd, size counted, bytes not kept', async () => {
          const id = await draft();
          const reply = await upload(id, largeMp4Chunks(40 * MB, 30_000));
          expect(reply.status).toBe(200);
          const item = reply.body.data!.media![0]!;
          expect(item).toMatchObject({ type: 'video', mime_type: 'video/mp4', size_bytes: 40 * MB, duration_ms: 30_000 });
          // Past 25 MB the sandbox keeps metadata only (as before streaming): the URL answers 404.
          const file = await sims[runtime].request({ method: 'GET', path: new URL(item['url'] as string).pathname });
          expect(file.status).toBe(404);
        });

        const bad: [string, () => Iterable<Uint8Array>, number, string][] = [
          ['a truncated MP4 (cut inside mdat, no moov)', () => [...largeMp4Chunks(30 * MB, 30_000)].slice(0, 20), 400, 'file'],
          ['a PNG header on an MP4', () => [pngSignatureOn(mp4WithDuration(5_000))], 400, 'file'],
          ['a 0-byte file', () => [], 400, 'file'],
          ['a 5,000 px wide image', () => [pngOfSize(5000, 1)], 400, 'file'],
        ];
        for (const [what, chunks, status, param] of bad) {
          it(`refuses ${what}: ${status} naming ${param}, the post untouched`, async () => {
            const id = await draft();
            const reply = await upload(id, chunks());
            expect(reply.status).toBe(status);
            expect(reply.body.error).toMatchObject({ param });
            expect(await mediaCount(id)).toBe(0);
          });
        }

        it('refuses a multipart body without a boundary: 400 naming Content-Type', async () => {
          const id = await draft();
          const reply = await send(runtime, `/posts/${id}/media`, new Uint8Array(10), { 'Content-Type': 'multipart/form-data' });
          expect(reply).toMatchObject({ status: 400, body: { error: { code: 'invalid_param', param: 'Content-Type' } } });
          expect(await mediaCount(id)).toBe(0);
        });

        it('refuses a body cut before its closing boundary: 400 naming body', async () => {
          const id = await draft();
          const whole = [...multipartChunks(BOUNDARY, [{ name: 'file', filename: 'a.mp4', type: 'video/mp4', chunks: [mp4WithDuration(5_000)] }])];
          const reply = await send(runtime, `/posts/${id}/media`, lazyStream(whole.slice(0, -2)), multipart);
          expect(reply).toMatchObject({ status: 400, body: { error: { code: 'invalid_param', param: 'body' } } });
          expect(await mediaCount(id)).toBe(0);
        });
      });
    });
  }

  for (const runtime of ['sim.fetch', 'node:http', 'msw'] as const) {
    it(`${runtime}: Idempotency-Key on a streamed upload replays a retry (new boundary, same file) and refuses other bytes`, async () => {
      const sim = sims[runtime];
      const res = await sim.request({ method: 'POST', path: '/posts', key: sim.accounts[0]!.keys.full!, body: { platform: 'facebook', caption: 'Once' } });
      const id = (res.body as { data: { id: number } }).data.id;
      const image = pngOfSize(1080, 2);
      const attempt = (boundary: string, bytes: Uint8Array) =>
        send(runtime, `/posts/${id}/media`, lazyStream(multipartChunks(boundary, [{ name: 'file', filename: 'a.png', type: 'image/png', chunks: [bytes] }])), {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Idempotency-Key': `upload-${runtime}-${id}`,
        });
      const first = await attempt('first-boundary', image);
      const retry = await attempt('another-boundary', image);
      expect(first.status).toBe(200);
      expect(retry).toEqual(first);
      expect(first.body.data!.media).toHaveLength(1);
      const changed = image.slice();
      changed[changed.length - 20] = changed[changed.length - 20]! ^ 0xff;
      const other = await attempt('third-boundary', changed);
      expect(other).toMatchObject({ status: 422, body: { error: { code: 'idempotency_key_reused', param: 'Idempotency-Key' } } });
    });
  }

  it('a sandbox power can take its body as a stream (how restore can): counted, limited, required', async () => {
    const sim = sims['sim.fetch'];
    const operator = { 'X-Sandbox-Token': sim.controlToken, 'Content-Type': 'application/octet-stream' };
    const post = (body: BodyInit | null) =>
      sim.fetch(new Request('http://127.0.0.1/_sandbox/count-stream', { method: 'POST', headers: operator, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit));
    const counted = await post(lazyStream(largeMp4Chunks(3 * MB, 1000, 64 * 1024)));
    expect(counted.status).toBe(200);
    expect(await counted.json()).toEqual({ data: { bytes: 3 * MB } });
    const over = await post(lazyStream(largeMp4Chunks(2 * STREAM_LIMIT, 1000, 64 * 1024)));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: { code: 'payload_too_large', param: 'body' } });
    const none = await post(null);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: { param: 'body' } });
  });

  it('node:http: a body that passes the limit while streaming is answered 413 naming body, and the connection closes', async () => {
    const url = new URL(server.origin);
    const result = await new Promise<{ status: number; body: string; closed: boolean }>((resolve, reject) => {
      const request = httpRequest(
        { host: url.hostname, port: url.port, method: 'POST', path: '/api/v1/streamed-intake', headers: { 'X-Service-Api-Key': sims['node:http'].accounts[0]!.keys.full!, 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, closed: response.headers.connection === 'close' }));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // The server may close while we are still writing: that is the point.
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      // No Content-Length: the limit can only be enforced as the bytes arrive.
      const chunk = new Uint8Array(MB);
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * STREAM_LIMIT) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: 'payload_too_large', param: 'body' } });
    expect(result.closed).toBe(true);
  });
});

function pngSignatureOn(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return out;
}
