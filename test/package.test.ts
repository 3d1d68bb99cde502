/**
 * The package stands alone (issue 13): `npm pack` makes a tarball that works in an empty project
 * with no dev dependency: `npx switchboard serve` prints its ready line (without MSW installed),
 * the MSW adapter answers through the consumer's own `setupServer` (MSW is a peer: audit 10d F0),
 * and the conformance kit imports. Nothing goes to a registry: the
 * project gets the tarball's own contents as node_modules/switchboard plus copies of exactly the
 * production dependency tree (`npm ls --omit=dev`) from this checkout, as an install would lay
 * them out. The tarball is packed from the current dist/ (test/global-setup.ts rebuilds it).
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const NPM_ENV = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_offline: 'true' };
const project = mkdtempSync(join(tmpdir(), 'switchboard-consumer-'));
let tarball = '';

beforeAll(async () => {
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: ROOT, env: NPM_ENV, maxBuffer: 32 * 1024 * 1024 });
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  tarball = join(project, info!.filename);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  // The production dependency tree, where npm put it (nested copies stay nested).
  const listed = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, env: NPM_ENV, maxBuffer: 32 * 1024 * 1024 });
  for (const path of listed.stdout.split('\n').filter((line) => line.startsWith(join(ROOT, 'node_modules') + sep))) {
    const target = join(project, relative(ROOT, path));
    cpSync(path, target, { recursive: true, dereference: true, filter: (source) => source === path || !relative(path, source).split(sep).includes('node_modules') });
  }
  await run('tar', ['-xzf', tarball, '-C', project]);
  renameSync(join(project, 'package'), join(modules, 'switchboard'));
  symlinkSync('../switchboard/dist/cli/main.js', join(modules, '.bin', 'switchboard'));
}, 300_000);
afterAll(() => rmSync(project, { recursive: true, force: true }), 120_000);

/** A package and everything it needs, as paths in this checkout's lockfile (node's lookup: nested first). */
function lockClosure(start: string): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string> }> };
  const found = new Set<string>();
  const visit = (path: string): void => {
    if (found.has(path)) return;
    found.add(path);
    for (const name of Object.keys(lock.packages[path]?.dependencies ?? {})) {
      for (let base = path; ; base = base.slice(0, base.lastIndexOf('/node_modules/'))) {
        const candidate = `${base}/node_modules/${name}`;
        if (lock.packages[candidate]) {
          visit(candidate);
          break;
        }
        if (!base.includes('/node_modules/')) {
          if (lock.packages[`node_modules/${name}`]) visit(`node_modules/${name}`);
          break;
        }
      }
    }
  };
  visit(`node_modules/${start}`);
  return [...found];
}

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the packed tarball in an empty project', () => {
  it('is a reasonable size and carries the README, the docs and the spec', () => {
    const bytes = statSync(tarball).size;
    console.log(`packed tarball: ${(bytes / 1024).toFixed(0)} KiB`);
    expect(bytes).toBeLessThan(5 * 1024 * 1024);
    const installed = join(project, 'node_modules', 'switchboard');
    // Nothing a consumer cannot use (audit 10d F7): maps of unshipped sources, the benchmarks.
    const shipped = readdirSync(installed, { recursive: true, encoding: 'utf8' });
    expect(shipped.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(shipped.filter((file) => file.startsWith(join('dist', 'bench')))).toEqual([]);
    // MSW is the consumer's (a peer), so a project without MSW installs none.
    expect(existsSync(join(project, 'node_modules', 'msw'))).toBe(false);
    expect(statSync(join(installed, 'docs', 'spec', 'messaging-api-v1.md')).isFile()).toBe(true);
    expect(statSync(join(installed, 'README.md')).isFile()).toBe(true);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { name: string };
    expect(manifest.name).toBe('switchboard');
  });

  it('npx switchboard serve prints its ready line and answers', { timeout: 60_000 }, async () => {
    // Its own process group: npx runs the server as a child of its own and does not pass a signal
    // on, so stopping npx alone left `serve` running after the suite (seen as orphans).
    const child = spawn('npx', ['--offline', 'switchboard', 'serve', '--port', '0', '--json', '--quiet'], { cwd: project, env: NPM_ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const ready = await new Promise<{ base_url: string; accounts: { keys: { read: string } }[] }>((resolve, reject) => {
        let out = '';
        let err = '';
        const timer = setTimeout(() => reject(new Error(`not ready: ${out} ${err}`)), 45_000);
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (!out.includes('\n')) return;
          clearTimeout(timer);
          resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as never);
        });
      });
      const response = await fetch(`${ready.base_url}/account`, { headers: { 'X-Service-Api-Key': ready.accounts[0]!.keys.read } });
      expect(response.status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      // The server may outlive npx by its shutdown save; the group is gone once it has none left.
      for (let waited = 0; groupAlive(child.pid!) && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
      if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
    }
  });

  it("imports the MSW adapter and the conformance kit by their package names, the adapter using the consumer's MSW", { timeout: 60_000 }, async () => {
    // The consumer installs MSW itself, as the README says (the peer range covers this checkout's copy).
    for (const path of lockClosure('msw')) {
      if (!existsSync(join(project, path))) cpSync(join(ROOT, path), join(project, path), { recursive: true, dereference: true, filter: (source) => source === join(ROOT, path) || !relative(join(ROOT, path), source).split(sep).includes('node_modules') });
    }
    const program = `
      import { setupServer } from 'msw/node';
      import { createSimulator } from 'switchboard';
      import { createHandlers } from 'switchboard/msw';
      import { runConformance, checkCatalogue } from 'switchboard/conformance';
      const sim = createSimulator({ logger: { info() {}, warn() {}, error() {} } });
      const server = setupServer(...createHandlers(sim, { baseUrl: 'https://api.example.test/api/v1' }));
      server.listen({ onUnhandledRequest: 'error' });
      const res = await fetch('https://api.example.test/api/v1/account', { headers: { 'X-Service-Api-Key': sim.accounts[0].keys.read } });
      server.close();
      sim.close();
      console.log(JSON.stringify({ status: res.status, kit: typeof runConformance, checks: typeof checkCatalogue }));
    `;
    writeFileSync(join(project, 'consumer.mjs'), program);
    const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ status: 200, kit: 'function', checks: 'function' });
  });
});
