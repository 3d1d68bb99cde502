/**
 * (c) `serve` start-up: spawn `node dist/cli/main.js serve --port 0 --json` and time until its
 * ready line (the JSON with base_url and keys) appears. Median of several cold starts.
 */
import { join } from 'node:path';
import { median, round } from './types.js';
import { startAndReadLine, stop } from './process.js';
const BIN = join(import.meta.dirname, '..', 'cli', 'main.js');
const RUNS = Number(process.env['BENCH_STARTUP_RUNS'] ?? 5);
const TARGET_MS = 500;
export async function run() {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
        const started = await startAndReadLine([BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--json']);
        const ready = JSON.parse(started.line);
        if (typeof ready.base_url !== 'string')
            throw new Error(`not a ready line: ${started.line}`);
        times.push(started.elapsedMs);
        await stop(started.child);
    }
    const value = median(times);
    return [
        {
            name: 'serve start-up to ready line',
            value: round(value, 0),
            unit: 'ms',
            target: `< ${TARGET_MS} ms`,
            pass: value < TARGET_MS,
            note: `median of ${RUNS}: ${times.map((t) => Math.round(t)).join(', ')} ms`,
        },
    ];
}
//# sourceMappingURL=startup.js.map