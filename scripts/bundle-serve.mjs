/**
 * Bundles `switchboard serve` (dist/cli/serve-main.js, as tsc wrote it) into dist/cli/bundle/:
 * one CommonJS file for everything `serve` loads at start, plus a chunk for what it requires
 * lazily (the webhook transport, on the first delivery; undici itself stays a dependency), with
 * cli/checked-seed.js replaced by the default seed as this build's parser returns it. Then a
 * real start of the bundle writes V8's code cache beside it (scripts/warm-serve-cache.mjs).
 * cli/main.ts runs the bundle, with the cache, through cli/serve-bundle.ts when the bundle is at
 * least as new as dist/cli/main.js, and the modules tsc wrote otherwise.
 *
 * Why: the serve path is some 600 modules (the simulator's groups, zod, the upload inspectors);
 * resolving, reading and compiling each on its own was a third of the default seed's start-up,
 * and compiling the bundle without a cache a fifth of what remained (docs/decisions.md, "Default
 * seed start-up"). The bundle is not minified, on purpose: stack traces in the server's log stay
 * readable.
 *
 * The bundle sits two levels under the package root, as dist/cli/commands/serve.js does, so the
 * one `import.meta.url`-relative path on the serve path (the package root it prints) holds.
 * Without rolldown (a production install), no bundle is written and serve runs unbundled.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
const dir = new URL('dist/cli/bundle/', root);

/**
 * Writes the bundle and its code cache. Resolves with why there is no bundle, or `undefined` when
 * there is one: without the bundler, or when the bundled serve does not start here (a build
 * machine with no loopback, say), nothing is left behind and serve runs the modules, so a build
 * never fails for want of the faster start.
 */
export async function bundleServe() {
  // Never leave an old bundle or cache behind: a failed build must fall back to the fresh modules.
  rmSync(dir, { recursive: true, force: true });
  let rolldown;
  try {
    ({ rolldown } = await import('rolldown'));
  } catch {
    return 'rolldown is not installed';
  }
  try {
    const bundle = await rolldown({
      input: { 'serve-main': fileURLToPath(new URL('dist/cli/serve-main.js', root)) },
      platform: 'node',
      external: ['undici'],
      logLevel: 'warn',
      plugins: [await checkedSeedPlugin()],
    });
    try {
      await bundle.write({ dir: fileURLToPath(dir), format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs', minify: false });
    } finally {
      await bundle.close();
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `rolldown failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  const warm = spawnSync(process.execPath, [fileURLToPath(new URL('scripts/warm-serve-cache.mjs', root))], { encoding: 'utf8', timeout: 60_000 });
  if (warm.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `the bundled serve did not start (${warm.error?.message ?? `exit ${warm.status ?? warm.signal}`}):\n${warm.stdout}${warm.stderr}`;
  }
  return undefined;
}

/**
 * Replaces cli/checked-seed.js in the bundle with the default seed as this build's seed parser
 * returns it (a full parse, with every check), so the bundled serve does not parse it again at
 * start. It goes in as JSON text, which V8 parses faster than the same object literal; a parse
 * output that JSON cannot carry exactly is refused here (the bundle then parses at start).
 */
async function checkedSeedPlugin() {
  const module = fileURLToPath(new URL('dist/cli/checked-seed.js', root));
  const { defaultSeed, parseSeed } = await import(pathToFileURL(fileURLToPath(new URL('dist/src/seed/default.js', root))).href);
  const parsed = parseSeed(defaultSeed());
  const text = JSON.stringify(parsed);
  try {
    deepStrictEqual(JSON.parse(text), parsed);
  } catch {
    console.warn('postbuild: the parsed default seed does not survive JSON; the bundled serve parses it at start');
    return { name: 'switchboard-checked-seed' };
  }
  return {
    name: 'switchboard-checked-seed',
    load(id) {
      return id === module ? `export const CHECKED_DEFAULT_SEED = JSON.parse(${JSON.stringify(text)});\n` : null;
    },
  };
}
