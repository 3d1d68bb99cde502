#!/usr/bin/env node
/**
 * The `switchboard` bin. Alone on a terminal it opens the TUI; alone elsewhere it prints help.
 * `switchboard tui` takes a short path that loads only the TUI's command, so the first frame
 * does not wait for every other command's modules. `switchboard serve` runs the build's bundle of
 * the serve command (cli/serve-main.ts), one file instead of some 600 modules, when it is there.
 */
const args = process.argv.slice(2);

// `serve --state` keeps several fsyncs of its log in flight at once (src/adapters/log-syncs.ts),
// each on a thread of libuv's pool, which is sized when first used: before any module loads.
if (args[0] === 'serve' && process.env['UV_THREADPOOL_SIZE'] === undefined) process.env['UV_THREADPOOL_SIZE'] = '8';

async function main(): Promise<void> {
  if (args.length === 0 && process.stdin.isTTY && process.stdout.isTTY) {
    const { runTui } = await import('./commands/tui.js');
    process.exitCode = await runTui();
    return;
  }
  if (args[0] === 'serve') {
    const { runServe } = await serveEntry();
    await runServe(process.argv);
    return;
  }
  if (args[0] === 'tui') {
    const { tuiProgram } = await import('./commands/tui.js');
    await tuiProgram().parseAsync(process.argv);
    return;
  }
  const { createProgram } = await import('./program.js');
  const program = await createProgram(args);
  if (args.length === 0) {
    program.outputHelp();
    return;
  }
  await program.parseAsync(process.argv);
}

/** The build's bundle of `serve` when it is current (cli/serve-bundle.ts); the modules as tsc wrote them otherwise. */
async function serveEntry(): Promise<typeof import('./serve-main.js')> {
  const bundle = await import('./serve-bundle.js');
  if (bundle.currentBundle(new URL(import.meta.url))) return bundle.loadBundle().entry;
  return import('./serve-main.js');
}

// An error that escapes a command stopped the tool before it could do its work: a bad option
// value, a file that cannot be read or parsed, a server that cannot start. That is 2 in every
// command's contract (README "Exit codes"); 1 stays for a check, step or pull that failed.
main().catch((error: unknown) => {
  console.error(`switchboard: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
