/**
 * O_DIRECT for the state log's durable writes (./log-syncs.ts, `dsync` mode): the batch goes from
 * an aligned buffer straight to the disk, with no copy into the page cache and no writeback of
 * dirty pages. Measured on the 2-core sandbox (docs/decisions.md, "Write path, sixth pass"): the
 * kernel time of a 3-5 KB durable write fell by about a third, and POST /contacts with `--state`
 * at 10 connections answered 1.06-1.15x as many requests in paired rounds against the build before
 * (`bench state`: 1.02x at 0 contacts, 1.18x at 100,000).
 *
 * O_DIRECT asks three things, all met here or the write is not made direct:
 * - the buffer's address is aligned: batches are encoded into WebAssembly memory, which is mapped
 *   in whole pages at a page boundary (the one aligned memory JS can ask for);
 * - the offset and the length are multiples of the device's logical block size, found once per
 *   log directory by a probe write into a scratch file (`directAlignment`): every batch is padded
 *   to end on that boundary, so the next one starts on it (`padBatch`);
 * - the filesystem takes it at all (tmpfs refuses the open): else the probe answers undefined and
 *   the log writes through the page cache as before.
 */
import { closeSync, constants, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of aligned staging per write in flight; a larger batch is written through the page cache. */
export const STAGING_BYTES = 256 * 1024;
/** Logical block sizes tried, smallest first: 512 on most disks, 4096 on 4K-native ones. */
const BLOCK_SIZES = [512, 4096] as const;
const WASM_PAGE = 65_536;
let probes = 0;

/** O_DIRECT exists on this platform and SWITCHBOARD_STATE_LOG_DIRECT is not 0. */
function directWritesWanted(): boolean {
  return constants.O_DIRECT !== undefined && process.env['SWITCHBOARD_STATE_LOG_DIRECT'] !== '0';
}

/** `bytes` of zeroed memory starting on a page boundary (WebAssembly memory is mapped in pages). */
export function alignedMemory(bytes: number): Buffer {
  return Buffer.from(new WebAssembly.Memory({ initial: Math.ceil(bytes / WASM_PAGE) }).buffer, 0, bytes);
}

/**
 * The alignment O_DIRECT writes need in `dir`'s filesystem, or undefined where they are not
 * wanted or not taken. Writes one block into a scratch file there, then removes it.
 */
export function directAlignment(dir: string): number | undefined {
  if (!directWritesWanted()) return undefined;
  const probe = join(dir, `.direct-probe-${process.pid}-${++probes}`);
  let fd: number;
  try {
    fd = openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT!, 0o600);
  } catch {
    return undefined;
  }
  try {
    const block = alignedMemory(BLOCK_SIZES[BLOCK_SIZES.length - 1]!);
    for (const size of BLOCK_SIZES) {
      try {
        writeSync(fd, block, 0, size, 0);
        return size;
      } catch (error) {
        // EINVAL: this size is not aligned for the device; anything else: no direct writes here.
        if ((error as NodeJS.ErrnoException).code !== 'EINVAL') return undefined;
      }
    }
    return undefined;
  } finally {
    closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      // Gone already: nothing to clean.
    }
  }
}

export function alignUp(offset: number, alignment: number): number {
  return Math.ceil(offset / alignment) * alignment;
}

/**
 * `buffer[0, length)`, whole log lines, padded to `end` bytes: spaces before the last newline.
 * JSON allows whitespace after a value, so the padded line reads the same to every reader of the
 * log, older builds included, and no line is blank or all spaces.
 */
export function padBatch(buffer: Buffer, length: number, end: number): Buffer {
  if (end > length) {
    buffer.fill(0x20, length - 1, end - 1);
    buffer[end - 1] = 0x0a;
  }
  return buffer.subarray(0, end);
}
