/**
 * `switchboard conformance`: runs the conformance kit against a base URL and prints the clause
 * matrix. Ctrl-C stops starting checks and sweeps what the run created; a second Ctrl-C leaves
 * at once, keeping the ledger for `--cleanup RUN_ID`. Exit code 0 when everything ran passed,
 * 1 when a check failed, 2 when the kit itself broke or could not start, 130 when interrupted.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { cleanupRun, formatConsole, formatJson, formatJunit, runConformance, type ConformanceReport } from '../../conformance/index.js';
import { PROFILES, type LevelSelection, type Profile, type ReporterName } from '../../conformance/types.js';
import { newRunId } from '../../conformance/safety/run-id.js';

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
  receiverPort?: string;
  ledgerDir: string;
  virtualTime: boolean;
}

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`${name} must be an integer, got "${value}"`);
  return parsed;
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

export async function conformance(options: ConformanceCliOptions): Promise<number> {
  const baseUrl = options.baseUrl ?? process.env['SWITCHBOARD_BASE_URL'];
  const apiKey = options.apiKey ?? process.env['SWITCHBOARD_API_KEY'];
  const apiKeyB = options.apiKeyB ?? process.env['SWITCHBOARD_API_KEY_B'];
  if (!baseUrl) throw new Error('--base-url is required (or SWITCHBOARD_BASE_URL)');
  if (!apiKey) throw new Error('--api-key is required (or SWITCHBOARD_API_KEY)');

  if (options.cleanup) {
    const result = await cleanupRun({ baseUrl, apiKey, apiKeyB, runId: options.cleanup, ledgerDir: options.ledgerDir });
    console.log(`Cleanup of ${options.cleanup}: ${result.deleted} resource(s) removed${result.failed.length ? `, ${result.failed.length} left: ${result.failed.join('; ')}` : ''}`);
    return result.failed.length === 0 ? 0 : 1;
  }

  const reporter = oneOf<ReporterName>(options.reporter, ['console', 'json', 'junit'], '--reporter') ?? 'console';
  const runId = newRunId();
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts === 1) {
      console.error(`\nInterrupted: finishing the current check, then sweeping what run ${runId} created (Ctrl-C again to leave now)`);
      controller.abort();
      return;
    }
    console.error(`Left without sweeping; finish with: switchboard conformance --base-url ${baseUrl} --cleanup ${runId}`);
    process.exit(130);
  };
  process.on('SIGINT', onSigint);
  const progress = process.stderr.isTTY;
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
      runs: integer(options.runs, '--runs'),
      replay: options.replay,
      maxRequests: integer(options.maxRequests, '--max-requests'),
      receiverPort: integer(options.receiverPort, '--receiver-port'),
      ledgerDir: options.ledgerDir,
      virtualTime: options.virtualTime,
      runId,
      signal: controller.signal,
      onPlan: (plan) => {
        // The plan goes to stderr before any check runs, so a user can Ctrl-C an over-budget run.
        const minutes = Math.max(1, Math.ceil(plan.requests / 200));
        const target = plan.simulator ? 'the simulator' : baseUrl;
        console.error(
          `Run ${plan.runId} against ${target}: ${plan.checks} checks, ~${plan.requests} requests (about ${minutes} min of a 200/min quota), profile ${plan.profile}, level ${plan.level}` +
            (plan.requests > plan.maxRequests ? `; --max-requests ${plan.maxRequests} will skip the rest` : ''),
        );
      },
      onResult: progress ? (result) => process.stderr.write(`  ${result.verdict.padEnd(5)} ${result.clause.padEnd(5)} ${result.id}\n`) : undefined,
    });
    const text = render(report, reporter);
    if (options.output) {
      writeFileSync(options.output, text);
      // The file holds the chosen format; the terminal still gets the human summary.
      process.stdout.write(reporter === 'console' ? `${text.trimEnd().split('\n').pop()}\n` : `${formatConsole(report)}\n`);
    } else process.stdout.write(text);
    // 130 is the shell's code for "stopped by Ctrl-C": the report is partial whatever it says.
    if (report.aborted) return 130;
    if (report.totals.error > 0) return 2;
    return report.totals.fail > 0 ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
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
    .option('--profile <profile>', 'read-only | safe | full (default: safe; full against the simulator)')
    .option('--level <level>', 'spec | all (default: spec; all against the simulator)')
    .option('--reporter <name>', 'console | json | junit', 'console')
    .option('--output <file>', 'write the report here (the terminal still gets a summary)')
    .option('--seed <n>', 'fast-check seed (printed with every run)')
    .option('--runs <n>', 'fast-check runs per property (default 20 on the simulator, 5 elsewhere)')
    .option('--replay <token>', 'rerun one failure: the token printed after "replay:"')
    .option('--cleanup <run-id>', 'sweep what an interrupted run left behind, then exit')
    .option('--max-requests <n>', 'stop starting checks once this many requests are used')
    .option('--receiver-port <port>', 'port of the kit\'s webhook receiver on 127.0.0.1 (match serve --allow-local-webhooks; default: any free port)')
    .option('--ledger-dir <dir>', 'where run ledgers are kept for --cleanup', '.switchboard-conformance')
    .option('--no-virtual-time', 'against the simulator, really sleep instead of advancing its clock')
    .action(async (options: ConformanceCliOptions) => {
      try {
        process.exitCode = await conformance(options);
      } catch (error) {
        // 2, not 1: the run could not judge the target at all.
        console.error(`switchboard conformance: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 2;
      }
    });
}
