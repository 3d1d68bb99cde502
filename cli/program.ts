/**
 * The commander program: one `register*` per command file, each loaded only when needed.
 *
 * A command's module pulls in what it runs (the simulator, the conformance kit, ink): loading
 * all of them made `serve`'s start wait some 300 ms for modules it never uses. So when the first
 * argument names a command, only that command is registered (its own `--help` and errors are
 * unchanged); anything else (no command, `help`, a typo) gets every command, for the full help
 * and commander's suggestions.
 */
import type { Command } from 'commander';
import { baseProgram } from './base-program.js';

type Register = (program: Command) => void;

/** In the order the help lists them. */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  serve: async () => (await import('./commands/serve.js')).registerServe,
  openapi: async () => (await import('./commands/openapi.js')).registerOpenapi,
  listen: async () => (await import('./commands/listen.js')).registerListen,
  seed: async () => (await import('./commands/seed.js')).registerSeed,
  conformance: async () => (await import('./commands/conformance.js')).registerConformance,
  scenario: async () => (await import('./commands/scenario.js')).registerScenario,
  record: async () => (await import('./commands/record.js')).registerRecord,
  tui: async () => (await import('./commands/tui.js')).registerTui,
};

/** The program for these arguments (`process.argv.slice(2)`): only the command they name, when they name one. */
export async function createProgram(args: readonly string[] = []): Promise<Command> {
  const program = baseProgram();
  const named = args[0] !== undefined && Object.hasOwn(COMMANDS, args[0]) ? [args[0]] : Object.keys(COMMANDS);
  const registers = await Promise.all(named.map((name) => COMMANDS[name]!()));
  for (const register of registers) register(program);
  return program;
}
