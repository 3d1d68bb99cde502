/**
 * Audit 17cli: a bad option value, or a file named by an option that cannot be written, exits 2
 * with one line naming the option before any work is done (README "Exit codes"). Each case below
 * used to start anyway (and fail later, with a stack trace or a stray temp file), run nothing and
 * read green, or fail as 1.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServe, stopServe, type RunResult, type ServeProcess } from './support/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'cli-usage-values-'));
const adir = join(dir, 'adir');
mkdirSync(adir);
const nodir = join(dir, 'nodir', 'file.yaml');
const HAR = 'fixtures/scenarios/har/support-session.har';
const SCENARIO = 'fixtures/scenarios/idempotent-retry.yaml';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Nothing but the directories the test made: no `.tmp`, `.partial` or state file left behind. */
function leftovers(): string[] {
  return readdirSync(dir).filter((name) => !['adir', 'bad.json', '.switchboard-conformance'].includes(name));
}

function expectUsageError(result: RunResult, message: RegExp): void {
  expect(result.stderr, result.stderr).toMatch(message);
  expect(result.code, result.stderr).toBe(2);
  // One line, never a stack trace.
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}

describe('C1: an output file that cannot be written is refused at start', () => {
  it.each([
    [['serve', '--port', '0', '--json', '--record', nodir], /--record .*nodir\/file\.yaml: the directory .*nodir does not exist/],
    [['serve', '--port', '0', '--json', '--record', adir], /--record .*adir: is a directory/],
    [['serve', '--port', '0', '--json', '--record', ''], /--record needs a file name/],
    [['record', '--target', 'http://127.0.0.1:9/api/v1', '--port', '0', '--out', nodir], /--out .*nodir\/file\.yaml: the directory .*does not exist/],
    [['record', '--target', 'http://127.0.0.1:9/api/v1', '--port', '0', '--out', adir], /--out .*adir: is a directory/],
    [['record', '--target', 'http://127.0.0.1:9/api/v1', '--port', '0', '--out', ''], /--out needs a file name/],
  ])('switchboard %j exits 2 before it listens', async (args, message) => {
    const result = await runCli(args);
    expectUsageError(result, message);
    expect(result.stdout).toBe('');
    expect(leftovers()).toEqual([]);
  });
});

