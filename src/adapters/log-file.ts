/**
 * The state log's file, written at explicit offsets into space filled with zeros ahead of it.
 *
 * Why: on ext4 (and most journaling filesystems), an fdatasync after an append must also commit
 * the file's new size through the journal, and a journal commit is shared by every process on
 * the filesystem: in data=ordered mode it first writes out their pending data too. Overwriting
 * blocks that are already allocated and written changes no metadata fdatasync cares about, so
 * it writes the log's pages and flushes the disk's cache, nothing more. Measured on the sandbox
 * disk, one durable write of 3 KB at a time (docs/decisions.md, "Write path, second pass"):
 * 1,588 vs 6,356 writes/s on a quiet moment, 283 vs 502 under other engineers' load.
 *
 * So the file is grown in extents of zeros (written and fdatasynced in libuv's pool, in the
 * background) before the lines reach them. The zeros are never mistaken for data: a log line is
 * JSON, which never holds a NUL byte (JSON.stringify escapes U+0000, and UTF-8 encodes no other
 * character with one), so a log's content ends at its first NUL byte (`logContentEnd`). A line
 * that would reach past the space grown so far is simply written there (the file grows as
 * before, just without the saving); one that would reach into an extent still being zeroed
 * waits for it (`canWrite`), since the zeros could land over it.
 *
 * Growth starts once the lines pass GROW_FROM_BYTES and stops at a limit: the log is folded into the state file once it reaches its compaction
 * threshold, so zeros past that (with room for the lines that arrive while a compaction runs)
 * would only be written to be thrown away.
 */
import { closeSync, fdatasync, write, writeSync } from 'node:fs';

/** Bytes of zeros added at a time: one journal commit per extent instead of one per fdatasync. */
export const EXTENT_BYTES = 8 * 1024 * 1024;
/**
 * No zeros before the lines reach this: a log of a few writes (most sandboxes, every small test)
 * stays exactly its lines, and the saving only matters under sustained writing.
 */
export const GROW_FROM_BYTES = 64 * 1024;

let zeros: Buffer | undefined;

/** Where a log's content ends: at its first NUL byte (the preallocated zeros), else at its end. */
export function logContentEnd(bytes: Uint8Array): number {
  const end = bytes.indexOf(0);
  return end < 0 ? bytes.length : end;
}

export class LogFile {
  /** Bytes of lines written (the offset of the next one). */
  private position: number;
  /** The file's zero-filled space ends here (it is all durable once `growing` is undefined). */
  private allocated: number;
  /** The extent being zeroed: [from, to). Nothing may be written at or past `from` meanwhile. */
  private growing: { from: number; to: number } | undefined;
  private closeWanted = false;
  private closed = false;
  private growthFailed = false;

  /**
   * @param fd opened for writing without O_APPEND (Linux appends every write on an O_APPEND
   *   descriptor, whatever its offset, which would put lines after the zeros)
   * @param position where the lines end: the file holds nothing after it but zeros
   * @param limit grow the file no further than this many bytes
   * @param onGrown called when an extent is ready (a batch that waited for it can go)
   */
  constructor(
    private readonly fd: number,
    position: number,
    private readonly limit: number,
    private readonly onGrown: () => void,
  ) {
    this.position = position;
    this.allocated = position;
  }

  get bytes(): number {
    return this.position;
  }

  /** False while a batch of `length` bytes would reach into an extent being zeroed. */
  canWrite(length: number): boolean {
    return this.growing === undefined || this.position + length <= this.growing.from;
  }

  /** Writes the batch at the end of the lines (synchronously: a copy into the page cache). */
  write(bytes: Uint8Array): void {
    const written = writeSync(this.fd, bytes, 0, bytes.length, this.position);
    if (written !== bytes.length) throw new Error(`short write: ${written} of ${bytes.length} bytes (disk full?)`);
    this.advance(written);
  }

  /**
   * Takes the next `length` bytes for a batch that another descriptor writes (an O_DSYNC write in
   * libuv's pool, ./log-syncs.ts) and returns their offset. Batches in flight hold disjoint ranges,
   * all below the next extent of zeros: it is only started past everything reserved.
   */
  reserve(length: number): number {
    const offset = this.position;
    this.advance(length);
    return offset;
  }

  private advance(length: number): void {
    this.position += length;
    if (this.allocated < this.position) this.allocated = this.position;
    this.growIfLow();
  }

  /** Closes the descriptor, once the extent being zeroed (if any) is done with it. */
  close(): void {
    if (this.closed || this.closeWanted) return;
    if (this.growing) this.closeWanted = true;
    else this.closeNow();
  }

  private closeNow(): void {
    this.closed = true;
    closeSync(this.fd);
  }

  /** Starts zeroing the next extent when less than half of one is left ahead of the lines. */
  private growIfLow(): void {
    if (this.growing || this.closeWanted || this.growthFailed || this.position < GROW_FROM_BYTES) return;
    if (this.allocated - this.position >= EXTENT_BYTES / 2) return;
    const from = this.allocated;
    const to = Math.min(from + EXTENT_BYTES, this.limit);
    if (to <= from) return;
    this.growing = { from, to };
    zeros ??= Buffer.alloc(EXTENT_BYTES);
    const done = (error: Error | null, grownTo: number): void => {
      this.growing = undefined;
      // A failed extent is only a lost saving: lines are still written (and their own
      // fdatasyncs report a failing disk), past the end of the file as without preallocation.
      if (error) this.growthFailed = true;
      else this.allocated = Math.max(this.allocated, grownTo);
      if (this.closeWanted) this.closeNow();
      else this.onGrown();
    };
    write(this.fd, zeros, 0, to - from, from, (error, written) => {
      if (error) return done(error, from);
      // The extent's own fdatasync: the journal commit for the new size is paid here, once.
      fdatasync(this.fd, (syncError) => done(syncError, from + written));
    });
  }
}
