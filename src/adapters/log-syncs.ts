/**
 * The fsyncs of `serve --state`'s log, several at once (./state-log.ts).
 *
 * A batch's lines are written in order, one write at a time, but its fdatasync need not wait for
 * the previous batch's: measured on the 2-core sandbox disk (ext4 on a virtual disk), one writer
 * doing write + fdatasync in a loop reached 711-785 syncs/s, four overlapping fdatasyncs on the
 * same file 2,671-8,998 (docs/decisions.md, "Write path"). An fsync started after a batch's write
 * completed covers that batch and every line before it, so any finished sync settles everything
 * up to its batch.
 *
 * Two rules keep that honest when the disk fails:
 * - each sync in flight uses its own file descriptor. Linux reports a writeback error to each
 *   open file description once (errseq); with one shared fd, a failed page of batch k could be
 *   reported to batch k+1's fsync only, and batch k's success would be believed. With one fd per
 *   sync in flight, every sync that could cover the failed page sees the error;
 * - syncs settle in the order they were started, and nothing settles after a failure until a
 *   full save has made everything durable again (the log's owner decides that).
 * A batch also checks that the log path still names the file it wrote to (a removed state
 * directory would otherwise take acknowledged writes into an unlinked file).
 */
import { closeSync, fdatasync, fstatSync, openSync, statSync } from 'node:fs';

/**
 * Syncs in flight at most: libuv's pool (UV_THREADPOOL_SIZE, 4 by default) less about a quarter
 * for everything else that uses it, and no more than 6. `serve` starts with a pool of 8 (cli/main.ts).
 * Measured on the shared 2-core machine, 10 connections writing: 6 syncs in flight over a pool of
 * 8 answered 1,630-2,570 req/s against 940-1,410 for 3 over 4 and 1,550-1,870 for 10 over 12, in
 * interleaved 3 s rounds (docs/decisions.md, "Write path").
 */
export const MAX_SYNCS_IN_FLIGHT = syncsFor(Number(process.env['UV_THREADPOOL_SIZE']) || 4);

function syncsFor(poolSize: number): number {
  return Math.max(1, Math.min(6, poolSize - Math.ceil(poolSize / 4)));
}

/** The descriptors used to fsync one log file (one per sync in flight), and its identity. */
export class SyncDescriptors {
  private readonly free: number[] = [];
  private busy = 0;
  private retired = false;
  /** Set when a newer log took this one's place with its lines (a background compaction). */
  superseded = false;
  readonly inode: number;

  constructor(readonly file: string) {
    for (let i = 0; i < MAX_SYNCS_IN_FLIGHT; i++) this.free.push(openSync(file, 'a', 0o600));
    this.inode = fstatSync(this.free[0]!).ino;
  }

  get available(): boolean {
    return this.free.length > 0 && !this.retired;
  }

  take(): number {
    const fd = this.free.pop();
    if (fd === undefined) throw new Error('no sync descriptor free');
    this.busy++;
    return fd;
  }

  release(fd: number): void {
    this.busy--;
    if (this.retired) closeSync(fd);
    else this.free.push(fd);
  }

  /** Closes every descriptor once its sync (if any) is done. */
  retire(): void {
    this.retired = true;
    for (const fd of this.free.splice(0)) closeSync(fd);
  }

  get idle(): boolean {
    return this.busy === 0;
  }
}

export interface SyncOutcome {
  /** The last log line the batch holds. */
  readonly through: number;
  readonly error: Error | null;
}

/**
 * One batch's fdatasync, on a descriptor of its own, then the check that the log path still names
 * the file written to (a stat on the event loop: a few µs, not another trip through the pool).
 * Calls `done` once with the outcome.
 */
export function syncBatch(descriptors: SyncDescriptors, through: number, done: (outcome: SyncOutcome) => void): void {
  const fd = descriptors.take();
  fdatasync(fd, (error) => {
    descriptors.release(fd);
    done({ through, error: error ?? logMissing(descriptors) });
  });
}

function logMissing(descriptors: SyncDescriptors): Error | null {
  if (descriptors.superseded) return null;
  try {
    return statSync(descriptors.file).ino === descriptors.inode ? null : new Error(`${descriptors.file} was replaced by another file`);
  } catch (error) {
    return new Error(`${descriptors.file} is gone (${(error as NodeJS.ErrnoException).code ?? String(error)}): was the state directory removed?`);
  }
}
