/**
 * Every adapter answers alike (audits 13c C2-C7, 13d D3-D4): the same request through the node:http
 * server (`listen`), MSW, `sim.fetch` and `sim.request`, each over its own simulator, gets the same
 * status, the same JSON `Content-Type`, the lengths node:http states, a `Date` that is the clock's
 * time after a control route moved it, and the same refusals. The rules the core owns (BOM, the
 * idempotency fingerprint, multipart text) are checked through every adapter too.
 */
import { connect } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../src/adapters/msw.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../src/simulator.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const MSW_ORIGIN = 'http://alike.adapters.test';
const FETCH_ORIGIN = 'http://in-process.adapters.test';
const FROZEN = '2030-01-01T09:00:00+00:00';
const FROZEN_DATE = 'Tue, 01 Jan 2030 09:00:00 GMT';
const ADAPTERS = ['node:http', 'msw', 'sim.fetch', 'sim.request'] as const;
type AdapterName = (typeof ADAPTERS)[number];

/** A 3 x 2 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACAQMAAACnuvRZAAAAA1BMVEX/AAAZ4gk3AAAADElEQVQI12NgYGAAAAAEAAEnNCcKAAAAAElFTkSuQmCC'), (c) => c.charCodeAt(0));

interface Sent {
  method?: string;
  /** From the origin: `/api/v1/...`, `/_sandbox/...`, `/_media/...`. */
  path: string;
  key?: string;
  operator?: boolean;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

interface Answer {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: unknown;
  /** Bytes of the body as received (undefined for `sim.request`, whose body is a value). */
  bytes: number | undefined;
}

interface Adapter {
  readonly name: AdapterName;
  readonly sim: Simulator;
  send(request: Sent): Promise<Answer>;
}

const msw = setupServer();
const servers: RunningServer[] = [];
const sims: Simulator[] = [];

beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(async () => {
  msw.close();
  for (const server of servers) await server.close();
  for (const sim of sims) sim.close();
});

function headersOf(sim: Simulator, request: Sent): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.key !== undefined) headers['X-Service-Api-Key'] = request.key;
  if (request.operator) headers['X-Sandbox-Token'] = sim.controlToken;
  if (typeof request.body === 'string') headers['Content-Type'] ??= 'application/json';
  return headers;
}

async function fromResponse(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = headers['content-type'] ?? '';
  const body = bytes.length === 0 ? undefined : type.startsWith('application/json') ? (JSON.parse(new TextDecoder().decode(bytes)) as unknown) : bytes;
  return { status: response.status, headers, body, bytes: bytes.length };
}

/** One simulator per adapter, each behind its adapter; MSW's handlers are the last ones made. */
async function adapter(name: AdapterName, options: SimulatorOptions = {}): Promise<Adapter> {
  const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', ...options });
  sims.push(sim);
  const viaFetch = (origin: string, fetcher: (request: Request) => Promise<Response>) => async (request: Sent) => {
    const body = request.body instanceof Uint8Array ? new Uint8Array(request.body) : request.body;
    return fromResponse(await fetcher(new Request(`${origin}${request.path}`, { method: request.method ?? 'GET', headers: headersOf(sim, request), body })));
  };
  switch (name) {
    case 'node:http': {
      const server = await listen(sim, { port: 0, host: '127.0.0.1' });
      servers.push(server);
      return { name, sim, send: viaFetch(server.origin, (request) => fetch(request)) };
    }
    case 'msw':
      msw.resetHandlers(...createHandlers(sim, { baseUrl: `${MSW_ORIGIN}/api/v1` }));
      return { name, sim, send: viaFetch(MSW_ORIGIN, (request) => fetch(request)) };
    case 'sim.fetch':
      return { name, sim, send: viaFetch(FETCH_ORIGIN, (request) => sim.fetch(request)) };
    case 'sim.request':
      return {
        name,
        sim,
        async send(request) {
          const answer = await sim.request({ method: request.method ?? 'GET', path: request.path, headers: headersOf(sim, request), body: request.body });
          const headers: Record<string, string> = {};
          for (const [header, value] of Object.entries(answer.headers)) headers[header.toLowerCase()] = value;
          return { status: answer.status, headers, body: answer.body, bytes: undefined };
        },
      };
  }
}

