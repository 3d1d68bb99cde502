/**
 * `switchboard conformance` as users run it (the built bin), against the simulator served on a
 * port: the last line, the JSON and JUnit reports, a failure's evidence with the key redacted and
 * its `--replay` token, Ctrl-C sweeping, and `--cleanup RUN_ID` after a run left in a hurry.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/adapters/node.js';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator, type Simulator } from '../src/simulator.js';
import { BIN, runCli } from './support/serve-process.js';

let sim: Simulator;
let server: RunningServer;
let keys: { a: string; b: string };

beforeAll(async () => {
  sim = createSimulator({ logger: silentLogger });
  server = await listen(sim, { port: 0, host: '127.0.0.1' });
  keys = { a: sim.accounts[0]!.keys.full!, b: sim.accounts[1]!.keys.full! };
});
afterAll(async () => {
  await server.close();
});

const base = () => ['conformance', '--base-url', server.baseUrl, '--api-key', keys.a, '--seed', '3'];

/** Runs a command line as a user's shell would (the printed cleanup command), with `env` added. */
function runShell(commandLine: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', `"$NODE" "$BIN" ${commandLine}`], { env: { ...process.env, ...env, NODE: process.execPath, BIN }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
const lastLine = (text: string) => text.trimEnd().split('\n').pop() ?? '';

/** Resolves once the simulator's state has changed `count` times (the run is under way). */
function changes(count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const stop = sim.onChange(() => {
      if (++seen === count) {
        stop();
        resolve();
      }
    });
  });
}

/**
 * A loopback proxy to `origin` that holds each DELETE for two seconds, and tells when the next
 * one arrives.
 */
