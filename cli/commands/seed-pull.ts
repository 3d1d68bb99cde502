/**
 * `switchboard seed pull`: copies a live account into a seed file (docs/seed-pull.md) through the
 * public API, GET only, paced by the target's RateLimit-* headers, redacted unless `--redact none`.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { registry } from '../../src/resources/index.js';
import { DEFAULT_PULL_TIMEOUT_MS, planSections, pullSeed, type PullEstimate } from '../../src/pull/pull.js';
import { RedactionRulesFile } from '../../src/pull/redact.js';
import { httpUrl, positiveInteger, writableFile } from '../options.js';

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

/** `--redact default | none | FILE`: a rules file that cannot be read or parsed is a usage error. */
function redactOption(value: string): 'default' | 'none' | RedactionRulesFile {
  if (value === 'default' || value === 'none') return value;
  const label = `--redact ${value}`;
  if (value.trim() === '') throw new Error('--redact needs default, none or a rules file, got an empty value');
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`${label}: cannot read the rules file (${code === 'EISDIR' ? 'it is a directory' : code}); the value is default, none or a JSON rules file`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${label}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = RedactionRulesFile.safeParse(json);
  if (!parsed.success) throw new Error(`${label}: not a redaction rules file ({"keep": [paths], "replace": {path: kind}}): ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

interface CheckedFlags {
  readonly timeoutMs: number;
  readonly only: readonly string[] | undefined;
  readonly limit: number | undefined;
  readonly redact: 'default' | 'none' | RedactionRulesFile;
}

/**
 * Every option checked before the first request (README "Exit codes": 2). `--out` first: its
 * `.partial` and state file go beside it, so an unwritable `--out` must leave nothing behind.
 */
function checkFlags(flags: PullFlags): CheckedFlags {
  writableFile(flags.out, '--out');
  if (flags.resume && !existsSync(`${flags.out}.pull-state.json`)) throw new Error(`--resume: nothing to resume, ${flags.out}.pull-state.json does not exist`);
  httpUrl(flags.baseUrl, '--base-url');
  const timeoutMs = Number(flags.timeout);
  if (!/^\d+$/.test(flags.timeout.trim()) || !Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`--timeout must be a whole number of milliseconds above 0, got "${flags.timeout}"`);
  }
  let only: string[] | undefined;
  if (flags.groups !== undefined) {
    only = flags.groups.split(',').map((name) => name.trim()).filter(Boolean);
    // An empty list (a variable left unset) would pull every group: not what anyone typed.
    if (only.length === 0) throw new Error(`--groups needs group names, got "${flags.groups}"`);
    try {
      planSections(registry, only);
    } catch (error) {
      throw new Error(`--groups: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {
    timeoutMs,
    only,
    limit: flags.limit === undefined ? undefined : positiveInteger(flags.limit, '--limit'),
    redact: redactOption(flags.redact),
  };
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
      let checked: CheckedFlags;
      try {
        checked = checkFlags(flags);
      } catch (error) {
        process.stderr.write(`seed pull: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 2;
        return;
      }
      const { timeoutMs } = checked;
      // Ctrl-C and SIGTERM alike: every write is synchronous, so the files on disk are consistent
      // between two events; say whether --resume has something to go on from, and exit 130.
      const onSignal = (signal: NodeJS.Signals): void => {
        const resumable = existsSync(`${flags.out}.pull-state.json`);
        process.stderr.write(`\nseed pull: interrupted (${signal}); ${resumable ? 'run the same command with --resume to go on' : 'nothing to resume yet'}\n`);
        process.exit(130);
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        let last = 0;
        const summary = await pullSeed({
          baseUrl: flags.baseUrl,
          apiKey: flags.apiKey,
          out: flags.out,
          groups: registry,
          ...(checked.only ? { only: checked.only } : {}),
          ...(checked.limit !== undefined ? { limit: checked.limit } : {}),
          redact: checked.redact,
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
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
