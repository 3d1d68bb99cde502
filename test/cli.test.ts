/** The bin's other commands: `seed export`, `seed check`, `openapi`, help and usage errors. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../fixtures/default-seed.js';
import { parseSeed } from '../src/seed/default.js';
import { runCli, startServe, stopServe } from './support/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('switchboard seed', () => {
  it('export prints the default seed, which check accepts and serve --seed starts from', async () => {
    const exported = await runCli(['seed', 'export']);
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout) as unknown;
    expect(data).toEqual(parseSeed(defaultSeed()));
    const file = join(dir, 'seed.json');
    writeFileSync(file, exported.stdout);

    const checked = await runCli(['seed', 'check', file]);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain('valid seed, 5 account(s), 20 key(s)');

    const server = await startServe(['--seed', file]);
    try {
      expect(server.ready.accounts.map((account) => account.keys.full)).toEqual(
        parseSeed(defaultSeed()).accounts.map((account) => account.api_keys.find((key) => key.scope === 'full')!.key),
      );
    } finally {
      await stopServe(server);
    }
  });

  it('export --compact prints one line', async () => {
    const exported = await runCli(['seed', 'export', '--compact']);
    expect(exported.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('check names the JSON path of the first problem and exits non-zero', async () => {
    const file = join(dir, 'bad.json');
    const seed = parseSeed(defaultSeed());
    writeFileSync(file, JSON.stringify({ ...seed, accounts: [seed.accounts[0], { ...seed.accounts[1], surprise: true }] }));
    const checked = await runCli(['seed', 'check', file]);
    expect(checked.code).not.toBe(0);
    expect(checked.stderr).toContain('$.accounts[1].surprise: unknown field');
  });
});

describe('switchboard openapi', () => {
  it('prints the OpenAPI 3.1 document', async () => {
    const result = await runCli(['openapi', '--compact']);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toContain('/account');
  });
});

describe('usage', () => {
  it('lists the commands in --help and refuses an unknown command', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'openapi', 'seed']) expect(help.stdout).toContain(command);
    const serveHelp = await runCli(['serve', '--help']);
    for (const option of ['--host', '--port', '--seed', '--state', '--api-key', '--rate-limit', '--allow-local-webhooks', '--json']) {
      expect(serveHelp.stdout).toContain(option);
    }
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
  });

  // 1 means "a check or step failed" (README "Exit codes"): commander's usage errors must not say that.
  it.each([
    [['scenario', 'run', 'fixtures/scenarios/idempotent-retry.yaml', '--bogus'], /unknown option '--bogus'/],
    [['scenario', 'run'], /missing required argument 'files'/],
    [['conformance', '--bogus'], /unknown option '--bogus'/],
    [['scenario', 'export', 'fixtures/scenarios/idempotent-retry.yaml'], /required option '--as <format>' not specified/],
    [['record'], /required option '--target <url>' not specified/],
    [['seed', 'pull', '--base-url'], /argument missing/],
    [['serve', '--bogus'], /unknown option '--bogus'/],
    [['tui', '--bogus'], /unknown option '--bogus'/],
  ])('switchboard %j is a usage error: exit 2', async (args, message) => {
    const result = await runCli(args);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });

  // A bad option value or an unreadable file stops the tool before it starts: 2 too (audit 11b N1).
  it.each([
    [['serve', '--port', 'abc'], /--port must be an integer/],
    [['serve', '--rate-limit', 'xyz'], /--rate-limit/],
    [['listen', '--port', 'abc'], /port/],
    [['tui', '--screen', 'bogus'], /--screen must be one of/],
    [['tui', '--receiver-port', 'abc'], /--receiver-port must be a port number/],
    [['seed', 'check', 'no-such-seed-file.json'], /cannot read the file/],
  ])('switchboard %j cannot start: exit 2', async (args, message) => {
    const result = await runCli(args);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });

  it('--help and --version still exit 0', async () => {
    expect((await runCli(['scenario', 'run', '--help'])).code).toBe(0);
    expect((await runCli(['--version'])).code).toBe(0);
  });
});
