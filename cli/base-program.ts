/**
 * The commander program before any command is registered: its name, description and version.
 * One place for both ways a program is made (cli/program.ts for every command, cli/serve-main.ts
 * for `serve` alone), so `switchboard serve --help` and `--version` read the same either way.
 */
import { Command, type CommanderError } from 'commander';

/**
 * Commander exits 1 on a usage error (unknown option, missing argument or required option), but 1
 * means "a check or step failed" in every command's docs (README "Exit codes"): a CI job must tell
 * a typo from a red run. Help and --version stay 0; every other usage error becomes 2.
 */
export function exitOnUsageError(error: CommanderError): never {
  process.exit(error.exitCode === 0 ? 0 : 2);
}

export function baseProgram(): Command {
  // Set before any command is added: subcommands inherit it when they are created.
  return new Command()
    .name('switchboard')
    .description('Simulator, conformance kit and tools for the Messaging Automation REST API v1')
    .version('0.1.0')
    .exitOverride(exitOnUsageError);
}
