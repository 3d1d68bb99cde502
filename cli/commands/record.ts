/**
 * `switchboard record --target URL --port P --out FILE`: a recording reverse proxy. Point the app
 * at http://127.0.0.1:P/api/v1; every exchange goes to the target and becomes a step of FILE
 * (rewritten as traffic arrives, redacted: keys, secrets and personal data never reach it).
 */
import type { Command } from 'commander';
import { recordProxy } from '../../src/scenarios/record/proxy.js';
import { parsePattern } from '../../src/scenarios/paths.js';
import { redactFields, writableFile } from '../options.js';
import { parsePort } from './serve.js';

interface RecordCliOptions {
  target: string;
  port: string;
  host: string;
  out: string;
  name?: string;
  redact?: string;
  redactPath: string[];
}

export function registerRecord(program: Command): void {
  program
    .command('record')
    .description('Record API traffic through a reverse proxy into a scenario file (secrets redacted)')
    .requiredOption('--target <url>', 'where requests go, e.g. https://api.example.test (or its /api/v1 base URL)')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4500')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .requiredOption('--out <file>', 'the scenario file to write')
    .option('--name <title>', 'the scenario title')
    .option('--redact <fields>', 'comma-separated body fields holding personal data (default email,phone,lead_email,lead_phone; "none")')
    .option('--redact-path <path>', 'a JSON path pattern to redact too (repeatable)', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .action(async (options: RecordCliOptions) => {
      // Every value is checked before the proxy listens: a file that cannot be written would
      // otherwise fail on each exchange, after the user's app has been pointed at the proxy.
      const port = parsePort(options.port);
      const out = writableFile(options.out, '--out');
      const redactOption = options.redact !== undefined ? { redactFields: redactFields(options.redact) } : {};
      for (const path of options.redactPath) {
        try {
          parsePattern(path);
        } catch (error) {
          throw new Error(`--redact-path ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const proxy = await recordProxy({
        target: options.target,
        port,
        host: options.host,
        out,
        name: options.name ?? `Recorded against ${options.target}`,
        ...redactOption,
        redactPaths: options.redactPath,
        onExchange: ({ method, url, status }) => console.error(`  ${method} ${url} -> ${status}`),
        onError: (error) => console.error(`switchboard record: ${error instanceof Error ? error.message : String(error)}`),
      });
      console.log(`Recording ${options.target} on ${proxy.url}/api/v1 into ${options.out}`);
      console.log('Point your app at that base URL. Ctrl-C stops and writes the file.');
      const stop = (): void => {
        void proxy.close().then(
          () => {
            // A scenario needs at least one step: with nothing recorded there is no valid file to write.
            const count = proxy.recorder.exchanges.length;
            console.error(count === 0 ? `nothing recorded: ${options.out} was not written` : `${options.out}: ${count} exchange(s) recorded`);
            process.exit(0);
          },
          (error: unknown) => {
            console.error(`switchboard record: ${error instanceof Error ? error.message : String(error)}`);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
