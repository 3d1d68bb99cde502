/**
 * Revocation is immediate (3.7 "API key: active then revoked (immediate)"; 4.1 "revokes at once"),
 * also for a request already on its way: a write whose body is still arriving when its key is
 * revoked is refused once the body is in, and changes nothing (audit 14c C1). Over real sockets,
 * since only a body sent in pieces leaves time between the key check and the write.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';

let sim: Simulator | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  sim?.close();
  server = undefined;
  sim = undefined;
});

interface Answer {
  status: number;
  body: { error?: { code: string }; data?: unknown };
}

/** Sends the headers and the first half of `body`, and hands back a function that sends the rest. */
function startSlowPost(origin: string, path: string, key: string, body: string): { finish: () => Promise<Answer> } {
  let request: ClientRequest | undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = httpRequest(`${origin}${path}`, {
      method: 'POST',
      headers: { 'X-Service-Api-Key': key, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] }));
    });
    request.on('error', reject);
    request.write(body.slice(0, body.length / 2));
  });
  return {
    finish: () => {
      request!.end(body.slice(body.length / 2));
      return answer;
    },
  };
}

async function start(): Promise<{ origin: string; full: string }> {
  sim = createSimulator({ rateLimit: 'off', logger: silentLogger });
  server = await listen(sim, { host: '127.0.0.1', port: 0 });
  return { origin: server.origin, full: sim.accounts[0]!.keys.full! };
}

describe('a key revoked while its request body is arriving', () => {
  it('refuses the write with 401 invalid_api_key once the body is in, and nothing is written', async () => {
    const { origin, full } = await start();
    const minted = await sim!.request({ method: 'POST', path: '/api-keys', key: full, body: { name: 'uploader', scope: 'write' } });
    const { id, api_key: writeKey } = (minted.body as { data: { id: number; api_key: string } }).data;
    const slow = startSlowPost(origin, '/api/v1/tags', writeKey, JSON.stringify({ name: 'written after revoke' }));
    // The first half has reached the server: the key was checked and the body is being read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await sim!.request({ method: 'DELETE', path: `/api-keys/${id}`, key: full })).status).toBe(200);
    const answer = await slow.finish();
    expect(answer.status).toBe(401);
    expect(answer.body.error?.code).toBe('invalid_api_key');
    const tags = (await sim!.request({ path: '/tags', key: full })).body as { data: { name: string }[] };
    expect(tags.data.map((tag) => tag.name)).not.toContain('written after revoke');
  });

  it('still writes when other keys change meanwhile (the re-check looks at its own key)', async () => {
    const { origin, full } = await start();
    const write = sim!.accounts[0]!.keys.write!;
    const slow = startSlowPost(origin, '/api/v1/tags', write, JSON.stringify({ name: 'written while minting' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await sim!.request({ method: 'POST', path: '/api-keys', key: full, body: { name: 'another', scope: 'read' } })).status).toBe(201);
    const answer = await slow.finish();
    expect(answer.status).toBe(201);
  });
});
