/**
 * Runs the build's bundle of `switchboard serve` (scripts/bundle-serve.mjs) with V8's code cache.
 *
 * The bundle is one CommonJS file (plus chunks it requires lazily); compiling it from source is
 * about a fifth of the default seed's start-up on Node 20, which has no compile cache of its own
 * (`module.enableCompileCache` arrived in 22.1). So it is compiled here through `vm.Script` with
 * the cache the build wrote beside it: the functions a start runs, compiled, as V8 serialised
 * them after a real start (scripts/warm-serve-cache.mjs). V8 refuses a cache made by another V8
 * version or with other V8 flags (`cachedDataRejected`) and then compiles from source: slower,
 * never wrong. The cache and the bundle are written together and removed together by the build.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** What the bundle exports: cli/serve-main.ts. */
export type ServeEntry = typeof import('./serve-main.js');

export const BUNDLE_DIR = new URL('./bundle/', import.meta.url);
export const BUNDLE_FILE = fileURLToPath(new URL('serve-main.cjs', BUNDLE_DIR));
export const CACHE_FILE = `${BUNDLE_FILE}.cache`;

export interface LoadedBundle {
  readonly entry: ServeEntry;
  /** Whether V8 took the cache (false: there was none, or V8 refused it). */
  readonly cacheUsed: boolean;
  /** Writes the code cache of everything compiled so far (the build calls it once a start is ready). */
  writeCache(): void;
}

/**
 * Whether the build wrote a bundle at least as new as `bin` (cli/main.js): a `tsc` run without
 * the bundling step leaves an older bundle of older code, which must not run.
 */
export function currentBundle(bin: URL | string, bundle: string = BUNDLE_FILE): boolean {
  const built = statSync(bundle, { throwIfNoEntry: false });
  const self = statSync(bin, { throwIfNoEntry: false });
  return built !== undefined && self !== undefined && built.mtimeMs >= self.mtimeMs;
}

/** Compiles and runs the bundle's top level, as Node's CommonJS loader would, with the cache when there is one. */
export function loadBundle(options: { useCache?: boolean } = {}): LoadedBundle {
  const source = readFileSync(BUNDLE_FILE, 'utf8');
  const cachedData = options.useCache !== false && existsSync(CACHE_FILE) ? readFileSync(CACHE_FILE) : undefined;
  // Node's own CommonJS wrapper, on the first line, so line numbers in stack traces are the file's.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE_FILE,
    ...(cachedData ? { cachedData } : {}),
  });
  const commonJsModule = { exports: {} as ServeEntry };
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dir: string) => void;
  wrapper(commonJsModule.exports, createRequire(BUNDLE_FILE), commonJsModule, BUNDLE_FILE, dirname(BUNDLE_FILE));
  return {
    entry: commonJsModule.exports,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    writeCache: () => writeFileSync(CACHE_FILE, script.createCachedData()),
  };
}