async function slowDeleteProxy(origin: string): Promise<{ origin: string; nextDelete(): Promise<void>; close(): Promise<void> }> {
  let waiters: (() => void)[] = [];
  const sawDelete = (): void => {
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method === 'DELETE') {
          sawDelete();
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string' && name !== 'host' && name !== 'connection' && name !== 'content-length') headers[name] = value;
        }
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        try {
          const upstream = await fetch(`${origin}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers, body });
          const text = await upstream.text();
          const out: Record<string, string> = {};
          upstream.headers.forEach((value, name) => {
            if (name !== 'content-length' && name !== 'connection' && name !== 'keep-alive') out[name] = value;
          });
          response.writeHead(upstream.status, out);
          response.end(text);
        } catch {
          response.destroy();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    nextDelete: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

describe('switchboard conformance (built bin)', () => {
  it('ends with "N passed, M failed" and exits 0 on a conformant target', async () => {
    const run = await runCli([...base(), '--section', '4.5', '5.5', '--runs', '2', '--ledger-dir', mkdtempSync(join(tmpdir(), 'sbc-'))], 60_000);
    expect(run.stderr).toMatch(/^Run sbc_[a-z0-9]{8} against the simulator: (\d+) checks \((\d+) to run[^)]*\), ~\d+ requests/);
    // The plan counts what the report lists: every check, run or skipped.
    const listed = Number(/: (\d+) checks \(/.exec(run.stderr)?.[1]);
    const reported = /^(\d+) passed, 0 failed(?:, (\d+) skipped)?$/.exec(lastLine(run.stdout));
    expect(Number(reported?.[1]) + Number(reported?.[2] ?? 0)).toBe(listed);
    // Not a terminal: one progress line per finished check.
    expect(run.stderr.match(/^ {2}\[\s*\d+\/\d+\] /gm)?.length).toBe(listed);
    expect(lastLine(run.stdout)).toMatch(/^\d+ passed, 0 failed(, \d+ skipped)?$/);
    expect(run.stdout).toContain('Clause matrix');
    expect(run.code).toBe(0);
  }, 70_000);

  it('writes JSON and JUnit reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbc-'));
    const json = await runCli([...base(), '--section', '5.1', '--reporter', 'json', '--ledger-dir', dir], 60_000);
    const report = JSON.parse(json.stdout) as { results: unknown[]; matrix: unknown[]; totals: { fail: number } };
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.totals.fail).toBe(0);
    const file = join(dir, 'report.xml');
    const junit = await runCli([...base(), '--section', '5.1', '--reporter', 'junit', '--output', file, '--ledger-dir', dir], 60_000);
    expect(junit.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml[\s\S]*<testsuites [\s\S]*<\/testsuites>\n$/);
  }, 70_000);

  it('prints the evidence of a failure with the key redacted, and replays it', async () => {
    sim.sandbox.setMutants(['drop_replayed_header']);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'sbc-'));
      const run = await runCli([...base(), '--check', 'idempotency.replay', '--runs', '3', '--ledger-dir', dir], 60_000);
      expect(run.code).toBe(1);
      expect(lastLine(run.stdout)).toBe('0 passed, 1 failed');
      expect(run.stdout).not.toContain(keys.a);
      for (const part of ['[5] idempotency.replay', 'counterexample:', 'request:', 'response:', 'curl: curl', '$SWITCHBOARD_API_KEY', 'Idempotent-Replayed']) {
        expect(run.stdout).toContain(part);
      }
      const token = /replay: --replay '([^']+)'/.exec(run.stdout)?.[1];
      expect(token).toMatch(/^idempotency\.replay@-?\d+:/);
      const replay = await runCli([...base(), '--replay', token!, '--ledger-dir', dir], 60_000);
      expect(replay.code).toBe(1);
      expect(lastLine(replay.stdout)).toBe('0 passed, 1 failed');
    } finally {
      sim.sandbox.setMutants([]);
    }
  }, 70_000);

  it('on Ctrl-C stops starting checks and sweeps; a second Ctrl-C leaves a ledger for --cleanup', async () => {
    // The runs before this one spent most of account A's minute of quota, and these runs have no
    // operator token, so the kit would sleep out the window for real. The test owns the simulator:
    // it starts each run in a fresh window instead (the rate-limit tests prove the pacing itself).
    const freshQuotaWindow = (): void => sim.clock.advance(61_000);
    freshQuotaWindow();
    const dir = mkdtempSync(join(tmpdir(), 'sbc-'));
    let hurriedStderr = '';
    const child = spawn(process.execPath, [BIN, ...base(), '--api-key-b', keys.b, '--runs', '5', '--ledger-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await changes(3);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stdout).toContain('ABORTED');
    expect(stdout).toMatch(/Cleanup: \d+ created resource\(s\) removed/);
    expect(readdirSync(dir)).toEqual([]);

    // The second Ctrl-C must land while the sweep is still running. A proxy that holds every
    // DELETE makes that certain, instead of racing a sweep that may finish within milliseconds.
    freshQuotaWindow();
    const proxy = await slowDeleteProxy(server.origin);
    try {
      const args = ['conformance', '--base-url', `${proxy.origin}/api/v1`, '--api-key', keys.a, '--api-key-b', keys.b, '--seed', '3'];
      const hurried = spawn(process.execPath, [BIN, ...args, '--runs', '5', '--ledger-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      hurried.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const left = new Promise<number | null>((resolve) => hurried.on('exit', resolve));
      await changes(12);
      // Two SIGINTs sent back to back can reach the child as one (pending signals coalesce), so
      // send the second only once the child has said it heard the first, and a DELETE it sent
      // after that is being held: it is then certainly still busy.
      const acknowledged = new Promise<void>((resolve) => {
        const listen = (): void => {
          if (stderr.includes('Interrupted')) {
            hurried.stderr.off('data', listen);
            resolve();
          }
        };
        hurried.stderr.on('data', listen);
      });
      hurried.kill('SIGINT');
      await acknowledged;
      await proxy.nextDelete();
      hurried.kill('SIGINT');
      expect(await left).toBe(130);
      hurriedStderr = stderr;
    } finally {
      await proxy.close();
    }
    const stderr = hurriedStderr;
    // The complete command: both accounts' key options (as environment variables, never the
    // keys) and the ledger directory.
    const command = /^ {2}(switchboard conformance .*--cleanup (sbc_[a-z0-9]{8}).*)$/m.exec(stderr);
    expect(command?.[1]).toContain('--api-key "$SWITCHBOARD_API_KEY" --api-key-b "$SWITCHBOARD_API_KEY_B"');
    expect(command?.[1]).toContain(`--ledger-dir '${dir}'`);
    expect(stderr).not.toContain(keys.a);
    const runId = command?.[2];
    expect(existsSync(join(dir, `${runId}.json`))).toBe(true);
    // Run it as printed, with the keys in the environment it names (and the simulator's URL).
    const argv = command![1]!.replace(/^switchboard /, '').replace(/'[^']*\/api\/v1'/, `'${server.baseUrl}'`);
    freshQuotaWindow();
    const cleanup = await runShell(argv, { SWITCHBOARD_API_KEY: keys.a, SWITCHBOARD_API_KEY_B: keys.b });
    expect(cleanup.stdout).toMatch(new RegExp(`Cleanup of ${runId}: \\d+ resource\\(s\\) removed; nothing of the run is left live`));
    expect(cleanup.code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  }, 90_000);
});

describe('switchboard conformance refuses what it cannot judge (exit 2, nothing sent)', () => {
  it('an unknown --check, --section or --replay names the valid ones and the closest', async () => {
    const check = await runCli([...base(), '--check', 'tags.creat'], 30_000);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('unknown check id "tags.creat"; did you mean "tags.create-then-existing"');
    expect(check.stderr).toContain('valid names:');
    expect(check.stderr).toContain('rate.quota');
    const section = await runCli([...base(), '--section', '42'], 30_000);
    expect(section.code).toBe(2);
    expect(section.stderr).toMatch(/unknown section "42"; did you mean "4\.2"/);
    const replay = await runCli([...base(), '--replay', 'garbage@@'], 30_000);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('--replay "garbage@@"');
    const unknownReplay = await runCli([...base(), '--replay', 'tags.nope@3:0'], 30_000);
    expect(unknownReplay.code).toBe(2);
    expect(unknownReplay.stderr).toContain('unknown check id in --replay "tags.nope"');
  }, 60_000);

  it('a target that is down is named with its URL', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = await runCli(['conformance', '--base-url', `http://127.0.0.1:${port}/api/v1`, '--api-key', keys.a], 30_000);
    expect(down.code).toBe(2);
    expect(down.stderr).toContain(`could not reach http://127.0.0.1:${port}/api/v1/account (ECONNREFUSED`);
    expect(down.stderr).not.toContain('fetch failed');
  }, 30_000);

  it('a busy --receiver-port is one line naming the port, before any request (audit 10b F5)', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const dir = mkdtempSync(join(tmpdir(), 'sbc-'));
      const run = await runCli([...base(), '--receiver-port', String(port), '--section', '4.1', '6', '--ledger-dir', dir], 30_000);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(`switchboard conformance: receiver port ${port} on 127.0.0.1 is in use; free it or pass another --receiver-port`);
      expect(run.stderr).not.toContain('    at ');
      // Nothing was created, so nothing is left for --cleanup.
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  }, 30_000);

  it('a route that never answers fails its check as "no answer in N s", naming the route (--timeout)', async () => {
    const { startBugProxy } = await import('./support/bug-proxy.js');
    const proxy = await startBugProxy(server.origin, { bug: async (request, upstream) => (request.method === 'GET' && request.url.startsWith('/api/v1/tags') ? 'hang' : upstream(request)) });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'sbc-'));
      const run = await runCli(['conformance', '--base-url', proxy.baseUrl, '--api-key', keys.a, '--check', 'tags.list-by-name', '--timeout', '1', '--ledger-dir', dir], 60_000);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('GET /api/v1/tags: no answer in 1 s');
      expect(run.stdout).not.toContain('kit error');
      // The sweep could not list the tags either: it says so and keeps what finishes the job.
      expect(run.stderr).toContain('finish with: switchboard conformance');
    } finally {
      await proxy.close();
    }
  }, 70_000);
});
