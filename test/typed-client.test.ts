/**
 * The typed-client smoke test (issue 13): openapi-typescript, default options, generates types
 * from the served /openapi.json; a small openapi-fetch program (test/typed-client/client.ts) that
 * calls one route per group with plain values and no casts must compile under strict tsc, then
 * run green against the simulator on port 0. Typed ids, boolean flags, optional fields that have
 * defaults and required bodies are what make it compile.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const sim = createSimulator({ logger: silentLogger, rateLimit: 'off' });
let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), 'switchboard-typed-client-'));

beforeAll(async () => {
  server = await listen(sim, { port: 0 });
});
afterAll(async () => {
  await server.close();
  sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it('generates types, compiles a client that calls one route per group with plain values, and runs it green', { timeout: 120_000 }, async () => {
  const document = await (await fetch(`${server.baseUrl}/openapi.json`)).text();
  writeFileSync(join(dir, 'openapi.json'), document);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  copyFileSync(join(ROOT, 'test/typed-client/client.ts'), join(dir, 'client.ts'));
  copyFileSync(join(ROOT, 'test/typed-client/tsconfig.json'), join(dir, 'tsconfig.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

  await run(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), 'openapi.json', '-o', 'api.d.ts'], { cwd: dir });
  const compiled = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir }).catch(
    (error: { stdout?: string }) => ({ stdout: `tsc failed:\n${error.stdout ?? String(error)}` }),
  );
  expect(compiled.stdout).toBe('');

  const { stdout } = await run(process.execPath, [join(dir, 'out', 'client.js'), server.baseUrl, sim.accounts[0]!.keys.full!], { cwd: dir });
  const statuses = JSON.parse(stdout) as Record<string, number>;
  expect(Object.keys(statuses).length).toBeGreaterThanOrEqual(20);
  for (const [call, status] of Object.entries(statuses)) expect(status, call).toBeGreaterThanOrEqual(200), expect(status, call).toBeLessThan(300);
});
