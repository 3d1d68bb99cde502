/**
 * `switchboard seed`: a starting point for `serve --seed`. `export` prints the embedded default
 * seed as a file you can edit; `check` validates a file the way `serve` would, naming the JSON
 * path of the first problem (docs/fixtures.md).
 */
import type { Command } from 'commander';
export declare function registerSeed(program: Command): void;
