/**
 * Folding `serve --state`'s log into its state file in the background (Redis' AOF rewrite is the
 * model): the whole state is taken at one instant (records are replaced, never mutated, so a
 * snapshot is arrays of references, ./../simulator/snapshot-stream.ts) and written out chunk by
 * chunk with asynchronous writes while the server goes on answering and logging. Then the log's
 * lines after that instant are copied into a fresh log, which replaces the old one.
 *
 * At every moment a crash leaves a state file and a log that together hold every acknowledged
 * write:
 * 1. while the new state file is written: the old state file and the old log, untouched;
 * 2. after its rename (it holds every line up to `position`): the new state file and the old log,
 *    whose lines up to `position` replay as no-ops (each line is absolute, ./state-log.ts);
 * 3. the new log is fsynced before its rename, with new writes held for that last step only, so
 *    the rename swaps one complete log for another.
 * A cancelled compaction (shutdown, a restore that must be saved whole) stops at its next step and
 * never renames after it was cancelled.
 */
import { close, fdatasync, open, read, rename, unlink, write } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { fsyncDirectoryInBackground, tempName, WriteCancelled, writeFileAtomicInBackground } from './atomic-file.js';

const openAsync = promisify(open);
const closeAsync = promisify(close);
const readAsync = promisify(read);
const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);
const renameAsync = promisify(rename);
const unlinkAsync = promisify(unlink);

/** What the compaction needs of the log it compacts. */
export interface CompactionHost {
  readonly stateFile: string;
  readonly logFile: string;
  /** Bytes of the current log whose write has completed (lines are written in order). */
  writtenBytes(): number;
  /** Resolves once no write is on its way to the log; no write starts until `releaseWrites`. */
  holdWrites(): Promise<void>;
  releaseWrites(): void;
  /**
   * The new log is about to be renamed over the old one (writes are held): from now on the old
   * log's syncs must not take the path naming another file for a lost log. `false` undoes it
   * when the rename failed.
   */
  replacingLog(replacing: boolean): void;
  /** The new log (`fd` opened for appending, `bytes` long, already renamed into place) replaces the old. */
  adoptLog(fd: number, bytes: number): void;
}

/** The tail left to copy with writes held: small, so requests wait for it only briefly. */
const HELD_TAIL_BYTES = 256 * 1024;
/** Rounds of copying while writes go on before holding them anyway (a log growing as fast as we copy). */
const MAX_COPY_ROUNDS = 8;
const COPY_BYTES = 1024 * 1024;

export class BackgroundCompaction {
  private cancelRequested = false;
  /** The state file's size once written; undefined when the compaction was cancelled. */
  readonly done: Promise<number | undefined>;

  /**
   * @param chunks the JSON text of the state taken at one instant, with `log_position` set
   * @param logOffset where, in the current log, the lines after that instant begin
   */
  constructor(
    private readonly host: CompactionHost,
    chunks: Iterable<string>,
    private readonly logOffset: number,
  ) {
    this.done = this.run(chunks);
  }

  /** Stops at the next step; `done` then resolves undefined (or with the size, when too late to stop). */
  cancel(): void {
    this.cancelRequested = true;
  }

  private async run(chunks: Iterable<string>): Promise<number | undefined> {
    try {
      const stateBytes = await writeFileAtomicInBackground(this.host.stateFile, chunks, { cancelled: () => this.cancelRequested });
      await this.replaceLog();
      return stateBytes;
    } catch (error) {
      if (error instanceof WriteCancelled) return undefined;
      throw error;
    }
  }

  /** A fresh log holding the old one's lines from `logOffset` on, renamed over it. */
  private async replaceLog(): Promise<void> {
    const { host } = this;
    const temp = tempName(host.logFile);
    // Not O_APPEND: the log writes its lines at explicit offsets, with zeros grown ahead of them
    // (./log-file.ts), and Linux would put every write on an O_APPEND descriptor at the end.
    const fd = await openAsync(temp, 'w', 0o600);
    let adopted = false;
    let renamed = false;
    let held = false;
    try {
      const source = await openAsync(host.logFile, 'r');
      let copied = this.logOffset;
      try {
        for (let round = 0; ; round++) {
          if (this.cancelRequested) throw new WriteCancelled();
          const end = host.writtenBytes();
          if (end - copied <= HELD_TAIL_BYTES || round >= MAX_COPY_ROUNDS) {
            await host.holdWrites();
            held = true;
            copied = await copyRange(source, fd, copied, host.writtenBytes());
            break;
          }
          copied = await copyRange(source, fd, copied, end);
        }
      } finally {
        await closeAsync(source);
      }
      await fdatasyncAsync(fd);
      if (this.cancelRequested) throw new WriteCancelled();
      host.replacingLog(true);
      try {
        await renameAsync(temp, host.logFile);
      } catch (error) {
        host.replacingLog(false);
        throw error;
      }
      renamed = true;
      host.adoptLog(fd, copied - this.logOffset);
      adopted = true;
      await fsyncDirectoryInBackground(dirname(host.logFile));
    } finally {
      if (!adopted) {
        await closeAsync(fd).catch(() => undefined);
        if (!renamed) await unlinkAsync(temp).catch(() => undefined);
      }
      if (held) host.releaseWrites();
    }
  }
}

/** Copies bytes [from, to) of `source` to the end of `target`; returns `to`. */
async function copyRange(source: number, target: number, from: number, to: number): Promise<number> {
  const buffer = Buffer.allocUnsafe(Math.min(COPY_BYTES, Math.max(to - from, 1)));
  let at = from;
  while (at < to) {
    const { bytesRead } = await readAsync(source, buffer, 0, Math.min(buffer.length, to - at), at);
    if (bytesRead === 0) throw new Error(`the log ended at ${at} bytes, before ${to}`);
    const { bytesWritten } = await writeAsync(target, buffer, 0, bytesRead, null);
    if (bytesWritten !== bytesRead) throw new Error(`short write copying the log: ${bytesWritten} of ${bytesRead} bytes (disk full?)`);
    at += bytesRead;
  }
  return at;
}