/** A multipart body by hand, so a text field can carry bytes that are not UTF-8. */
function multipart(parts: { name: string; filename?: string; type?: string; bytes: Uint8Array }[]): { body: Uint8Array; type: string } {
  const boundary = 'alike-boundary-7d1';
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n`);
    if (part.type) text(`Content-Type: ${part.type}\r\n`);
    text('\r\n');
    chunks.push(part.bytes);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  const body = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const errorOf = (answer: Answer) => (answer.body as { error: { code: string; param?: string } }).error;
const dataOf = (answer: Answer) => (answer.body as { data: Record<string, unknown> }).data;

for (const name of ADAPTERS) {
  describe(`adapters answer alike [${name}]`, () => {
    let api: Adapter;
    const full = () => api.sim.accounts[0]!.keys.full!;

    beforeAll(async () => {
      api = await adapter(name, { clock: { frozenAt: FROZEN } });
    });

    it('types every JSON answer, errors included, as application/json; charset=utf-8 (C2, C3)', async () => {
      const answers = [
        await api.send({ path: '/api/v1/account', key: full() }),
        await api.send({ path: '/api/v1/account' }),
        await api.send({ path: '/api/v1/no-such-thing', key: full() }),
        await api.send({ method: 'POST', path: '/api/v1/tags', key: full(), body: '{"name":' }),
        await api.send({ path: '/_sandbox/clock', operator: true }),
        await api.send({ path: '/api/v1/openapi.json' }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 400, 200, 200]);
      for (const answer of answers) expect(answer.headers['content-type']).toBe(JSON_TYPE);
    });

    it('states the length of every JSON answer it sends as bytes (C4)', async () => {
      const answers = [await api.send({ path: '/api/v1/tags', key: full() }), await api.send({ path: '/api/v1/contacts/999999', key: full() })];
      for (const answer of answers) {
        if (answer.bytes === undefined) expect(answer.headers['content-length']).toBeUndefined();
        else expect(answer.headers['content-length']).toBe(String(answer.bytes));
      }
    });

    it("serves a public file with its length, and HEAD on it with the GET's length and no body (C4)", async () => {
      const form = multipart([
        { name: 'file', filename: 'alike.png', type: 'image/png', bytes: PNG },
        { name: 'name', bytes: new TextEncoder().encode('Alike') },
      ]);
      const uploaded = await api.send({ method: 'POST', path: '/api/v1/media', key: full(), headers: { 'Content-Type': form.type }, body: form.body });
      expect(uploaded.status).toBe(201);
      const path = new URL(String(dataOf(uploaded)['url'])).pathname;
      const file = await api.send({ path });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-length']).toBe(String(PNG.length));
      expect((file.body as Uint8Array).length).toBe(PNG.length);
      const head = await api.send({ method: 'HEAD', path });
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(PNG.length));
      expect(head.body).toBeUndefined();
    });

    it("answers HEAD on a JSON route with the GET's status, Content-Type and length in bytes, and no body", async () => {
      for (const path of ['/api/v1/tags', '/api/v1/contacts/1', '/api/v1/contacts/999999']) {
        const get = await api.send({ path, key: full() });
        const head = await api.send({ method: 'HEAD', path, key: full() });
        expect(head.status).toBe(get.status);
        expect(head.headers['content-type']).toBe(JSON_TYPE);
        const bytes = get.bytes ?? new TextEncoder().encode(JSON.stringify(get.body)).byteLength;
        expect(head.headers['content-length']).toBe(String(bytes));
        expect(head.body).toBeUndefined();
      }
    });

    it('strips a leading byte order mark from a text body, as the wire decoder does (C5)', async () => {
      const answer = await api.send({ method: 'POST', path: '/api/v1/tags', key: full(), body: '\uFEFF{"name":"bom"}' });
      expect(answer.status).toBe(201);
      expect(dataOf(answer)['name']).toBe('bom');
    });

    it("dates an answer that moved the clock at the clock's new time (C6)", async () => {
      const advanced = await api.send({ method: 'POST', path: '/_sandbox/clock/advance', operator: true, body: '{"ms":1000}' });
      expect(advanced.status).toBe(200);
      expect(advanced.headers['date']).toBe('Tue, 01 Jan 2030 09:00:01 GMT');
      const set = await api.send({ method: 'POST', path: '/_sandbox/clock/set', operator: true, body: '{"now":"2030-02-03T04:05:06Z"}' });
      expect(set.headers['date']).toBe('Sun, 03 Feb 2030 04:05:06 GMT');
      const frozen = await api.send({ method: 'POST', path: '/_sandbox/clock/freeze', operator: true, body: `{"at":"${FROZEN}"}` });
      expect(frozen.headers['date']).toBe(FROZEN_DATE);
    });

    it('replays an Idempotency-Key retry whose path spells an unreserved character percent-encoded (C7)', async () => {
      const send = (path: string) =>
        api.send({ method: 'POST', path, key: full(), headers: { 'Idempotency-Key': `pct-${name}` }, body: '{"name":"pct"}' });
      const first = await send('/api/v1/contacts/%31/tags');
      expect(first.status).toBeLessThan(300);
      const retry = await send('/api/v1/contacts/1/tags');
      expect(retry.status).toBe(first.status);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      // A different resource is still a different request.
      expect((await send('/api/v1/contacts/%32/tags')).status).toBe(422);
    });

    it('refuses invalid UTF-8 in a multipart text field by name; file parts stay bytes (D4)', async () => {
      const bad = multipart([
        { name: 'file', filename: 'alike.png', type: 'image/png', bytes: PNG },
        { name: 'name', bytes: Uint8Array.of(0x61, 0xff, 0xfe, 0x62) },
      ]);
      const refused = await api.send({ method: 'POST', path: '/api/v1/media', key: full(), headers: { 'Content-Type': bad.type }, body: bad.body });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code: 'invalid_param', param: 'name' });
      const fine = multipart([
        { name: 'file', filename: 'alike.png', type: 'image/png', bytes: PNG },
        { name: 'name', bytes: new TextEncoder().encode('Caf\u00e9 \u{1F600}') },
      ]);
      const accepted = await api.send({ method: 'POST', path: '/api/v1/media', key: full(), headers: { 'Content-Type': fine.type }, body: fine.body });
      expect(accepted.status).toBe(201);
      expect(dataOf(accepted)['name']).toBe('Caf\u00e9 \u{1F600}');
    });
  });

  describe(`adapters answer alike on the wall clock [${name}]`, () => {
    let api: Adapter;
    beforeAll(async () => {
      api = await adapter(name);
    });

    it("dates every answer, and a freeze's at the frozen instant (C6)", async () => {
      const before = Date.now();
      const account = await api.send({ path: '/api/v1/account', key: api.sim.accounts[0]!.keys.read! });
      const date = Date.parse(account.headers['date'] ?? '');
      expect(date).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(date).toBeLessThanOrEqual(Date.now());
      const frozen = await api.send({ method: 'POST', path: '/_sandbox/clock/freeze', operator: true, body: `{"at":"${FROZEN}"}` });
      expect(frozen.status).toBe(200);
      expect(frozen.headers['date']).toBe(FROZEN_DATE);
      // Back on the wall clock: the runtime's own Date again.
      const reset = await api.send({ method: 'POST', path: '/_sandbox/reset', operator: true });
      expect(reset.status).toBe(200);
      expect(Math.abs(Date.parse(reset.headers['date'] ?? '') - Date.now())).toBeLessThan(5_000);
    });
  });
}

describe('node:http refusals in the envelope (D3)', () => {
  let server: RunningServer;
  let sim: Simulator;
  beforeAll(async () => {
    sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    sims.push(sim);
    server = await listen(sim, { port: 0, host: '127.0.0.1' });
    servers.push(server);
  });

  /** One raw request on its own connection; the whole answer as text. */
  function raw(text: string): Promise<string> {
    const { hostname, port } = new URL(server.origin);
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(port), hostname, () => socket.write(text));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.setTimeout(5_000, () => socket.destroy());
    });
  }

  function parsed(text: string): { status: number; type: string | undefined; body: unknown } {
    const [head, body = ''] = text.split('\r\n\r\n');
    return {
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]),
      type: /\r\ncontent-type: ([^\r]+)/i.exec(head!)?.[1],
      body: JSON.parse(body) as unknown,
    };
  }

  it('answers an Expect other than 100-continue with 417 naming Expect', async () => {
    const key = sim.accounts[0]!.keys.full!;
    const body = '{"name":"expect"}';
    const answer = parsed(
      await raw(
        `POST /api/v1/tags HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nX-Service-Api-Key: ${key}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    expect(answer.status).toBe(417);
    expect(answer.type).toBe(JSON_TYPE);
    expect(answer.body).toMatchObject({ error: { code: 'expectation_failed', param: 'Expect' } });
    // Nothing was created.
    const tags = await sim.request({ path: '/tags', key, query: { limit: 100 } });
    expect((tags.body as { data: { name: string }[] }).data.map((tag) => tag.name)).not.toContain('expect');
  });

  it('still answers Expect: 100-continue with 100 Continue, then the request', async () => {
    const key = sim.accounts[0]!.keys.read!;
    const answer = await raw(`GET /api/v1/account HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nX-Service-Api-Key: ${key}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  });

  it('answers an HTTP/1.1 request without Host with 400 naming Host; HTTP/1.0 needs none', async () => {
    const key = sim.accounts[0]!.keys.read!;
    const missing = parsed(await raw(`GET /api/v1/account HTTP/1.1\r\nX-Service-Api-Key: ${key}\r\nConnection: close\r\n\r\n`));
    expect(missing.status).toBe(400);
    expect(missing.type).toBe(JSON_TYPE);
    expect(missing.body).toMatchObject({ error: { code: 'invalid_param', param: 'Host' } });
    const old = await raw(`GET /api/v1/account HTTP/1.0\r\nX-Service-Api-Key: ${key}\r\n\r\n`);
    expect(old).toMatch(/^HTTP\/1\.1 200 /);
  });
});
