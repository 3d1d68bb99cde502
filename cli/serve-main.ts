/**
 * `switchboard serve` as a program of its own: the base program with only the serve command,
 * exactly what cli/program.ts builds when the first argument is `serve`.
 *
 * It is a separate entry so the build can bundle it (scripts/bundle-serve.mjs): the serve path
 * is some 600 modules, and resolving, reading and compiling them one by one was a third of the
 * default seed's start-up (docs/decisions.md, "Default seed start-up"). cli/main.ts runs the
 * bundle when it is current and this module otherwise.
 */
import { baseProgram } from './base-program.js';
import { registerServe } from './commands/serve.js';

/** Parses `argv` (all of `process.argv`) and runs `serve`. */
export async function runServe(argv: readonly string[]): Promise<void> {
  const program = baseProgram();
  registerServe(program);
  await program.parseAsync(argv);
}
