/**
 * `serve --state`: atomic saves, restarts that keep what was minted, and a `kill -9` at random
 * moments that never leaves a torn file behind.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanStaleTempFiles, loadState, persistState, writeFileAtomic } from '../src/adapters/state-file.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';
import { startServe, stopServe, type ServeProcess } from './support/serve-process.js';

const root = mkdtempSync(join(tmpdir(), 'switchboard-state-'));
let counter = 0;
const freshDir = (): string => {
  const dir = join(root, String(++counter));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
};
const running: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => stopServe(server, 'SIGKILL')));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tempFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

interface KeyRow {
  id: number;
  name: string;
  revoked: boolean;
}

async function api(base: string, key: string, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'X-Service-Api-Key': key };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe('state file primitives', () => {
  it('writes atomically and leaves no temp file behind', () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    writeFileAtomic(file, '{"a":1}');
    writeFileAtomic(file, '{"a":2}');
    expect(readFileSync(file, 'utf8')).toBe('{"a":2}');
    expect(tempFiles(dir)).toEqual([]);
  });

  it('creates the state file owner-only (0600): it holds every account and webhook secret', () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    writeFileAtomic(file, '{"a":1}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, '{}', { mode: 0o644 });
    chmodSync(file, 0o644);
    writeFileAtomic(file, '{"a":2}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('cleans temp files of dead writers only, and only those of this state file', () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const dead = deadPid();
    const stale = `.state.json.${dead}.1700000000000.3.tmp`;
    const live = `.state.json.${process.pid}.1700000000000.4.tmp`;
    const other = `.other.json.${dead}.1700000000000.1.tmp`;
    for (const name of [stale, live, other, 'keep.txt']) writeFileSync(join(dir, name), 'x');
    expect(cleanStaleTempFiles(file)).toEqual([join(dir, stale)]);
    expect(readdirSync(dir).sort()).toEqual([live, other, 'keep.txt'].sort());
  });

  it('loads nothing when the file is absent, and names the problem in a bad file', () => {
    const dir = freshDir();
    expect(loadState(join(dir, 'absent.json'))).toBeUndefined();
    writeFileSync(join(dir, 'torn.json'), '{"format":"switchboard-snap');
    expect(() => loadState(join(dir, 'torn.json'))).toThrow(/not valid JSON/);
    writeFileSync(join(dir, 'seed.json'), JSON.stringify({ format: 'switchboard-seed', version: 1, accounts: [] }));
    expect(() => loadState(join(dir, 'seed.json'))).toThrow(/not a switchboard state file.*\$\.format/);
  });

  it('persists after changes (debounced) and on flush; a new simulator resumes from the file', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const persistence = persistState(sim, file, { debounceMs: 20 });
    expect(loadState(file)?.format).toBe('switchboard-snapshot');
    const key = sim.accounts[0]!.keys.full!;
    const minted = await sim.request({ method: 'POST', path: '/api-keys', key, body: { name: 'persisted', scope: 'read' } });
    expect(minted.status).toBe(201);
    const plaintext = (minted.body as { data: { api_key: string } }).data.api_key;
    await new Promise((resolve) => setTimeout(resolve, 80));
    persistence.flush();
    persistence.stop();
    sim.close();

    const again = createSimulator({ logger: silentLogger, rateLimit: 'off', state: loadState(file) });
    expect((await again.request({ path: '/account', key: plaintext })).status).toBe(200);
    again.close();
  });

  it('reports a failed save instead of throwing from a timer', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
    const errors: unknown[] = [];
    const persistence = persistState(sim, file, { debounceMs: 5, onError: (error) => errors.push(error) });
    rmSync(dir, { recursive: true, force: true });
    await sim.request({ method: 'POST', path: '/api-keys', key: sim.accounts[0]!.keys.full!, body: { name: 'x', scope: 'read' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors.length).toBeGreaterThan(0);
    persistence.stop();
    sim.close();
  });
});

describe('serve --state', () => {
  it('keeps minted keys across a graceful restart', async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const first = await startServe(['--state', file]);
    running.push(first);
    const full = first.ready.accounts[0]!.keys.full;
    const res = await api(first.ready.base_url, full, 'POST', '/api-keys', { name: 'survivor', scope: 'write' });
    expect(res.status).toBe(201);
    const minted = ((await res.json()) as { data: { api_key: string } }).data.api_key;
    // Stopped right away: the shutdown flush, not the debounce, must save the key.
    expect(await stopServe(first, 'SIGTERM')).toBe(0);

    const second = await startServe(['--state', file]);
    running.push(second);
    const account = await api(second.ready.base_url, minted, 'GET', '/account');
    expect(account.status).toBe(200);
    expect(((await account.json()) as { data: { api_key: { scope: string } } }).data.api_key.scope).toBe('write');
    expect(tempFiles(dir)).toEqual([]);
  });

  it('survives kill -9 at random moments while writes are hammering: the file always parses and restarts', { timeout: 90_000 }, async () => {
    const dir = freshDir();
    const file = join(dir, 'state.json');
    const iterations = 15;
    const delays: number[] = [];
    let previousKeyCount = 0;
    let totalMinted = 0;

    for (let i = 0; i < iterations; i++) {
      const server = await startServe(['--state', file, '--rate-limit', 'off']);
      running.push(server);
      // The previous run's interrupted temp file (if any) is gone once the new server is up.
      expect(tempFiles(dir), `iteration ${i}`).toEqual([]);
      const base = server.ready.base_url;
      const full = server.ready.accounts[0]!.keys.full;

      // Keys minted by a killed run may still be active; revoke them to stay under the cap of 10.
      const list = (await (await api(base, full, 'GET', '/api-keys?limit=100')).json()) as { data: KeyRow[] };
      for (const key of list.data.filter((row) => !row.revoked && row.name.startsWith('hammer'))) {
        expect((await api(base, full, 'DELETE', `/api-keys/${key.id}`)).status).toBe(200);
      }

      let alive = true;
      const hammer = async (worker: number): Promise<void> => {
        while (alive) {
          try {
            const created = await api(base, full, 'POST', '/api-keys', { name: `hammer ${i}.${worker}`, scope: 'read' });
            if (created.status !== 201) throw new Error(`mint answered ${created.status}: ${await created.text()}`);
            totalMinted++;
            const { data } = (await created.json()) as { data: { id: number } };
            await api(base, full, 'DELETE', `/api-keys/${data.id}`);
          } catch (error) {
            if (alive) throw error;
            return;
          }
        }
      };
      const workers = [0, 1, 2, 3].map((worker) => hammer(worker));
      const delay = 150 + Math.floor(Math.random() * 600);
      delays.push(delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
      alive = false;
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await Promise.all(workers);

      // What a kill -9 leaves: a complete snapshot, and at most the one interrupted temp file.
      const context = `iteration ${i}, killed after ${delay} ms (delays so far: ${delays.join(', ')})`;
      const text = readFileSync(file, 'utf8');
      const parsed = JSON.parse(text) as { format: string; store: { collections: { api_keys: unknown[] } } };
      expect(parsed.format, context).toBe('switchboard-snapshot');
      expect(loadState(file), context).toBeDefined();
      expect(tempFiles(dir).length, context).toBeLessThanOrEqual(1);
      // Saves only move forward: what was on disk before is still there.
      const keyCount = parsed.store.collections.api_keys.length;
      expect(keyCount, context).toBeGreaterThanOrEqual(previousKeyCount);
      previousKeyCount = keyCount;
    }
    expect(totalMinted).toBeGreaterThan(iterations);
    // And the last file still starts a server.
    const last = await startServe(['--state', file]);
    running.push(last);
    expect(existsSync(file)).toBe(true);
    expect(tempFiles(dir)).toEqual([]);
  });
});
