/**
 * `switchboard seed pull`: copies a live account into a seed file (docs/seed-pull.md) through the
 * public API, GET only, paced by the target's RateLimit-* headers, redacted unless `--redact none`.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { registry } from '../../src/resources/index.js';
import { DEFAULT_PULL_TIMEOUT_MS, pullSeed, PullError, type PullEstimate } from '../../src/pull/pull.js';
import { RedactionRulesFile } from '../../src/pull/redact.js';

interface PullFlags {
  baseUrl: string;
  apiKey: string;
  out: string;
  groups?: string;
  limit?: string;
  redact: string;
  resume?: boolean;
  timeout: string;
}

function redactOption(value: string): 'default' | 'none' | RedactionRulesFile {
  if (value === 'default' || value === 'none') return value;
  const parsed = RedactionRulesFile.safeParse(JSON.parse(readFileSync(value, 'utf8')));
  if (!parsed.success) throw new PullError(`${value}: not a redaction rules file ({"keep": [paths], "replace": {path: kind}}): ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

function printEstimate(estimate: PullEstimate): void {
  const tenK = estimate.forContacts(10_000);
  const hundredK = estimate.forContacts(100_000);
  process.stderr.write(
    `Estimate at ${estimate.quotaPerMinute} requests/minute: at least ${estimate.minimumRequests} requests; ` +
      `+1 per 100 records of a list, +1 per conversation (its transcript), +2 per flow. ` +
      `10k contacts: ${tenK.requests} requests (~${tenK.minutes.toFixed(1)} min); 100k: ${hundredK.requests} (~${hundredK.minutes.toFixed(1)} min).\n`,
  );
}

export function registerSeedPull(seed: Command): void {
  seed
    .command('pull')
    .description("Copy a live account into a seed file (GET only, paced, redacted by default); serve --seed loads it")
    .requiredOption('--base-url <url>', 'the API base URL, e.g. https://api.example.test/api/v1')
    .requiredOption('--api-key <key>', 'a key of the account (read scope is enough)')
    .requiredOption('--out <file>', 'the seed file to write (written to <file>.partial, renamed when complete)')
    .option('--groups <names>', 'comma-separated groups to pull (the account itself always comes)')
    .option('--limit <n>', 'at most n records per list')
    .option('--redact <mode>', 'default | none | a rules file (JSON: {"keep": [...], "replace": {...}})', 'default')
    .option('--resume', 'go on with an interrupted pull from <file>.pull-state.json')
    .option('--timeout <ms>', 'how long one request may take before the pull stops (resumable)', String(DEFAULT_PULL_TIMEOUT_MS))
    .action(async (flags: PullFlags) => {
      const timeoutMs = Number(flags.timeout);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
        process.stderr.write(`seed pull: --timeout must be a whole number of milliseconds above 0, got "${flags.timeout}"\n`);
        process.exitCode = 2;
        return;
      }
      try {
        let last = 0;
        const summary = await pullSeed({
          baseUrl: flags.baseUrl,
          apiKey: flags.apiKey,
          out: flags.out,
          groups: registry,
          ...(flags.groups ? { only: flags.groups.split(',').map((name) => name.trim()).filter(Boolean) } : {}),
          ...(flags.limit ? { limit: Number(flags.limit) } : {}),
          redact: redactOption(flags.redact),
          resume: flags.resume === true,
          timeoutMs,
          onEstimate: printEstimate,
          onProgress: (progress) => {
            if (progress.requests - last < 10 && progress.records % 1000 !== 0) return;
            last = progress.requests;
            process.stderr.write(`  ${progress.section}: ${progress.records} records, ${progress.requests} requests, waited ${(progress.waitedMs / 1000).toFixed(0)} s\n`);
          },
        });
        const counts = Object.entries(summary.records).map(([field, count]) => `${field} ${count}`).join(', ');
        console.log(`${summary.out}: account ${summary.accountId}, ${counts}; ${summary.requests} requests, waited ${(summary.waitedMs / 1000).toFixed(1)} s; ${summary.redacted ? 'redacted' : 'NOT redacted (--redact none)'}`);
        for (const { path, reason } of summary.dropped) {
          process.stderr.write(`warning: --limit cut a record that ${path} needs; dropped it so serve --seed loads the file (${reason})\n`);
        }
        if (summary.notPulled.length > 0) console.log(`not pulled (why: docs/seed-pull.md, "Groups"): ${summary.notPulled.join(', ')}`);
      } catch (error) {
        process.stderr.write(`seed pull: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      }
    });
}
