/**
 * `switchboard conformance`: runs the conformance kit against a base URL and prints the clause
 * matrix. Progress goes to stderr, one line per finished check, with a heartbeat at least every
 * 20 s (CI logs that see nothing for ten minutes kill the job). The first Ctrl-C (or SIGTERM)
 * stops starting checks, interrupts the running one at its next request, and sweeps what the run
 * created (still paced), then prints exactly what is left and the complete `--cleanup` command;
 * a second one leaves at once with that command. Exit code 0 when everything ran passed, 1 when a
 * check failed, 2 when the kit itself broke or could not start (unknown name, target down, bad
 * key), 130 when interrupted.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { checkCatalogue, cleanupRun, formatConsole, formatJson, formatJunit, runConformance, type ConformanceReport } from '../../conformance/index.js';
import { formatCatalogue, type CatalogueFormat } from '../../conformance/reporters/catalogue.js';
import { selectChecks, validateSelection } from '../../conformance/runner/select.js';
import { ConformanceUsageError, TargetUnavailableError } from '../../conformance/errors.js';
import { cleanupLines } from '../../conformance/reporters/console.js';
import { cleanupCommand, describeLeftover } from '../../conformance/safety/sweeper.js';
import { PROFILES, type CheckResult, type LevelSelection, type Profile, type ReporterName } from '../../conformance/types.js';
import { newRunId } from '../../conformance/safety/run-id.js';
import { portNumber, positiveInteger, writableFile } from '../options.js';

export interface ConformanceCliOptions {
  baseUrl?: string;
  apiKey?: string;
  apiKeyB?: string;
  inactiveKey?: string;
  controlToken?: string;
  section?: string[];
  check?: string[];
  profile?: string;
  level?: string;
  reporter: string;
  output?: string;
  seed?: string;
  runs?: string;
  replay?: string;
  cleanup?: string;
  maxRequests?: string;
  timeout?: string;
  receiverPort?: string;
  ledgerDir: string;
  virtualTime: boolean;
  list?: boolean;
}

/** A progress line at least this often, even while one check waits for a quota window. */
export const HEARTBEAT_MS = 20_000;

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`${name} must be an integer, got "${value}"`);
  return parsed;
}

function seconds(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 3600) throw new Error(`${name} must be a number of seconds between 0 and 3600, got "${value}"`);
  return Math.round(parsed * 1000);
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function render(report: ConformanceReport, reporter: ReporterName): string {
  if (reporter === 'json') return formatJson(report);
  if (reporter === 'junit') return formatJunit(report);
  return `${formatConsole(report)}\n`;
}

/** Prints the names a user can pick from, in columns of a sensible width. */
function listNames(names: readonly string[]): string {
  const lines: string[] = [];
  let line = ' ';
  for (const name of names) {
    if (line.length + name.length + 1 > 100) {
      lines.push(line);
      line = ' ';
    }
    line += ` ${name}`;
  }
  if (line.trim() !== '') lines.push(line);
  return lines.join('\n');
}

