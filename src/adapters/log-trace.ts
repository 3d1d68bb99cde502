/**
 * Where a write request with `--state` waits, measured (SWITCHBOARD_STATE_LOG_TRACE=1, or a file
 * path to append the summaries to instead of stderr; bench/state.ts uses that): per batch
 * of the log, the time from its first commit to its write, the write (in `dsync` mode only handing
 * it over), the O_DSYNC write or the fdatasync (from the call to its callback on the event loop:
 * the pool's hop out and back included) and the wait for the
 * syncs started before it to settle. A summary goes to stderr every few seconds of writing.
 * Off by default: nothing is recorded and every call is one property read.
 */

import { appendFileSync } from 'node:fs';

const SUMMARY_EVERY_MS = 2000;

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

function describe(name: string, values: number[]): string {
  const sorted = values.sort((a, b) => a - b);
  const sum = sorted.reduce((total, value) => total + value, 0);
  return `${name} mean ${(sum / Math.max(1, sorted.length)).toFixed(2)} p50 ${quantile(sorted, 0.5).toFixed(2)} p99 ${quantile(sorted, 0.99).toFixed(2)} max ${(sorted.at(-1) ?? 0).toFixed(1)}`;
}

export class LogTrace {
  /** `durableStep` names what a batch waits for in the pool: its O_DSYNC write, or its fdatasync. */
  static fromEnvironment(mode: 'dsync' | 'fdatasync'): LogTrace | undefined {
    const target = process.env['SWITCHBOARD_STATE_LOG_TRACE'];
    if (!target) return undefined;
    const print = target === '1' ? (line: string) => void process.stderr.write(line) : (line: string) => appendFileSync(target, line);
    return new LogTrace(print, mode === 'dsync' ? 'O_DSYNC write' : 'fdatasync');
  }

  private constructor(
    private readonly print: (line: string) => void,
    private readonly durableStep: string,
  ) {}

  private since = performance.now();
  private lines = 0;
  private noDescriptor = 0;
  private readonly waits: number[] = [];
  private readonly writes: number[] = [];
  private readonly syncs: number[] = [];
  private readonly settles: number[] = [];
  private readonly inFlight: number[] = [];

  /** A batch was written: `firstCommitAt` when its first line was appended. */
  written(lines: number, firstCommitAt: number, writeStartedAt: number, writeEndedAt: number, syncsInFlight: number): void {
    this.lines += lines;
    this.waits.push(writeStartedAt - firstCommitAt);
    this.writes.push(writeEndedAt - writeStartedAt);
    this.inFlight.push(syncsInFlight);
  }

  synced(startedAt: number, endedAt: number): void {
    this.syncs.push(endedAt - startedAt);
  }

  settled(syncEndedAt: number): void {
    this.settles.push(performance.now() - syncEndedAt);
    this.maybeSummarise();
  }

  blocked(): void {
    this.noDescriptor++;
  }

  private maybeSummarise(): void {
    const now = performance.now();
    if (now - this.since < SUMMARY_EVERY_MS) return;
    const batches = this.writes.length;
    const seconds = (now - this.since) / 1000;
    this.print(
      `${new Date().toISOString()} state log: ${batches} batches, ${this.lines} lines in ${seconds.toFixed(1)} s (${(this.lines / Math.max(1, batches)).toFixed(1)} lines/batch), no free sync ${this.noDescriptor}x, ${describe('in flight', this.inFlight)}; ms: ${describe('commit→write', this.waits)}; ${describe('write', this.writes)}; ${describe(this.durableStep, this.syncs)}; ${describe('sync→settled', this.settles)}\n`,
    );
    this.since = now;
    this.lines = this.noDescriptor = 0;
    for (const list of [this.waits, this.writes, this.syncs, this.settles, this.inFlight]) list.length = 0;
  }
}
