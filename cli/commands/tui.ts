/**
 * `switchboard tui`: the terminal UI (cli/tui/). `switchboard` alone on a terminal opens it too
 * (cli/main.ts). ink and React load only when it starts, so other commands stay quick.
 */
import { Command } from 'commander';
import { exitOnUsageError } from '../base-program.js';
import { SCREENS, type ScreenId } from '../tui/state/app.js';
import { portNumber, webhookSecret as checkWebhookSecret } from '../options.js';

interface TuiCliOptions {
  target?: string;
  apiKey?: string;
  controlToken?: string;
  scenario?: string;
  screen?: string;
  receiverPort?: string;
  webhookSecret?: string;
}

/** `--receiver-port`: a port number, 0 for any free one. */
export function parseReceiverPort(text: string): number {
  return portNumber(text, '--receiver-port', true);
}

export async function runTui(options: TuiCliOptions = {}): Promise<number> {
  if (options.screen !== undefined && !(SCREENS as readonly string[]).includes(options.screen)) {
    throw new Error(`--screen must be one of ${SCREENS.join(', ')}, got "${options.screen}"`);
  }
  const receiverPort = options.receiverPort === undefined ? undefined : parseReceiverPort(options.receiverPort);
  const webhookSecret = options.webhookSecret ?? process.env['SWITCHBOARD_WEBHOOK_SECRET'];
  // Checked with the other options, before the UI opens (listen --secret refuses the same values).
  if (webhookSecret !== undefined) checkWebhookSecret(webhookSecret, options.webhookSecret !== undefined ? '--webhook-secret' : 'SWITCHBOARD_WEBHOOK_SECRET');
  const { startTui } = await import('../tui/index.js');
  return startTui({
    ...(options.target ? { target: options.target } : {}),
    ...(options.apiKey ?? process.env['SWITCHBOARD_API_KEY'] ? { apiKey: options.apiKey ?? process.env['SWITCHBOARD_API_KEY'] } : {}),
    ...(options.controlToken ?? process.env['SWITCHBOARD_CONTROL_TOKEN'] ? { controlToken: options.controlToken ?? process.env['SWITCHBOARD_CONTROL_TOKEN'] } : {}),
    ...(options.scenario ? { scenario: options.scenario } : {}),
    ...(options.screen ? { screen: options.screen as ScreenId } : {}),
    ...(receiverPort !== undefined ? { receiverPort } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
  });
}

export function registerTui(program: Command): void {
  program
    .command('tui')
    .description('Terminal UI: explore the API, send requests, replay scenarios, tail events, run the kit')
    .option('--target <name|url>', 'sandbox (in process, the default), a saved target, or a base URL ending in /api/v1')
    .option('--api-key <key>', 'the key for a --target URL (or SWITCHBOARD_API_KEY)')
    .option('--control-token <token>', "a running sandbox's operator token (or SWITCHBOARD_CONTROL_TOKEN)")
    .option('--scenario <file>', 'open this scenario in the replay debugger')
    .option('--screen <name>', `first screen: ${SCREENS.join(', ')}`)
    .option('--receiver-port <port>', "tail on a deployment: the local webhook receiver's port (default 4400; 0 picks a free one)")
    .option('--webhook-secret <whsec>', "tail on a deployment: the endpoint's signing secret, to verify each delivery (or SWITCHBOARD_WEBHOOK_SECRET)")
    .action(async (options: TuiCliOptions) => {
      process.exitCode = await runTui(options);
    });
}

/** The bin's short path for `switchboard tui`: a program with only this command. */
export function tuiProgram(): Command {
  const program = new Command().name('switchboard').version('0.1.0').exitOverride(exitOnUsageError);
  registerTui(program);
  return program;
}