/** The stderr side of a run: one line per finished check, heartbeats, the sweep. */
export class Progress {
  private last = Date.now();
  private current: string | undefined;
  private currentSince = Date.now();
  private done = 0;
  private total = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly write: (line: string) => void) {}

  start(total: number): void {
    this.total = total;
    this.timer = setInterval(() => this.beat(), 1_000);
    this.timer.unref();
  }

  private say(line: string): void {
    this.write(`${line}\n`);
    this.last = Date.now();
  }

  private beat(): void {
    if (Date.now() - this.last < HEARTBEAT_MS) return;
    const doing = this.current === undefined ? 'between checks' : `${this.current} for ${Math.round((Date.now() - this.currentSince) / 1000)} s`;
    this.say(`  ... still running (${this.done}/${this.total} done): ${doing}`);
  }

  checkStarted(id: string): void {
    this.current = id;
    this.currentSince = Date.now();
  }

  result(result: CheckResult): void {
    this.done++;
    this.current = undefined;
    const why = result.reason ? `  (${result.reason})` : '';
    this.say(`  [${String(this.done).padStart(String(this.total).length)}/${this.total}] ${result.verdict.padEnd(12)} ${result.clause.padEnd(5)} ${result.id}${why}`);
  }

  sweeping(): void {
    this.current = 'the sweep (undoing what the run created)';
    this.currentSince = Date.now();
    this.say('  sweeping what the run created ...');
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** `--list`: the catalogue, narrowed like a run would be, with no target and nothing sent. */
function listChecks(options: ConformanceCliOptions): number {
  const format = oneOf<CatalogueFormat | 'console'>(options.reporter, ['console', 'json', 'markdown'], '--reporter (with --list)') ?? 'console';
  const catalogue = checkCatalogue();
  const only = options.check ?? [];
  const sections = options.section ?? [];
  validateSelection(catalogue, { sections, only });
  // Not used to narrow the list, but a typo is still a typo: the same value would fail a run.
  oneOf<Profile>(options.profile, PROFILES, '--profile');
  const level = oneOf<LevelSelection>(options.level, ['spec', 'all'], '--level') ?? 'all';
  const selected = selectChecks(catalogue, { sections, only, level });
  process.stdout.write(formatCatalogue(selected, format === 'console' ? 'text' : format));
  return 0;
}

export async function conformance(options: ConformanceCliOptions): Promise<number> {
  if (options.list) return listChecks(options);
  const baseUrl = options.baseUrl ?? process.env['SWITCHBOARD_BASE_URL'];
  const apiKey = options.apiKey ?? process.env['SWITCHBOARD_API_KEY'];
  const apiKeyB = options.apiKeyB ?? process.env['SWITCHBOARD_API_KEY_B'];
  if (!baseUrl) throw new Error('--base-url is required (or SWITCHBOARD_BASE_URL)');
  if (!apiKey) throw new Error('--api-key is required (or SWITCHBOARD_API_KEY)');
  const timeoutMs = seconds(options.timeout, '--timeout');
  // Checked before any request: a report that cannot be written is known now, not after the run.
  if (options.output !== undefined) writableFile(options.output, '--output');

  if (options.cleanup) {
    const result = await cleanupRun({ baseUrl, apiKey, apiKeyB, runId: options.cleanup, ledgerDir: options.ledgerDir, ...(timeoutMs ? { timeoutMs } : {}) });
    const clean = result.remaining.length === 0 && result.verified;
    console.log(
      `Cleanup of ${options.cleanup}: ${result.deleted} resource(s) removed` +
        (clean ? '; nothing of the run is left live' : `, ${result.remaining.length} left:\n${result.remaining.map((leftover) => `  - ${describeLeftover(leftover)}`).join('\n')}`),
    );
    if (!clean && result.command) console.log(`  finish with: ${result.command}`);
    return clean ? 0 : 1;
  }

  const reporter = oneOf<ReporterName>(options.reporter, ['console', 'json', 'junit'], '--reporter') ?? 'console';
  const runId = newRunId();
  const controller = new AbortController();
  const command = cleanupCommand(baseUrl, runId, apiKeyB ? ['a', 'b'] : ['a'], options.ledgerDir);
  const progress = new Progress((line) => process.stderr.write(line));
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupts++;
    if (interrupts === 1) {
      console.error(
        `\nInterrupted (${signal}): no new checks; the running one stops at its next request. Sweeping what run ${runId} created, still paced (${signal === 'SIGINT' ? 'Ctrl-C' : signal} again to leave now)`,
      );
      controller.abort();
      return;
    }
    console.error(`Left without finishing the sweep; the ledger is kept. Finish with:\n  ${command}`);
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const report = await runConformance({
      baseUrl,
      apiKey,
      apiKeyB,
      inactiveKey: options.inactiveKey ?? process.env['SWITCHBOARD_INACTIVE_KEY'],
      controlToken: options.controlToken ?? process.env['SWITCHBOARD_CONTROL_TOKEN'],
      sections: options.section,
      only: options.check,
      profile: oneOf<Profile>(options.profile, PROFILES, '--profile'),
      level: oneOf<LevelSelection>(options.level, ['spec', 'all'], '--level'),
      seed: integer(options.seed, '--seed'),
      // 0 or fewer runs, or a budget of 0 requests, would skip everything and read as a run.
      runs: options.runs === undefined ? undefined : positiveInteger(options.runs, '--runs'),
      replay: options.replay,
      maxRequests: options.maxRequests === undefined ? undefined : positiveInteger(options.maxRequests, '--max-requests'),
      receiverPort: options.receiverPort === undefined ? undefined : portNumber(options.receiverPort, '--receiver-port', true),
      ledgerDir: options.ledgerDir,
      virtualTime: options.virtualTime,
      ...(timeoutMs ? { timeoutMs } : {}),
      runId,
      signal: controller.signal,
      onPlan: (plan) => {
        // The plan goes to stderr before any check runs, so a user can Ctrl-C an over-budget run.
        const minutes = Math.max(1, Math.ceil(plan.requests / 200));
        const target = plan.simulator ? 'the simulator' : baseUrl;
        const skipped = Object.entries(plan.skippedUpFront)
          .map(([reason, count]) => `${count} ${reason}`)
          .join(', ');
        console.error(
          `Run ${plan.runId} against ${target}: ${plan.listed} checks (${plan.checks} to run${skipped ? `; skipped: ${skipped}` : ''}), ~${plan.requests} requests (about ${minutes} min of a 200/min quota), profile ${plan.profile}, level ${plan.level}` +
            (plan.requests > plan.maxRequests ? `; --max-requests ${plan.maxRequests} will skip the rest` : ''),
        );
        progress.start(plan.listed);
      },
      onCheckStart: (check) => progress.checkStarted(check.id),
      onResult: (result) => progress.result(result),
      onSweep: () => progress.sweeping(),
    });
    progress.stop();
    const text = render(report, reporter);
    if (options.output) {
      writeFileSync(options.output, text);
      // The file holds the chosen format; the terminal still gets the human summary.
      process.stdout.write(reporter === 'console' ? `${text.trimEnd().split('\n').pop()}\n` : `${formatConsole(report)}\n`);
    } else process.stdout.write(text);
    // What is left goes to stderr too, whatever the report's format: it is what the user must act on.
    if (report.aborted || report.cleanup.remaining.length > 0 || !report.cleanup.verified) console.error(cleanupLines(report).join('\n'));
    // 130 is the shell's code for "stopped by Ctrl-C": the report is partial whatever it says.
    if (report.aborted) return 130;
    if (report.totals.error > 0) return 2;
    if (report.totals.fail > 0) return 1;
    // A run of zero checks never reads green (docs/conformance.md): everything skipped judged nothing.
    const judged = report.totals.pass + report.totals.inconclusive;
    if (judged === 0) {
      console.error(`No check ran (${report.totals.skip} skipped): this run says nothing about the target; exit 1.`);
      return 1;
    }
    return 0;
  } finally {
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export function registerConformance(program: Command): void {
  program
    .command('conformance')
    .description('Check a deployment (or the simulator) against the spec, clause by clause')
    .option('--base-url <url>', 'API base URL ending in /api/v1 (or SWITCHBOARD_BASE_URL)')
    .option('--api-key <key>', 'API key (or SWITCHBOARD_API_KEY); admin or full lets the kit mint scoped keys')
    .option('--api-key-b <key>', 'a key of a second account, for isolation checks (or SWITCHBOARD_API_KEY_B)')
    .option('--inactive-key <key>', 'a key of an account whose add-on is inactive (403 addon_inactive)')
    .option('--control-token <token>', 'the simulator sandbox operator token (X-Sandbox-Token; serve prints it, env SWITCHBOARD_CONTROL_TOKEN): opens its clock and faults')
    .option('--section <clause...>', 'only these spec clauses, e.g. 4.2 7.1 (5 selects 5, 5.1, ...)')
    .option('--check <id...>', 'only these check ids')
    .option('--profile <profile>', 'read-only | safe | full | destructive (default: safe; full against the simulator; destructive only when chosen)')
    .option('--level <level>', 'spec | all (default: spec; all against the simulator)')
    .option('--reporter <name>', 'console | json | junit', 'console')
    .option('--output <file>', 'write the report here (the terminal still gets a summary)')
    .option('--seed <n>', 'fast-check seed (printed with every run)')
    .option('--runs <n>', 'fast-check runs per property (default 20 on the simulator, 5 elsewhere)')
    .option('--replay <token>', 'rerun one failure: the token printed after "replay:"')
    .option('--cleanup <run-id>', 'sweep what an interrupted run left behind, then exit')
    .option('--max-requests <n>', 'stop starting checks once this many requests are used')
    .option('--timeout <seconds>', 'per-request timeout; a request not answered in time fails its check (default 30)')
    .option('--receiver-port <port>', 'port of the kit\'s webhook receiver on 127.0.0.1 (match serve --allow-local-webhooks; default: any free port)')
    .option('--ledger-dir <dir>', 'where run ledgers are kept for --cleanup', '.switchboard-conformance')
    .option('--no-virtual-time', 'against the simulator, really sleep instead of advancing its clock')
    .option('--list', 'print the checks (clause, level, profile, title) instead of running them; narrows with --section, --check, --level; --reporter console | json | markdown')
    .action(async (options: ConformanceCliOptions) => {
      try {
        process.exitCode = await conformance(options);
      } catch (error) {
        // 2, not 1: the run could not judge the target at all.
        console.error(`switchboard conformance: ${error instanceof Error ? error.message : String(error)}`);
        if (error instanceof ConformanceUsageError && error.valid.length > 0) console.error(`valid names:\n${listNames(error.valid)}`);
        if (error instanceof TargetUnavailableError) console.error('Nothing was created on the target.');
        process.exitCode = 2;
      }
    });
}
