/**
 * `switchboard scenario run|check|import|export|schema` (docs/scenarios.md). `run` exits 0 when
 * every step passed, 1 when one failed, 2 when a file could not be read or the options are wrong;
 * its last line is `N passed, M failed`. Errors are one readable line, never a stack trace.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { loadScenarioFile, ScenarioError, type LoadedScenario } from '../../src/scenarios/load.js';
import { runScenarios } from '../../src/scenarios/run.js';
import { formatConsole } from '../../src/scenarios/report/console.js';
import { formatJson } from '../../src/scenarios/report/json.js';
import { formatJunit } from '../../src/scenarios/report/junit.js';
import { safeScenarioText } from '../../src/scenarios/record/recorder.js';
import { writeFileAtomic } from '../../src/scenarios/record/write.js';
import { harExchanges, readHarFile } from '../../src/scenarios/record/har.js';
import { exportCurl } from '../../src/scenarios/export/curl.js';
import { exportHurl } from '../../src/scenarios/export/hurl.js';
import { scenarioJsonSchema } from '../../src/scenarios/schema.js';
import { summarize, type RunReport } from '../../src/scenarios/types.js';
import { isHttpUrl, portNumber, redactFields, webhookSecret, writableFile } from '../options.js';

export interface ScenarioRunCliOptions {
  target: string;
  apiKey?: string;
  controlToken?: string;
  key: string[];
  var: string[];
  from?: string;
  to?: string;
  bail?: boolean;
  reporter: string;
  output?: string;
  dryRun?: boolean;
  timeout: string;
  events?: string;
  receiverPort?: string;
  webhookSecret: string[];
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function pairs(values: readonly string[], option: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq <= 0) throw new Error(`${option} takes name=value, got "${value}"`);
    out[value.slice(0, eq)] = value.slice(eq + 1);
  }
  return out;
}

/** `--from`/`--to`: a 1-based number or a step name (in every file, the first step so named). */
function stepNumber(text: string | undefined, loaded: LoadedScenario, option: string): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d+$/.test(text)) {
    const number = Number(text);
    if (number < 1 || number > loaded.scenario.steps.length) throw new Error(`${option} ${text}: ${loaded.file} has steps 1 to ${loaded.scenario.steps.length}`);
    return number;
  }
  const index = loaded.scenario.steps.findIndex((step) => step.name === text);
  if (index < 0) throw new Error(`${option} "${text}": ${loaded.file} has no step of that name`);
  return index + 1;
}

/** `--from`/`--to` in one file: an empty range (from after to) would send nothing and read green. */
function stepRange(loaded: LoadedScenario, options: Pick<ScenarioRunCliOptions, 'from' | 'to'>): { from: number | undefined; to: number | undefined } {
  const from = stepNumber(options.from, loaded, '--from');
  const to = stepNumber(options.to, loaded, '--to');
  if (from !== undefined && to !== undefined && from > to) {
    throw new Error(`--from ${options.from} comes after --to ${options.to} in ${loaded.file} (steps ${from} and ${to}): nothing would be sent`);
  }
  return { from, to };
}

function render(report: RunReport, reporter: string): string {
  if (reporter === 'json') return formatJson(report);
  if (reporter === 'junit') return formatJunit(report);
  return `${formatConsole(report)}\n`;
}

