// Makes the built bin executable (tsc keeps the shebang but not the mode bit), then bundles
// `serve` with a code cache for a faster start (scripts/bundle-serve.mjs).
import { chmodSync } from 'node:fs';
import { bundleServe } from './bundle-serve.mjs';

chmodSync(new URL('../dist/cli/main.js', import.meta.url), 0o755);
const started = Date.now();
const missing = await bundleServe();
if (missing === undefined) console.log(`postbuild: bundled serve with its code cache into dist/cli/bundle/ in ${Date.now() - started} ms`);
else console.warn(`postbuild: no serve bundle, serve runs the modules (slower start): ${missing}`);
