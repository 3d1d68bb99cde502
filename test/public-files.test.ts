/**
 * Files the simulator serves itself (public media URLs under /_media): absolute URLs on the
 * origin each request reached, bytes with their own Content-Type and no key, in both runtimes,
 * behind an MSW gateway prefix too.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../src/adapters/msw.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const GATEWAY = 'http://gateway.switchboard.test/gw/api/v1';

async function firstMedia(base: string, key: string): Promise<{ url: string; mime_type: string; size_bytes: number }> {
  const response = await fetch(`${base}/media?limit=1`, { headers: { 'X-Service-Api-Key': key } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { url: string; mime_type: string; size_bytes: number }[] }).data[0]!;
}

describe('public media files in both runtimes', () => {
  const nodeSim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  const mswSim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
  let server: RunningServer;
  const msw = setupServer(...createHandlers(mswSim, { baseUrl: GATEWAY }));

  beforeAll(async () => {
    server = await listen(nodeSim, { port: 0, host: '127.0.0.1' });
    msw.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(async () => {
    msw.close();
    await server.close();
  });

  it('node:http: the URL is on the server’s own origin and answers the bytes without a key', async () => {
    const item = await firstMedia(server.baseUrl, nodeSim.accounts[0]!.keys.read!);
    expect(item.url.startsWith(`${server.origin}/_media/`)).toBe(true);
    const file = await fetch(item.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(item.mime_type);
    expect(file.headers.get('content-length')).toBe(String(item.size_bytes));
    expect((await file.arrayBuffer()).byteLength).toBe(item.size_bytes);
  });

  it('MSW: the URL keeps the gateway prefix, and MSW serves it', async () => {
    const item = await firstMedia(GATEWAY, mswSim.accounts[0]!.keys.read!);
    expect(item.url.startsWith('http://gateway.switchboard.test/gw/_media/')).toBe(true);
    const file = await fetch(item.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(item.mime_type);
    expect((await file.arrayBuffer()).byteLength).toBe(item.size_bytes);
    const missing = await fetch('http://gateway.switchboard.test/gw/_media/00000000000000000000000000000000.mp4');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('answers only GET there (405 with Allow)', async () => {
    const item = await firstMedia(server.baseUrl, nodeSim.accounts[0]!.keys.read!);
    const post = await fetch(item.url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});