export async function scenarioRun(files: readonly string[], options: ScenarioRunCliOptions, out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  if (!['console', 'json', 'junit'].includes(options.reporter)) throw new Error(`--reporter must be console, json or junit, got "${options.reporter}"`);
  if (options.events !== undefined && options.events !== 'journal' && options.events !== 'webhooks') throw new Error(`--events must be journal or webhooks, got "${options.events}"`);
  const timeoutMs = Number(options.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error(`--timeout must be milliseconds, got "${options.timeout}"`);
  // A malformed target is a bad option value (2), not a failed scenario (1): only a target that is
  // down fails the run. So are a port out of range, a secret that is not one, an unwritable report.
  if (options.target !== 'sandbox' && !isHttpUrl(options.target)) throw new Error(`--target must be sandbox or an http:// or https:// base URL ending in /api/v1, got "${options.target}"`);
  const receiverPort = options.receiverPort === undefined ? undefined : portNumber(options.receiverPort, '--receiver-port', true);
  for (const secret of options.webhookSecret) webhookSecret(secret, '--webhook-secret');
  if (options.output !== undefined) writableFile(options.output, '--output');
  const loaded = files.map((file) => loadScenarioFile(file));
  const ranges = loaded.map((scenario) => stepRange(scenario, options));
  const apiKey = options.apiKey ?? process.env['SWITCHBOARD_API_KEY'];
  const controlToken = options.controlToken ?? process.env['SWITCHBOARD_CONTROL_TOKEN'];
  const results: RunReport['scenarios'][number][] = [];
  const started = performance.now();
  for (const [index, scenario] of loaded.entries()) {
    const report = await runScenarios([scenario], {
      target: options.target,
      ...(apiKey ? { apiKey } : {}),
      ...(controlToken ? { controlToken } : {}),
      credentials: pairs(options.key, '--key'),
      vars: pairs(options.var, '--var'),
      ...ranges[index],
      bail: options.bail ?? false,
      dryRun: options.dryRun ?? false,
      timeoutMs,
      ...(options.events ? { events: options.events as 'journal' | 'webhooks' } : {}),
      ...(receiverPort !== undefined ? { receiverPort } : {}),
      receiverSecrets: options.webhookSecret,
    });
    results.push(...report.scenarios);
    if (options.bail && report.totals.failed > 0) break;
  }
  const report = summarize(results, performance.now() - started, options.dryRun ?? false);
  const text = render(report, options.reporter);
  if (options.output !== undefined) {
    writeFileSync(options.output, text);
    // The file holds the chosen format; the terminal still reads the human report.
    out(options.reporter === 'console' ? text : `${formatConsole(report)}\n`);
  } else out(text);
  return report.totals.failed > 0 ? 1 : 0;
}

export function registerScenario(program: Command): void {
  const scenario = program.command('scenario').description('Run, check, import and export scenario files (docs/scenarios.md)');

  scenario
    .command('run')
    .description('Replay scenario files against the sandbox or any deployment; diff expected against actual')
    .argument('<files...>', 'scenario files (.yaml, .yml or .json)')
    .option('--target <target>', 'sandbox (a fresh in-process simulator per file), or a base URL ending in /api/v1', 'sandbox')
    .option('--api-key <key>', 'the default credential for a URL target (or SWITCHBOARD_API_KEY)')
    .option('--key <name=key>', 'a named credential, e.g. --key write=sbx_... (repeatable)', collect, [] as string[])
    .option('--control-token <token>', "a running sandbox's operator token (serve prints it; or SWITCHBOARD_CONTROL_TOKEN): sandbox steps such as clock advances act as the operator")
    .option('--var <name=value>', 'bind a variable (repeatable)', collect, [] as string[])
    .option('--from <step>', 'first step to send (number or name); earlier ones are skipped')
    .option('--to <step>', 'last step to send (number or name)')
    .option('--bail', 'stop at the first failed step')
    .option('--reporter <name>', 'console | json | junit', 'console')
    .option('--output <file>', 'write the report here (the terminal still gets the console report)')
    .option('--dry-run', 'print what would be sent; send nothing')
    .option('--timeout <ms>', 'per request to a URL target', '10000')
    .option('--events <source>', 'where await steps look: journal (sandbox) or webhooks (a local receiver)')
    .option('--receiver-port <port>', 'port of the local webhook receiver (--events webhooks)')
    .option('--webhook-secret <whsec>', 'verify received webhooks with this secret (repeatable)', collect, [] as string[])
    .action(async (files: string[], options: ScenarioRunCliOptions) => {
      // SIGTERM is treated as Ctrl-C (README "Exit codes": 130), and both say what was cut short.
      const onSignal = (signal: NodeJS.Signals): void => {
        console.error(`\nscenario run: interrupted (${signal}) before the report; steps already sent are not undone`);
        process.exit(130);
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        process.exitCode = await scenarioRun(files, options);
      } catch (error) {
        console.error(error instanceof ScenarioError ? error.message : `switchboard scenario run: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 2;
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });

  scenario
    .command('check')
    .description('Validate scenario files without running them')
    .argument('<files...>')
    .action((files: string[]) => {
      let bad = 0;
      for (const file of files) {
        try {
          const { scenario: parsed } = loadScenarioFile(file);
          console.log(`${file}: valid, ${parsed.steps.length} step(s)`);
        } catch (error) {
          bad++;
          console.error(error instanceof Error ? error.message : String(error));
        }
      }
      process.exitCode = bad > 0 ? 2 : 0;
    });

  scenario
    .command('import')
    .description('Turn a HAR file (browser developer tools export) into a scenario, redacting secrets')
    .argument('<file>', 'the .har file')
    .option('--out <file>', 'write the scenario here (default: stdout)')
    .option('--name <title>', 'the scenario title')
    .option('--redact <fields>', 'comma-separated body fields holding personal data (default email,phone,lead_email,lead_phone; "none")')
    .option('--redact-path <path>', 'a JSON path pattern to redact too (repeatable)', collect, [] as string[])
    .option('--base-path <path>', 'where the API lives in the recorded URLs', '/api/v1')
    .action((file: string, options: { out?: string; name?: string; redact?: string; redactPath: string[]; basePath: string }) => {
      try {
        if (options.out !== undefined) writableFile(options.out, '--out');
        if (!options.basePath.startsWith('/')) throw new Error(`--base-path must start with / (e.g. /api/v1; / takes every URL), got "${options.basePath}"`);
        const recordOptions = {
          ...(options.name ? { name: options.name } : { name: `Imported from ${file}` }),
          ...(options.redact !== undefined ? { redactFields: redactFields(options.redact) } : {}),
          redactPaths: options.redactPath,
          basePath: options.basePath,
        };
        // Written through the leak check: no key or secret of the HAR reaches the file.
        const exchanges = harExchanges(readHarFile(file));
        const { text, scenario: built } = safeScenarioText(exchanges, recordOptions);
        if (options.out !== undefined) {
          writeFileAtomic(options.out, text);
          console.error(`${options.out}: ${built.steps.length} step(s) from ${exchanges.length} HAR entries`);
        } else process.stdout.write(text);
      } catch (error) {
        console.error(`switchboard scenario import: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 2;
      }
    });

  scenario
    .command('export')
    .description('Write a scenario as a shell script of curl lines or as a Hurl file')
    .argument('<file>')
    .requiredOption('--as <format>', 'curl | hurl')
    .option('--out <file>', 'write here (default: stdout)')
    .action((file: string, options: { as: string; out?: string }) => {
      try {
        if (options.as !== 'curl' && options.as !== 'hurl') throw new Error(`--as must be curl or hurl, got "${options.as}"`);
        if (options.out !== undefined) writableFile(options.out, '--out');
        const { scenario: parsed } = loadScenarioFile(file);
        const text = options.as === 'curl' ? exportCurl(parsed) : exportHurl(parsed);
        if (options.out !== undefined) writeFileSync(options.out, text, { mode: options.as === 'curl' ? 0o755 : 0o644 });
        else process.stdout.write(text);
      } catch (error) {
        console.error(error instanceof ScenarioError ? error.message : `switchboard scenario export: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 2;
      }
    });

  scenario
    .command('schema')
    .description('Print the JSON Schema of scenario files (for editors)')
    .action(() => {
      process.stdout.write(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
    });
}
