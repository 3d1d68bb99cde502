/**
 * `seed pull` of posts: a served sandbox's posts come back with their status, content and timing
 * (media files are not pulled), the TikTok connection from capabilities, and a plan without
 * content publishing (GET /posts is 403 there) pulls as no posts instead of failing the pull.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualWaiter } from '../conformance/http/waiter.js';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { registry } from '../src/resources/index.js';
import { pullSeed } from '../src/pull/pull.js';
import { createSimulator, type Simulator } from '../src/simulator.js';

const T = '2026-03-01T12:00:00+00:00';
const T_MS = Date.parse(T);
type PostRow = { status: string; platform: string; post_type: string; caption: string | null; scheduled_at: string | null };

let source: Simulator;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  source = createSimulator({ logger: silentLogger, clock: { frozenAt: T } });
  server = await listen(source, { port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'posts-pull-'));
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const waiter = () => virtualWaiter(async (ms) => void source.sandbox.clock.advance(`${Math.ceil(ms / 1000)}s`), 0);

async function posts(sim: Simulator, key: string): Promise<PostRow[]> {
  const body = (await sim.request({ path: '/posts', key, query: { limit: 100 } })).body as { data: PostRow[] };
  return body.data;
}

describe('seed pull of posts', () => {
  it('brings posts back in order with status, type, caption and scheduled times, and the TikTok connection', async () => {
    const out = join(dir, 'posts.json');
    await pullSeed({ baseUrl: server.baseUrl, apiKey: source.accounts[0]!.keys.read!, out, groups: registry, redact: 'none', asOfMs: T_MS, waiter: waiter() });
    const seed = JSON.parse(readFileSync(out, 'utf8')) as { accounts: { posts_tiktok?: unknown }[] };
    expect(seed.accounts[0]!.posts_tiktok).toEqual({ connected: true, username: 'trailhead.outfitters' });
    const copy = createSimulator({ logger: silentLogger, clock: { frozenAt: T }, seed });
    const pick = (rows: PostRow[]) => rows.map(({ status, platform, post_type, caption }) => ({ status, platform, post_type, caption }));
    const before = await posts(source, source.accounts[0]!.keys.read!);
    expect(pick(await posts(copy, copy.accounts[0]!.keys.read!))).toEqual(pick(before));
    const scheduled = (await posts(copy, copy.accounts[0]!.keys.read!)).find((post) => post.status === 'scheduled');
    expect(scheduled?.scheduled_at).toBe(before.find((post) => post.status === 'scheduled')?.scheduled_at);
  }, 60_000);

  it('a free account pulls as no posts', async () => {
    const out = join(dir, 'free.json');
    await pullSeed({ baseUrl: server.baseUrl, apiKey: source.accounts[3]!.keys.read!, out, groups: registry, redact: 'none', asOfMs: T_MS, waiter: waiter() });
    const seed = JSON.parse(readFileSync(out, 'utf8')) as { accounts: { posts?: unknown[] }[] };
    expect(seed.accounts[0]!.posts ?? []).toEqual([]);
  }, 60_000);
});
