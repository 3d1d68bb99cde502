/**
 * `switchboard seed`: a starting point for `serve --seed`. `export` prints the embedded default
 * seed as a file you can edit; `check` validates a file the way `serve` would (schema, then the
 * references between records, by building the store in memory as `serve --seed` does), naming the JSON
 * path of the first problem (docs/fixtures.md).
 */
import type { Command } from 'commander';
import { defaultSeed, parseSeed } from '../../src/seed/default.js';
import { jsonTextChunks } from '../../src/core/json-text-stream.js';
import { registerSeedPull } from './seed-pull.js';
import { assertSeedLoads } from '../../src/pull/loadable.js';
import { readSeedFile } from './serve.js';

export function registerSeed(program: Command): void {
  const seed = program.command('seed').description('Work with seed (fixture) files for serve --seed');

  seed
    .command('export')
    .description('Print the embedded default seed as JSON (a starting file for --seed)')
    .option('--compact', 'one line instead of indented JSON')
    .action(async (options: { compact?: boolean }) => {
      // Parsed, so the printed file carries every default (e.g. timezone) explicitly. Written in
      // chunks (the same writer as snapshots and state files), never as one string.
      const seed = parseSeed(defaultSeed());
      await writeChunks(process.stdout, jsonTextChunks(seed, options.compact ? {} : { indent: 2 }));
      await writeChunks(process.stdout, ['\n']);
    });

  seed
    .command('check <file>')
    .description('Validate a seed file; an error names the JSON path of the problem')
    .action((file: string) => {
      const data = readSeedFile(file, file);
      // The references between records are checked as the store is built: build it, as serve --seed does.
      try {
        assertSeedLoads(data);
      } catch (error) {
        throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const keys = data.accounts.reduce((sum, account) => sum + account.api_keys.length, 0);
      console.log(`${file}: valid seed, ${data.accounts.length} account(s), ${keys} key(s)`);
    });

  registerSeedPull(seed);
}

/** Writes chunks to a stream, waiting for 'drain' when it is full (a pipe to a slow reader). */
async function writeChunks(stream: NodeJS.WritableStream, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
  }
}
