/**
 * `switchboard serve` runs the build's bundle of its entry, compiled with V8's code cache
 * (cli/serve-bundle.ts, scripts/bundle-serve.mjs): the bin must really take that path, V8 must
 * take the cache, an out-of-date bundle must never run, and the bundle must serve exactly what
 * the modules tsc wrote serve.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { currentBundle, verifiedCache } from '../cli/serve-bundle.js';
import { defaultSeed, parseSeed } from '../src/seed/default.js';
import { BIN, startServe, stopServe, type ReadyLine, type ServeProcess } from './support/serve-process.js';

const DIST = join(import.meta.dirname, '..', 'dist');
const BUNDLE = join(DIST, 'cli', 'bundle', 'serve-main.cjs');
const dir = mkdtempSync(join(tmpdir(), 'switchboard-serve-bundle-'));
const running: ServeProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => stopServe(server, 'SIGKILL')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `switchboard serve` from the modules tsc wrote (dist/cli/serve-main.js), never the bundle. */
function startUnbundled(): Promise<{ ready: ReadyLine; stop: () => void }> {
  const entry = pathToFileURL(join(DIST, 'cli', 'serve-main.js')).href;
  const code = `const { runServe } = await import(${JSON.stringify(entry)}); await runServe([process.execPath, 'switchboard', ...process.argv.slice(1)]);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, 'serve', '--host', '127.0.0.1', '--port', '0', '--json', '--quiet'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`unbundled serve not ready: ${err}`)), 15_000);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve({ ready: JSON.parse(out.slice(0, newline)) as ReadyLine, stop: () => child.kill('SIGKILL') });
    });
  });
}

/** Loads the bundle (the build's, or `file`) in a fresh node with `flags`: whether V8 took the cache. */
function loadInChild(file?: string, flags: readonly string[] = []): unknown {
  const entry = pathToFileURL(join(DIST, 'cli', 'serve-bundle.js')).href;
  const code =
    `const { loadBundle } = await import(${JSON.stringify(entry)}); ` +
    `const loaded = loadBundle(${file === undefined ? '' : JSON.stringify({ file })}); ` +
    `console.log(JSON.stringify({ cacheUsed: loaded.cacheUsed, runServe: typeof loaded.entry.runServe }));`;
  const result = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 15_000 });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as unknown;
}

async function getJson(url: string, key?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, key === undefined ? {} : { headers: { 'X-Service-Api-Key': key } });
  return { status: response.status, body: await response.json() };
}

describe('the serve bundle', () => {
  it('is what the bin runs: no module of dist/src loads before the ready line', async () => {
    // A module hook that writes down every module the ESM loader loads; the bundle is compiled
    // through vm.Script, so with it nothing under dist/src should appear.
    const loaded = join(dir, 'loaded.txt');
    const hook = join(dir, 'hook.mjs');
    writeFileSync(
      hook,
      `import { register } from 'node:module';\n` +
        `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(
          `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(loaded)}, url + '\\n'); return next(url, context); }`,
        )}));\n`,
    );
    writeFileSync(loaded, '');
    const server = await startServe([], 15_000, { env: { NODE_OPTIONS: `--import=${pathToFileURL(hook).href}` } });
    running.push(server);
    const urls = readFileSync(loaded, 'utf8').split('\n').filter(Boolean);
    expect(urls.some((url) => url.endsWith('/dist/cli/main.js'))).toBe(true);
    expect(urls.filter((url) => url.includes('/dist/src/'))).toEqual([]);
  });

  it('is compiled with the code cache the build wrote, which V8 takes', () => {
    expect(loadInChild()).toEqual({ cacheUsed: true, runServe: 'function' });
  });

  it('compiles from source when the cache does not fit: other V8 flags, or a damaged cache (which V8 itself would crash on)', () => {
    expect(loadInChild(undefined, ['--max-old-space-size=3000'])).toEqual({ cacheUsed: false, runServe: 'function' });
    const copy = join(dir, 'damaged');
    cpSync(join(DIST, 'cli', 'bundle'), copy, { recursive: true });
    const cacheFile = join(copy, 'serve-main.cjs.cache');
    const cache = readFileSync(cacheFile);
    for (let i = cache.length >> 1; i < (cache.length >> 1) + 4096; i++) cache[i] = (cache[i]! * 7 + 13) & 0xff;
    writeFileSync(cacheFile, cache);
    expect(loadInChild(join(copy, 'serve-main.cjs'))).toEqual({ cacheUsed: false, runServe: 'function' });
  });

  it('keeps a cache only while its checksum matches the bundle byte for byte', () => {
    const bundle = readFileSync(BUNDLE);
    const cache = readFileSync(`${BUNDLE}.cache`);
    // Buffer.equals, not toEqual: a deep comparison of 2 MB takes seconds.
    expect(verifiedCache(bundle, cache)?.equals(cache.subarray(4))).toBe(true);
    const edited = Buffer.from(bundle);
    const middle = edited.length >> 1;
    edited[middle] = edited[middle]! ^ 1; // same length: V8's own check would not see it
    expect(verifiedCache(edited, cache)).toBeUndefined();
    expect(verifiedCache(bundle, cache.subarray(0, 3))).toBeUndefined();
    expect(verifiedCache(bundle, undefined)).toBeUndefined();
  });

  it('carries the default seed exactly as the seed parser returns it now (cli/checked-seed.ts)', () => {
    const line = readFileSync(BUNDLE, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('const CHECKED_DEFAULT_SEED = JSON.parse('));
    expect(line).toBeDefined();
    const literal = line!.slice('const CHECKED_DEFAULT_SEED = JSON.parse('.length, line!.lastIndexOf(')'));
    expect(JSON.parse(JSON.parse(literal) as string)).toStrictEqual(JSON.parse(JSON.stringify(parseSeed(defaultSeed()))));
  });

  it('never runs when it is older than the bin beside it (a tsc run without the bundling step)', () => {
    const bin = join(dir, 'main.js');
    const bundle = join(dir, 'serve-main.cjs');
    writeFileSync(bin, '');
    writeFileSync(bundle, '');
    utimesSync(bin, 2_000, 2_000);
    utimesSync(bundle, 1_000, 1_000);
    expect(currentBundle(bin, bundle)).toBe(false);
    utimesSync(bundle, 2_000, 2_000); // npm pack gives every file the same time: current
    expect(currentBundle(bin, bundle)).toBe(true);
    expect(currentBundle(bin, join(dir, 'absent.cjs'))).toBe(false);
    expect(currentBundle(BIN, BUNDLE)).toBe(true);
  });

  it('serves what the modules serve: both OpenAPI documents, the account and the seeded contacts', async () => {
    const bundled = await startServe(['--quiet']);
    running.push(bundled);
    const unbundled = await startUnbundled();
    try {
      const key = bundled.ready.accounts[0]!.keys.full;
      expect(unbundled.ready.accounts).toEqual(bundled.ready.accounts);
      for (const path of ['/openapi.json', '/account', '/contacts?limit=100', '/tags', '/flows', '/conversations', '/knowledge', '/team']) {
        const [fromBundle, fromModules] = await Promise.all([getJson(`${bundled.ready.base_url}${path}`, key), getJson(`${unbundled.ready.base_url}${path}`, key)]);
        expect(fromBundle.status, path).toBe(200);
        expect(fromModules.status, path).toBe(200);
        // Records seeded without a timestamp take the start's moment: compare all but those.
        expect(withoutInstants(fromBundle.body), path).toEqual(withoutInstants(fromModules.body));
      }
      const control = (ready: ReadyLine) => getJson(ready.base_url.replace(/\/api\/v1$/, '/_sandbox/openapi.json'));
      expect(await control(bundled.ready)).toEqual(await control(unbundled.ready));
    } finally {
      unbundled.stop();
    }
  });
});

/** The value with every ISO instant replaced by a placeholder. */
function withoutInstants(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) => (typeof item === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(item) ? '<instant>' : item));
}
