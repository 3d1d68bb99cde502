/**
 * (c) `serve` start-up: spawn `node dist/cli/main.js serve --port 0 --json` and time until its
 * ready line (the JSON with base_url and keys) appears. Median of several cold starts, taken in
 * turns with the same start from the modules tsc wrote (dist/cli/serve-main.js, no bundle and no
 * code cache), so the two figures see the same machine load (docs/decisions.md, "Default seed
 * start-up").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, round, type BenchRow } from './types.js';
import { startAndReadLine, stop } from './process.js';

const CLI = join(import.meta.dirname, '..', 'cli');
const BIN = join(CLI, 'main.js');
const RUNS = Number(process.env['BENCH_STARTUP_RUNS'] ?? 5);
const TARGET_MS = 500;
const SERVE_ARGS = ['serve', '--host', '127.0.0.1', '--port', '0', '--json'];

/** `node -e` running cli/serve-main.js as the bin would, minus the bundle. */
const UNBUNDLED = [
  '--input-type=module',
  '-e',
  `const { runServe } = await import(${JSON.stringify(pathToFileURL(join(CLI, 'serve-main.js')).href)}); ` +
    `await runServe([process.execPath, 'switchboard', ...process.argv.slice(1)]);`,
];

async function startOnce(args: readonly string[]): Promise<number> {
  const started = await startAndReadLine(args);
  const ready = JSON.parse(started.line) as { base_url?: unknown };
  if (typeof ready.base_url !== 'string') throw new Error(`not a ready line: ${started.line}`);
  await stop(started.child);
  return started.elapsedMs;
}

export async function run(): Promise<BenchRow[]> {
  const bin: number[] = [];
  const modules: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bin.push(await startOnce([BIN, ...SERVE_ARGS]));
    modules.push(await startOnce([...UNBUNDLED, ...SERVE_ARGS]));
  }
  const value = median(bin);
  const baseline = median(modules);
  const bundled = existsSync(join(CLI, 'bundle', 'serve-main.cjs.cache')) ? 'bundle + code cache' : 'no bundle (rolldown missing at build)';
  const spread = (times: number[]): string => times.map((t) => Math.round(t)).join(', ');
  return [
    {
      name: 'serve start-up to ready line',
      value: round(value, 0),
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      pass: value < TARGET_MS,
      note: `median of ${RUNS} (${bundled}): ${spread(bin)} ms`,
    },
    {
      name: 'serve start-up, bin vs unbundled modules',
      value: round(value, 0),
      unit: 'ms',
      baseline: round(baseline, 0),
      ratio: round(value / baseline),
      note: `modules, median of ${RUNS}: ${spread(modules)} ms`,
    },
  ];
}
