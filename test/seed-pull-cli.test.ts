/**
 * `switchboard seed pull` as a user runs it: pull a served sandbox (rate limit off, so no waits),
 * check the file with `seed check`, serve it, and read the pulled account with a printed key.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServe, stopServe } from './support/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'seed-pull-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('switchboard seed pull', () => {
  it('pulls a served sandbox into a file that seed check and serve --seed accept', async () => {
    const source = await startServe(['--rate-limit', 'off']);
    const out = join(dir, 'pulled.json');
    try {
      const account = source.ready.accounts[0]!;
      const result = await runCli(['seed', 'pull', '--base-url', source.ready.base_url, '--api-key', account.keys.read, '--out', out, '--groups', 'tags,contacts', '--limit', '20'], 60_000);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/Estimate at \d+ requests\/minute/);
      expect(result.stdout).toMatch(/account 1, .*contacts 20.*; redacted/);
      const check = await runCli(['seed', 'check', out]);
      expect(check.code, check.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).not.toContain('Grace Kim');
    } finally {
      await stopServe(source);
    }
    const copy = await startServe(['--seed', out]);
    try {
      const key = copy.ready.accounts[0]!.keys.read;
      const res = await fetch(`${copy.ready.base_url}/contacts?limit=100`, { headers: { authorization: `Bearer ${key}` } });
      expect(((await res.json()) as { data: unknown[] }).data.length).toBe(20);
    } finally {
      await stopServe(copy);
    }
  }, 120_000);

  // audit 10a: --limit 5 cut the conversation an appointment names; seed check said "valid", serve refused.
  it('--limit output always loads: seed check builds the store as serve --seed does, and pull drops what the cut orphaned', async () => {
    const source = await startServe(['--rate-limit', 'off']);
    const out = join(dir, 'limited.json');
    try {
      const key = source.ready.accounts[0]!.keys.full;
      const result = await runCli(['seed', 'pull', '--base-url', source.ready.base_url, '--api-key', key, '--out', out, '--limit', '5'], 60_000);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/warning: --limit cut a record that \$\.accounts\[0\]\.\w+\[\d+\]( \(id \d+\))? needs; dropped it/);
    } finally {
      await stopServe(source);
    }
    const check = await runCli(['seed', 'check', out]);
    expect(check.code, check.stderr).toBe(0);
    const copy = await startServe(['--seed', out]);
    await stopServe(copy);
  }, 120_000);

  it('seed check refuses a seed whose references dangle, naming the JSON path serve --seed would', async () => {
    const exported = await runCli(['seed', 'export']);
    const seed = JSON.parse(exported.stdout) as { accounts: { conversations?: unknown[]; appointments?: { conversation?: unknown }[] }[] };
    const account = seed.accounts.find((candidate) => (candidate.appointments ?? []).some((appointment) => appointment.conversation))!;
    account.conversations = [];
    const file = join(dir, 'dangling.json');
    writeFileSync(file, JSON.stringify(seed));
    const check = await runCli(['seed', 'check', file]);
    expect(check.code).not.toBe(0);
    expect(check.stderr).toMatch(/\$\.accounts\[\d+\]\.\w+\[\d+\]\.[\w.\[\]]*: /);
    expect(check.stdout).not.toContain('valid seed');
  }, 60_000);
});