describe('C4: --redact "" does not turn redaction off', () => {
  it.each([
    [['scenario', 'import', HAR, '--redact', '']],
    [['scenario', 'import', HAR, '--redact', ' , ']],
    [['record', '--target', 'http://127.0.0.1:9/api/v1', '--port', '0', '--out', join(dir, 'r.yaml'), '--redact', '']],
  ])('switchboard %j exits 2 and writes nothing', async (args) => {
    const result = await runCli(args);
    expectUsageError(result, /--redact needs field names \(e\.g\. email,phone\) or none/);
    expect(result.stdout).not.toContain('@customer.invalid');
  });

  it('--redact none still turns it off, as documented', async () => {
    const result = await runCli(['scenario', 'import', HAR, '--redact', 'none']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('@customer.invalid');
  });
});

describe('seed pull: usage errors exit 2 before the first request (C2, C3)', () => {
  let source: ServeProcess;
  let common: string[];
  const out = join(dir, 'pulled.json');
  beforeAll(async () => {
    source = await startServe(['--rate-limit', 'off']);
    common = ['seed', 'pull', '--base-url', source.ready.base_url, '--api-key', source.ready.accounts[0]!.keys.read, '--groups', 'tags'];
    writeFileSync(join(dir, 'bad.json'), '{x');
  }, 30_000);
  afterAll(async () => {
    if (source) await stopServe(source);
  });

  it.each([
    [['--limit', 'abc'], /--limit must be a whole number above 0, got "abc"/],
    [['--limit', '0'], /--limit must be a whole number above 0, got "0"/],
    [['--limit', '-1'], /--limit must be a whole number above 0, got "-1"/],
    [['--groups', 'bogus'], /--groups: Unknown group\(s\): bogus/],
    [['--groups', ''], /--groups needs group names/],
    [['--redact', 'no-such-rules.json'], /--redact no-such-rules\.json: cannot read the rules file \(ENOENT\); the value is default, none or a JSON rules file/],
    [['--redact', 'ADIR'], /--redact .*adir: cannot read the rules file \(it is a directory\)/],
    [['--redact', 'BAD'], /--redact .*bad\.json: not JSON/],
    [['--redact', ''], /--redact needs default, none or a rules file/],
    [['--resume'], /--resume: nothing to resume, .*pulled\.json\.pull-state\.json does not exist/],
  ])('seed pull %j', async (flags, message) => {
    const resolved = flags.map((flag) => (flag === 'ADIR' ? adir : flag === 'BAD' ? join(dir, 'bad.json') : flag));
    const result = await runCli([...common, '--out', out, ...resolved], 30_000);
    expectUsageError(result, message);
    expect(result.stderr).not.toContain('Estimate');
  });

  it.each([
    [adir, /--out .*adir: is a directory/],
    ['', /--out needs a file name/],
    [nodir, /--out .*nodir\/file\.yaml: the directory .*does not exist/],
  ])('--out %j is refused first: nothing pulled, no .partial or state file left', async (file, message) => {
    const result = await runCli([...common, '--out', file], 30_000);
    expectUsageError(result, message);
    expect(result.stderr).not.toContain('Estimate');
    expect(leftovers()).toEqual([]);
    expect(readdirSync(adir)).toEqual([]);
  });

  it('--base-url that is not an http(s) URL names the option', async () => {
    const result = await runCli(['seed', 'pull', '--base-url', 'notaurl', '--api-key', 'sbx_x', '--out', out]);
    expectUsageError(result, /--base-url must be an http:\/\/ or https:\/\/ URL, got "notaurl"/);
  });
});

describe('C5, C6: zero-work runs and integer options', () => {
  let source: ServeProcess;
  let target: string[];
  beforeAll(async () => {
    source = await startServe(['--rate-limit', 'off']);
    target = ['--base-url', source.ready.base_url, '--api-key', source.ready.accounts[0]!.keys.full, '--ledger-dir', join(dir, '.switchboard-conformance')];
  }, 30_000);
  afterAll(async () => {
    if (source) await stopServe(source);
  });

  it.each([
    [['--max-requests', '0'], /--max-requests must be a whole number above 0, got "0"/],
    [['--max-requests', '-5'], /--max-requests must be a whole number above 0, got "-5"/],
    [['--runs', '-1'], /--runs must be a whole number above 0, got "-1"/],
    [['--receiver-port', '99999'], /--receiver-port must be a port number from 0 to 65535/],
    [['--output', 'ADIR', '--check', 'tags.create-then-existing'], /--output .*adir: is a directory/],
  ])('conformance %j exits 2 before any check', async (flags, message) => {
    const result = await runCli(['conformance', ...target, ...flags.map((flag) => (flag === 'ADIR' ? adir : flag))], 60_000);
    expect(result.stderr).not.toContain('Run sbc_');
    expect(result.stderr).toMatch(message);
    expect(result.code, result.stderr).toBe(2);
  });

  it('a run whose every check was skipped exits 1, not 0', async () => {
    const result = await runCli(['conformance', ...target, '--check', 'tags.create-then-existing', '--max-requests', '1'], 60_000);
    expect(result.stdout).toMatch(/0 passed, 0 failed, 1 skipped/);
    expect(result.stderr).toMatch(/No check ran \(1 skipped\)/);
    expect(result.code).toBe(1);
  }, 60_000);

  it('scenario run --from after --to is a usage error, not an all-skipped green run', async () => {
    const result = await runCli(['scenario', 'run', SCENARIO, '--from', '3', '--to', '1']);
    expectUsageError(result, /--from 3 comes after --to 1 .*nothing would be sent/);
    expect(result.stdout).toBe('');
  });
});

describe('C8, C9, C10: values accepted without a word', () => {
  it.each([
    [['scenario', 'run', SCENARIO, '--receiver-port', '99999'], /--receiver-port must be a port number from 0 to 65535/],
    [['scenario', 'run', SCENARIO, '--webhook-secret', 'bad'], /--webhook-secret must be a whsec_/],
    [['scenario', 'run', SCENARIO, '--target', 'notaurl'], /--target must be sandbox or an http:\/\/ or https:\/\/ base URL/],
    [['scenario', 'run', SCENARIO, '--output', adir], /--output .*adir: is a directory/],
    [['scenario', 'import', HAR, '--out', adir], /--out .*adir: is a directory/],
    [['scenario', 'import', HAR, '--out', nodir], /--out .*nodir\/file\.yaml: the directory .*does not exist/],
    [['scenario', 'import', HAR, '--base-path', ''], /--base-path must start with \//],
    [['scenario', 'export', SCENARIO, '--as', 'curl', '--out', adir], /--out .*adir: is a directory/],
    [['record', '--target', 'http://127.0.0.1:9/api/v1', '--port', '0', '--out', join(dir, 'r.yaml'), '--redact-path', 'nope'], /--redact-path nope: a JSON path starts with \$/],
    [['conformance', '--list', '--profile', 'bogus'], /--profile must be one of/],
    [['serve', '--port', '0', '--json', '--state', ''], /--state needs a file name/],
    [['serve', '--port', '0', '--json', '--state', adir], /--state .*adir: is a directory/],
    [['listen', '--port', ''], /--port must be a port number from 0 to 65535/],
    [['tui', '--webhook-secret', 'bad'], /--webhook-secret must be a whsec_/],
  ])('switchboard %j exits 2 naming the option', async (args, message) => {
    const result = await runCli(args);
    expectUsageError(result, message);
    expect(leftovers()).toEqual([]);
    expect(readdirSync(adir)).toEqual([]);
  });
});
