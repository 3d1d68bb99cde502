/**
 * Ctrl-C and SIGTERM, as README "Exit codes" states them (audit 17cli C7): the servers (`listen`,
 * `record`; `serve` in test/serve.test.ts) end on either with a clean shutdown, exit 0; the
 * commands that do a job (`scenario run`, `seed pull`) exit 130 on either and say what was cut.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startServe, stopServe, type ServeProcess } from './support/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'cli-signals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  output(): { stdout: string; stderr: string };
  /** Resolves once `text` appears on stdout or stderr. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Sends `signal`, resolves with the exit code (or the signal name when it died of it). */
  stop(signal: NodeJS.Signals): Promise<number | string>;
}

function start(args: readonly string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return {
    output: () => ({ stdout, stderr }),
    waitFor: async (text, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      const seen = (): boolean => (typeof text === 'string' ? (stdout + stderr).includes(text) : text.test(stdout + stderr));
      while (!seen()) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`never saw ${String(text)}\nstdout: ${stdout}\nstderr: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async (signal) => {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A loopback server that accepts requests and never answers: a step or a pull stays in flight. */
let hanging: Server;
let hangingUrl: string;
let requests = 0;
beforeAll(async () => {
  hanging = createServer(() => void requests++);
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise((resolve) => hanging.close(resolve));
});

async function untilRequested(): Promise<void> {
  const before = requests;
  const deadline = Date.now() + 15_000;
  while (requests === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(requests).toBeGreaterThan(before);
}

describe('servers: Ctrl-C or SIGTERM is their normal end, exit 0', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('listen on %s', async (signal) => {
    const listen = start(['listen', '--port', '0']);
    await listen.waitFor('Ctrl-C stops.');
    expect(await listen.stop(signal)).toBe(0);
  });

  describe('record', () => {
    let source: ServeProcess;
    beforeAll(async () => {
      source = await startServe(['--rate-limit', 'off']);
    }, 30_000);
    afterAll(async () => {
      if (source) await stopServe(source);
    });

    it.each(['SIGINT', 'SIGTERM'] as const)('on %s writes the file and exits 0', async (signal) => {
      const out = join(dir, `recorded-${signal}.yaml`);
      const record = start(['record', '--target', source.ready.base_url, '--port', '0', '--out', out]);
      await record.waitFor(/Recording .* on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/);
      const proxy = /on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(record.output().stdout)![1]!;
      const res = await fetch(`${proxy}/api/v1/account`, { headers: { authorization: `Bearer ${source.ready.accounts[0]!.keys.read}` } });
      expect(res.status).toBe(200);
      await record.waitFor('GET /api/v1/account -> 200');
      expect(await record.stop(signal)).toBe(0);
      expect(record.output().stderr).toContain('1 exchange(s) recorded');
      expect(readFileSync(out, 'utf8')).toContain('/account');
    });
  });
});

describe('jobs: SIGTERM is treated as Ctrl-C, exit 130 with a line saying what was cut', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('scenario run with a step in flight, on %s', async (signal) => {
    const run = start(['scenario', 'run', 'fixtures/scenarios/idempotent-retry.yaml', '--target', hangingUrl, '--api-key', 'sbx_anything', '--timeout', '60000']);
    await untilRequested();
    expect(await run.stop(signal)).toBe(130);
    expect(run.output().stderr).toContain(`scenario run: interrupted (${signal}) before the report`);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('seed pull waiting on its first answer, on %s: nothing to resume yet', async (signal) => {
    const out = join(dir, `pulled-${signal}.json`);
    const pull = start(['seed', 'pull', '--base-url', hangingUrl, '--api-key', 'sbx_anything', '--out', out, '--timeout', '60000']);
    await untilRequested();
    expect(await pull.stop(signal)).toBe(130);
    expect(pull.output().stderr).toContain(`seed pull: interrupted (${signal}); nothing to resume yet`);
    expect(existsSync(`${out}.pull-state.json`)).toBe(false);
  });
});
