/**
 * Files replaced atomically without blocking the event loop: the background half of `serve
 * --state`'s compaction (./state-compaction.ts). Each file is written to a temp file beside its
 * target (same filesystem), fsynced, renamed over the target, and the directory fsynced, so a
 * `kill -9` at any moment leaves the old complete file or the new one. The temp names follow one
 * pattern (`.<name>.<pid>.<ms>.<n>.tmp`), which `cleanStaleTempFiles` (./state-file.ts) removes
 * after a crash.
 *
 * Every step is an asynchronous fs call: between two chunks the server goes on answering, so a
 * save of a state of a million contacts costs requests a few milliseconds at a time, never seconds.
 */
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BackgroundPacer } from './background-pacer.js';

let tempSequence = 0;

/** `.<name>.<pid>.<ms>.<n>.tmp` beside the target: same filesystem, so the rename is atomic. */
export function tempName(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.${++tempSequence}.tmp`);
}

/**
 * Makes a rename in `dir` durable where the platform allows fsync on a directory (not Windows),
 * asynchronously: a directory fsync can take milliseconds.
 */
export async function fsyncDirectoryInBackground(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Not supported on every platform; the rename is still atomic.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Thrown inside a background write that was called off; the caller drops it without reporting. */
export class WriteCancelled extends Error {
  constructor() {
    super('the background write was called off');
  }
}

/** What a caller can ask of a write on its way: stop at the next step, before the rename. */
export interface Cancellable {
  readonly cancelled: () => boolean;
}

/** Bytes gathered before a write: one fs call per ~1 MiB, not per JSON chunk. */
const WRITE_BYTES = 1024 * 1024;

/**
 * Writes `chunks` to `file` atomically, one asynchronous write at a time, and returns the bytes
 * written. Checks `cancelled` between steps and before the rename: a cancelled write removes its
 * temp file and throws WriteCancelled, leaving `file` as it was.
 */
export async function writeFileAtomicInBackground(file: string, chunks: Iterable<string>, control: Cancellable): Promise<number> {
  const temp = tempName(file);
  const handle = await open(temp, 'w', 0o600);
  let size = 0;
  const pacer = new BackgroundPacer();
  try {
    let gathered: string[] = [];
    let gatheredChars = 0;
    const flush = async (): Promise<void> => {
      const bytes = Buffer.from(gathered.join(''));
      gathered = [];
      gatheredChars = 0;
      await writeAll(handle, bytes);
      size += bytes.length;
      if (control.cancelled()) throw new WriteCancelled();
    };
    // Each chunk is made (stringified) on the event loop, one per slice, so a request waits for
    // at most one chunk's JSON (64 Ki characters of contacts: 0.36 ms on average), not a whole
    // write's worth (16 chunks: 5.8 ms, measured at load average 10); and while requests are
    // being served the slices are spaced out (./background-pacer.ts).
    let sliceFrom = performance.now();
    for (const chunk of chunks) {
      gathered.push(chunk);
      gatheredChars += chunk.length;
      if (gatheredChars >= WRITE_BYTES) await flush();
      else await pacer.pause(performance.now() - sliceFrom);
      sliceFrom = performance.now();
    }
    if (gatheredChars > 0) await flush();
    await handle.datasync();
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  if (control.cancelled()) {
    await unlink(temp).catch(() => undefined);
    throw new WriteCancelled();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await fsyncDirectoryInBackground(dirname(file));
  return size;
}

/** A regular file takes a whole write unless the disk is full: a short write is an error, not a retry. */
async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  const { bytesWritten } = await handle.write(bytes, 0, bytes.length);
  if (bytesWritten !== bytes.length) throw new Error(`short write: ${bytesWritten} of ${bytes.length} bytes (disk full?)`);
}
