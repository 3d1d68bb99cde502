/**
 * `npm run bench`: every benchmark in one run, printed as one table and written to
 * bench-results.json (gitignored). Register a bench with one line in BENCHES; each module exports
 * `run(): Promise<BenchRow[]>`. `node dist/bench/run.js msw startup` runs only the named ones.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { BenchModule, BenchRow } from './types.js';

const BENCHES: { name: string; load: () => Promise<BenchModule> }[] = [
  { name: 'http', load: () => import('./http.js') },
  { name: 'msw', load: () => import('./msw.js') },
  { name: 'startup', load: () => import('./startup.js') },
  { name: 'contacts', load: () => import('./contacts.js') },
  { name: 'list-scale', load: () => import('./list-scale.js') },
  { name: 'filter-scale', load: () => import('./filter-scale.js') },
  { name: 'scenarios', load: () => import('./scenarios.js') },
  { name: 'flows', load: () => import('./flows.js') },
  { name: 'flow-runtime', load: () => import('./flow-runtime.js') },
  { name: 'tui', load: () => import('./tui.js') },
  { name: 'seed-pull', load: () => import('./seed-pull.js') },
  { name: 'log-fsync', load: () => import('./log-fsync.js') },
  { name: 'state', load: () => import('./state.js') },
  { name: 'uploads', load: () => import('./uploads.js') },
  { name: 'state-scale', load: () => import('./state-scale.js') },
];

const RESULTS_FILE = join(import.meta.dirname, '..', '..', 'bench-results.json');

function formatValue(row: BenchRow): string {
  return `${row.value.toLocaleString('en-US')} ${row.unit}`;
}

function printTable(rows: readonly BenchRow[]): void {
  const header = ['Benchmark', 'Result', 'Baseline', 'Ratio', 'Target', 'Pass'];
  const body = rows.map((row) => [
    row.name,
    formatValue(row),
    row.baseline === undefined ? '' : `${row.baseline.toLocaleString('en-US')} ${row.unit}`,
    row.ratio === undefined ? '' : `${row.ratio}x`,
    row.target ?? '',
    row.pass === undefined ? '' : row.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: readonly string[]): string => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
  const notes = rows.filter((row) => row.note);
  if (notes.length > 0) {
    console.log('');
    for (const row of notes) console.log(`  ${row.name}: ${row.note}`);
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const selected = only.length === 0 ? BENCHES : BENCHES.filter((bench) => only.includes(bench.name));
  if (selected.length === 0) throw new Error(`no bench named ${only.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  const rows: BenchRow[] = [];
  const started = performance.now();
  for (const bench of selected) {
    console.error(`bench: ${bench.name}...`);
    rows.push(...(await (await bench.load()).run()));
  }
  const environment = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    gc_exposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
    seconds: Math.round((performance.now() - started) / 1000),
  };
  console.log('');
  printTable(rows);
  console.log(`\n${environment.node} on ${environment.platform}, ${environment.cpus}; ${environment.seconds} s`);
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ date: new Date().toISOString(), environment, rows }, null, 2)}\n`);
  console.log(`Written to ${RESULTS_FILE}`);
  const failed = rows.filter((row) => row.pass === false);
  if (failed.length > 0) console.log(`Missed targets: ${failed.map((row) => row.name).join('; ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
