/**
 * Making `serve --state`'s log batches durable, several at once (./state-log.ts), one of two ways:
 * - `dsync` (where the platform has O_DSYNC: Linux, macOS, the BSDs): each batch is written in
 *   libuv's pool at its offset through a descriptor opened with O_DSYNC, so the write returns once
 *   its data is on disk: one trip through the pool per batch. Measured in paired rounds against
 *   the other way (docs/decisions.md, "Write path, third pass").
 * - `fdatasync` (the fallback, and SWITCHBOARD_STATE_LOG_SYNC=fdatasync): the batch is copied into
 *   the page cache on the event loop and its fdatasync runs in the pool.
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
 *
 * In `dsync` mode, where the log's filesystem takes O_DIRECT (./log-direct.ts), each write in
 * flight also has an O_DIRECT descriptor and an aligned staging area: a batch staged there at an
 * aligned offset skips the page cache. Any other batch (the first after a restart on a log of
 * unaligned length, or one too large for the area) takes the O_DSYNC descriptor, as does every
 * batch after a direct write is refused (EINVAL), which is then written again that way.
 */
import { closeSync, constants, fdatasync, fstatSync, openSync, statSync, write } from 'node:fs';
import { alignedMemory, STAGING_BYTES } from './log-direct.js';

/** How a batch is made durable (see above). */
export type SyncMode = 'dsync' | 'fdatasync';

/**
 * `dsync` where the platform defines O_DSYNC (not Windows), unless SWITCHBOARD_STATE_LOG_SYNC
 * asks for `fdatasync` (to compare the two, or on a filesystem whose O_DSYNC misbehaves).
 */
export function defaultSyncMode(): SyncMode {
  const asked = process.env['SWITCHBOARD_STATE_LOG_SYNC'];
  if (asked === 'fdatasync') return 'fdatasync';
  if (asked !== undefined && asked !== '' && asked !== 'dsync') throw new Error(`SWITCHBOARD_STATE_LOG_SYNC must be dsync or fdatasync, got ${JSON.stringify(asked)}`);
  return constants.O_DSYNC === undefined ? 'fdatasync' : 'dsync';
}

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

/** What one batch in flight writes with. */
export interface SyncSlot {
  readonly fd: number;
  /** Opened with O_DIRECT as well, when the log's filesystem takes it. */
  readonly directFd: number | undefined;
  /** Where a batch is encoded to be written through `directFd`: page-aligned, STAGING_BYTES long. */
  readonly staging: Buffer | undefined;
}

/**
 * The descriptors used to make one log file's batches durable (one per batch in flight), and the
 * file's identity. In `dsync` mode they are opened for writing at explicit offsets (not
 * O_APPEND: Linux would put every write at the end, after the zeros grown ahead, ./log-file.ts).
 */
export class SyncDescriptors {
  private readonly free: SyncSlot[] = [];
  /** Set once a direct write was refused: the rest go through the page cache. */
  private directRefused = false;
  private busy = 0;
  private retired = false;
  /** Set when a newer log took this one's place with its lines (a background compaction). */
  superseded = false;
  readonly inode: number;

  /**
   * @param directAlignment where `dsync` writes may go direct: the alignment the probe found
   *   (./log-direct.ts `directAlignment`); undefined for none
   */
  constructor(
    readonly file: string,
    readonly mode: SyncMode,
    readonly directAlignment?: number,
  ) {
    // The file exists (the log is opened first): no O_CREAT, so a vanished log fails here.
    const flags = mode === 'dsync' ? constants.O_WRONLY | constants.O_DSYNC : 'a';
    const direct = mode === 'dsync' && directAlignment !== undefined;
    const staging = direct ? alignedMemory(MAX_SYNCS_IN_FLIGHT * STAGING_BYTES) : undefined;
    for (let i = 0; i < MAX_SYNCS_IN_FLIGHT; i++) {
      const fd = openSync(file, flags, 0o600);
      const directFd = direct ? openSync(file, constants.O_WRONLY | constants.O_DSYNC | constants.O_DIRECT!, 0o600) : undefined;
      this.free.push({ fd, directFd, staging: staging?.subarray(i * STAGING_BYTES, (i + 1) * STAGING_BYTES) });
    }
    this.inode = fstatSync(this.free[0]!.fd).ino;
  }

