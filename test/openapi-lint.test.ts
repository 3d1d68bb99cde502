/**
 * Third-party linters accept the generated documents as they are (issue 13): Redocly's
 * recommended ruleset and Spectral's `spectral:oas` report no error and no warning on the API
 * document and on the control plane's. Both tools run from node_modules on files this test
 * writes; Redocly's telemetry and update check are switched off, so nothing leaves the machine.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../src/simulator.js';
import { silentLogger } from '../src/core/logger.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules', '.bin');
const QUIET_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', DO_NOT_TRACK: '1', NO_COLOR: '1' };

const dir = mkdtempSync(join(tmpdir(), 'switchboard-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sim = createSimulator({ logger: silentLogger });
// The served API document, examples included: Spectral's oas3-valid-*-example and Redocly's
// no-invalid-media-type-examples then check every example against its schema too.
const documents = { api: sim.openapiWithExamples(), control: sim.controlOpenapi() };
sim.close();
const files = Object.fromEntries(
  Object.entries(documents).map(([name, document]) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(document));
    return [name, file];
  }),
) as Record<keyof typeof documents, string>;

interface Problem {
  readonly rule: string;
  readonly severity: string;
  readonly where: string;
  readonly message: string;
}

/** Exit code 1 is the tools' "problems found": their JSON report says which. */
async function output(command: string, args: string[]): Promise<string> {
  try {
    return (await run(join(BIN, command), args, { cwd: dir, env: QUIET_ENV, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (typeof stdout === 'string' && stdout.trim().startsWith('{') || stdout?.trim().startsWith('[')) return stdout;
    throw error;
  }
}

async function redocly(file: string): Promise<Problem[]> {
  const text = await output('redocly', ['lint', file, '--config', join(ROOT, 'test/lint/redocly.yaml'), '--format', 'json']);
  const report = JSON.parse(text) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
  return report.problems.map((p) => ({ rule: p.ruleId, severity: p.severity, where: p.location[0]?.pointer ?? '', message: p.message }));
}

async function spectral(file: string): Promise<Problem[]> {
  const text = await output('spectral', ['lint', file, '--ruleset', join(ROOT, 'test/lint/spectral.yaml'), '--format', 'json', '--quiet']);
  const severities = ['error', 'warn', 'info', 'hint'];
  const report = JSON.parse(text.trim() === '' ? '[]' : text) as { code: string; severity: number; message: string; path: string[] }[];
  return report.map((p) => ({ rule: p.code, severity: severities[p.severity] ?? String(p.severity), where: p.path.join('.'), message: p.message }));
}

const summary = (problems: readonly Problem[]) => problems.map((p) => `${p.severity} ${p.rule} at ${p.where}: ${p.message}`).slice(0, 20);

describe.each(['api', 'control'] as const)('the %s document', (name) => {
  it('passes Redocly lint (recommended) with no error and no warning', { timeout: 120_000 }, async () => {
    expect(summary(await redocly(files[name]))).toEqual([]);
  });

  it('passes Spectral spectral:oas with no error and no warning', { timeout: 120_000 }, async () => {
    const problems = (await spectral(files[name])).filter((p) => p.severity === 'error' || p.severity === 'warn');
    expect(summary(problems)).toEqual([]);
  });
});
