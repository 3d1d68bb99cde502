/**
 * Runs the build's bundle of `switchboard serve` (scripts/bundle-serve.mjs) with V8's code cache.
 *
 * The bundle is one CommonJS file (plus chunks it requires lazily); compiling it from source is
 * about a fifth of the default seed's start-up on Node 20, which has no compile cache of its own
 * (`module.enableCompileCache` arrived in 22.1). So it is compiled here through `vm.Script` with
 * the cache the build wrote beside it: the functions a start runs, compiled, as V8 serialised
 * them after a real start (scripts/warm-serve-cache.mjs). V8 refuses a cache made by another V8
 * version or with other V8 flags (`cachedDataRejected`) and then compiles from source: slower,
 * never wrong; a damaged cache, which V8 would not notice, fails the checksum below and is not
 * used either. The build writes the bundle and the cache together and removes both first.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/** What the bundle exports: cli/serve-main.ts. */
export type ServeEntry = typeof import('./serve-main.js');

export const BUNDLE_DIR = new URL('./bundle/', import.meta.url);
export const BUNDLE_FILE = fileURLToPath(new URL('serve-main.cjs', BUNDLE_DIR));

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

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The cache file is a CRC-32 (4 bytes, big-endian) of the bundle's bytes followed by the V8
 * data, then the V8 data. V8 itself checks only its version, its flags and the source's length
 * before trusting a cache, and a damaged cache crashes the process (a segmentation fault on
 * Node 20): the checksum turns damage, or a bundle edited since, into "no cache".
 */
const CHECKSUM_BYTES = 4;

function checksum(bundle: Uint8Array, data: Uint8Array): number {
  return crc32(data, crc32(bundle));
}

/** The V8 data of `cache` when its checksum matches `bundle`, else undefined. */
export function verifiedCache(bundle: Uint8Array, cache: Buffer | undefined): Buffer | undefined {
  if (cache === undefined || cache.length <= CHECKSUM_BYTES) return undefined;
  const data = cache.subarray(CHECKSUM_BYTES);
  return cache.readUInt32BE(0) === checksum(bundle, data) ? data : undefined;
}

/**
 * Compiles and runs the bundle's top level, as Node's CommonJS loader would, with the cache when
 * there is a sound one. `file` is for tests (a copy elsewhere); the bin runs the build's.
 */
export function loadBundle(options: { useCache?: boolean; file?: string } = {}): LoadedBundle {
  const file = options.file ?? BUNDLE_FILE;
  const cacheFile = `${file}.cache`;
  const bytes = readFileSync(file);
  const cachedData = options.useCache === false ? undefined : verifiedCache(bytes, readIfPresent(cacheFile));
  // Node's own CommonJS wrapper, on the first line, so line numbers in stack traces are the file's.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${bytes.toString('utf8')}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const commonJsModule = { exports: {} as ServeEntry };
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dir: string) => void;
  wrapper(commonJsModule.exports, createRequire(file), commonJsModule, file, dirname(file));
  return {
    entry: commonJsModule.exports,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
    writeCache(): void {
      const data = script.createCachedData();
      const header = Buffer.alloc(CHECKSUM_BYTES);
      header.writeUInt32BE(checksum(bytes, data), 0);
      writeFileSync(cacheFile, Buffer.concat([header, data]));
    },
  };
}