  get available(): boolean {
    return this.free.length > 0 && !this.retired;
  }

  /**
   * The staging area of the slot the next `take()` returns, for a batch that starts at `offset`:
   * undefined when that batch cannot go direct.
   */
  stagingFor(offset: number): Buffer | undefined {
    if (this.directRefused || this.directAlignment === undefined || offset % this.directAlignment !== 0) return undefined;
    return this.free[this.free.length - 1]?.staging;
  }

  take(): SyncSlot {
    const slot = this.free.pop();
    if (slot === undefined) throw new Error('no sync descriptor free');
    this.busy++;
    return slot;
  }

  release(slot: SyncSlot): void {
    this.busy--;
    if (this.retired) closeSlot(slot);
    else this.free.push(slot);
  }

  /**
   * The descriptor to write `bytes` at `offset` with: the direct one when the batch was staged in
   * this slot's aligned area at an aligned offset and length.
   */
  descriptorFor(slot: SyncSlot, bytes: Uint8Array, offset: number): number {
    const alignment = this.directAlignment;
    const staged = slot.staging !== undefined && bytes.buffer === slot.staging.buffer && bytes.byteOffset === slot.staging.byteOffset;
    if (this.directRefused || alignment === undefined || !staged || offset % alignment !== 0 || bytes.length % alignment !== 0) return slot.fd;
    return slot.directFd!;
  }

  /** A direct write was refused (EINVAL): from now on every batch goes through the page cache. */
  refuseDirect(): void {
    this.directRefused = true;
  }

  /** Closes every descriptor once its sync (if any) is done. */
  retire(): void {
    this.retired = true;
    for (const slot of this.free.splice(0)) closeSlot(slot);
  }

  get idle(): boolean {
    return this.busy === 0;
  }
}

function closeSlot(slot: SyncSlot): void {
  closeSync(slot.fd);
  if (slot.directFd !== undefined) closeSync(slot.directFd);
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
  const slot = descriptors.take();
  fdatasync(slot.fd, (error) => {
    descriptors.release(slot);
    done({ through, error: error ?? logMissing(descriptors) });
  });
}

/**
 * One batch written at `offset` through an O_DSYNC descriptor of its own (`dsync` mode), direct
 * when it was staged for it (`stagingFor`): the write completes once the bytes are on disk, then
 * the log path is checked as for a sync. A direct write refused with EINVAL (a filesystem that
 * took the probe but not this write) is written again through the page cache. Calls `done` once
 * with the outcome.
 */
export function writeBatchDurably(descriptors: SyncDescriptors, bytes: Uint8Array, offset: number, through: number, done: (outcome: SyncOutcome) => void): void {
  const slot = descriptors.take();
  const writeWith = (fd: number): void =>
    write(fd, bytes, 0, bytes.length, offset, (error, written) => {
      if (error?.code === 'EINVAL' && fd === slot.directFd) {
        descriptors.refuseDirect();
        writeWith(slot.fd);
        return;
      }
      descriptors.release(slot);
      // A regular file takes a whole write unless the disk is full: a short one is a failure.
      const short = !error && written !== bytes.length ? new Error(`short write: ${written} of ${bytes.length} bytes (disk full?)`) : null;
      done({ through, error: error ?? short ?? logMissing(descriptors) });
    });
  writeWith(descriptors.descriptorFor(slot, bytes, offset));
}

function logMissing(descriptors: SyncDescriptors): Error | null {
  if (descriptors.superseded) return null;
  try {
    return statSync(descriptors.file).ino === descriptors.inode ? null : new Error(`${descriptors.file} was replaced by another file`);
  } catch (error) {
    return new Error(`${descriptors.file} is gone (${(error as NodeJS.ErrnoException).code ?? String(error)}): was the state directory removed?`);
  }
}
