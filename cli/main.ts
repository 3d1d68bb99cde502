#!/usr/bin/env node
/**
 * The `switchboard` bin. Alone on a terminal it opens the TUI; alone elsewhere it prints help.
 * `switchboard tui` takes a short path that loads only the TUI's command, so the first frame
 * does not wait for every other command's modules. `switchboard serve` runs the build's bundle of
 * the serve command (cli/serve-main.ts), one file instead of some 600 modules, when it is there.
 */
import { statSync } from 'node:fs';
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

/**
 * The bundle scripts/bundle-serve.mjs writes beside this file at build time, when it is at least
 * as new as this file: a `tsc` run without the bundling step leaves an older bundle of older
 * code, which must not run. Without a current bundle, the modules as tsc wrote them.
 */
async function serveEntry(): Promise<typeof import('./serve-main.js')> {
  const bundle = new URL('./bundle/serve-main.js', import.meta.url);
  if (isCurrent(bundle, new URL(import.meta.url))) return (await import(bundle.href)) as typeof import('./serve-main.js');
  return import('./serve-main.js');
}

function isCurrent(file: URL, than: URL): boolean {
  const built = statSync(file, { throwIfNoEntry: false });
  const self = statSync(than, { throwIfNoEntry: false });
  return built !== undefined && self !== undefined && built.mtimeMs >= self.mtimeMs;
}

main().catch((error: unknown) => {
  console.error(`switchboard: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
