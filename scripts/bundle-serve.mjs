/**
 * Bundles `switchboard serve` (dist/cli/serve-main.js, as tsc wrote it) into dist/cli/bundle/:
 * one module for everything `serve` loads at start, plus a chunk per module it imports lazily
 * (the undici webhook transport, on the first delivery). cli/main.ts runs it when it is at least
 * as new as dist/cli/main.js, and the modules tsc wrote otherwise.
 *
 * Why: the serve path is some 600 modules (the simulator's groups, zod, the upload inspectors);
 * resolving, reading and compiling each on its own was a third of the default seed's start-up
 * (docs/decisions.md, "Default seed start-up"). Nothing is minified or renamed on purpose, so
 * stack traces in the server's logs stay readable.
 *
 * The bundle sits two levels under the package root, as dist/cli/commands/serve.js does, so the
 * one `import.meta.url`-relative path on the serve path (the package root it prints) holds.
 * Without rolldown (a production install), no bundle is written and serve runs unbundled.
 */
import { rmSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const dir = new URL('dist/cli/bundle/', root);

/** Writes the bundle; `false` (and no bundle at all) when the bundler is not installed. */
export async function bundleServe() {
  // Never leave an old bundle behind: a failed build must fall back to the fresh modules.
  rmSync(dir, { recursive: true, force: true });
  let rolldown;
  try {
    ({ rolldown } = await import('rolldown'));
  } catch {
    return false;
  }
  const bundle = await rolldown({
    input: { 'serve-main': new URL('dist/cli/serve-main.js', root).pathname },
    platform: 'node',
    logLevel: 'warn',
  });
  try {
    await bundle.write({ dir: dir.pathname, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', minify: false });
  } finally {
    await bundle.close();
  }
  return true;
}
