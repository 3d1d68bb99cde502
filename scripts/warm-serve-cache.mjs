/**
 * Starts the bundled `serve` (default seed, port 0, no log) once and, at its ready line, writes
 * V8's code cache of everything the start compiled (cli/serve-bundle.ts). Run by
 * scripts/bundle-serve.mjs in a process of its own, with no V8 flags, as users start the bin:
 * V8 refuses a cache made under other flags. A start that fails fails the build's bundling.
 */
import { loadBundle } from '../dist/cli/serve-bundle.js';

const loaded = loadBundle({ useCache: false });
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (!String(chunk).startsWith('{"base_url"')) return write(chunk, ...rest);
  loaded.writeCache();
  process.exit(0);
};
setTimeout(() => {
  console.error('no ready line within 30 s');
  process.exit(1);
}, 30_000).unref();
await loaded.entry.runServe([process.execPath, 'switchboard', 'serve', '--host', '127.0.0.1', '--port', '0', '--json', '--quiet']);
