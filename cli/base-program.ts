/**
 * The commander program before any command is registered: its name, description and version.
 * One place for both ways a program is made (cli/program.ts for every command, cli/serve-main.ts
 * for `serve` alone), so `switchboard serve --help` and `--version` read the same either way.
 */
import { Command } from 'commander';

export function baseProgram(): Command {
  return new Command()
    .name('switchboard')
    .description('Simulator, conformance kit and tools for the Messaging Automation REST API v1')
    .version('0.1.0');
}
