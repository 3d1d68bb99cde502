/**
 * What the disk alone costs a durable answer: one 3 KB write at a time through libuv's pool to a
 * descriptor opened with O_DSYNC over a file already grown with zeros, the way the state log
 * writes a batch (src/adapters/log-syncs.ts). Used by bench/log-fsync.ts (the ways to make a write
 * durable, compared) and by bench/state.ts (the most a durable server can reach on this disk).
 */
import { closeSync, constants, fdatasyncSync, openSync, write, writeSync } from 'node:fs';

/** About a batch of four contacts' lines. */
export const PROBE_LINE = Buffer.from(`${'x'.repeat(2999)}\n`);
export const ZEROED_BYTES = 16 * 1024 * 1024;

/** A file of ZEROED_BYTES zeros, on disk: writes over it change no size and allocate nothing. */
export function zeroedFile(file: string): void {
  const fd = openSync(file, 'w');
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < ZEROED_BYTES; written += zeros.length) writeSync(fd, zeros);
  fdatasyncSync(fd);
  closeSync(fd);
}

/** Durable writes over zeros with O_DSYNC, one at a time, each timed until its callback. */
export class DurableWriteProbe {
  private readonly fd: number;
  private at = 0;

  constructor(file: string) {
    zeroedFile(file);
    this.fd = openSync(file, constants.O_RDWR | constants.O_DSYNC);
  }

  /** One write; calls back once it is on disk. */
  write(done: (error: Error | null) => void): void {
    if (this.at + PROBE_LINE.length > ZEROED_BYTES) this.at = 0;
    const at = this.at;
    this.at += PROBE_LINE.length;
    write(this.fd, PROBE_LINE, 0, PROBE_LINE.length, at, (error) => done(error));
  }

  /** `count` writes in a row; each one's milliseconds from issue to callback. */
  async sample(count: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => this.write((error) => (error ? reject(error) : resolve())));
      times.push(performance.now() - started);
    }
    return times;
  }

  close(): void {
    closeSync(this.fd);
  }
}

export const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

export const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
