/**
 * Vitest setup: the DNS guard in every worker and, through NODE_OPTIONS, in every node process a
 * test spawns (the built bin, serve, listen); a file whose tests tried a lookup fails.
 */
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
// @ts-expect-error -- a plain ES module shared with spawned processes (node --import), no types.
import { refusedLookups } from './no-dns.mjs';

const guard = `--import=${pathToFileURL(new URL('./no-dns.mjs', import.meta.url).pathname).href}`;
if (!(process.env['NODE_OPTIONS'] ?? '').includes(guard)) {
  process.env['NODE_OPTIONS'] = `${process.env['NODE_OPTIONS'] ?? ''} ${guard}`.trim();
}

afterAll(() => {
  const names = refusedLookups as string[];
  // Workers share modules between files (isolate: false), so the list outlives this file: empty
  // it, or the next file in this worker would be blamed for this one's lookups.
  const tried = [...new Set(names.splice(0))];
  if (tried.length > 0) throw new Error(`this file tried to resolve ${tried.join(', ')}: tests must not look names up`);
});
