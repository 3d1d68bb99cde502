/**
 * `serve --state`: the sandbox survives restarts. The state is loaded at start and saved after
 * changes (debounced) and at shutdown. Every save writes a temp file in the same directory,
 * fsyncs it, then renames it over the target: rename is atomic on POSIX, so a `kill -9` at any
 * moment leaves either the old complete file or the new complete file, never a torn one. The
 * only debris a kill can leave is the temp file of the interrupted save; the next start removes it.
 */
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Snapshot } from '../control/schemas.js';
import type { SimulatorSnapshot } from '../simulator/types.js';
import { toJsonPath } from '../seed/parse.js';
import type { Simulator } from '../simulator.js';

/** `.<name>.<pid>.<ms>.<n>.tmp` beside the target: same filesystem, so the rename is atomic. */
function tempName(file: string, sequence: number): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.${sequence}.tmp`);
}

function tempPattern(file: string): RegExp {
  const escaped = basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${escaped}\\.(\\d+)\\.\\d+(?:\\.\\d+)?\\.tmp$`);
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temp files that interrupted saves of `file` left behind. A temp file whose writer is
 * still alive (another process saving the same file right now) is left alone. Returns the paths
 * removed.
 */
export function cleanStaleTempFiles(file: string): string[] {
  const dir = dirname(file);
  const pattern = tempPattern(file);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    try {
      unlinkSync(join(dir, name));
      removed.push(join(dir, name));
    } catch {
      // Raced with another cleaner, or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}

/** Reads a state file; `undefined` when it does not exist yet (the first start). */
export function loadState(file: string): SimulatorSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = Snapshot.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${file} is not a switchboard state file (format switchboard-snapshot v1): ${toJsonPath(issue.path)}: ${issue.message}`);
  }
  return value as SimulatorSnapshot;
}

let tempSequence = 0;

export function writeFileAtomic(file: string, text: string): void {
  const temp = tempName(file, ++tempSequence);
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    // Without the fsync a crash after the rename could expose an empty file on some filesystems.
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    removeQuietly(temp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, file);
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
  // Make the rename itself durable where the platform allows fsync on a directory.
  try {
    const dirFd = openSync(dirname(file), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Not supported on every platform (Windows); the rename is still atomic.
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

export interface StatePersistence {
  /** Saves now if anything changed since the last save. */
  flush(): void;
  stop(): void;
}

export interface PersistOptions {
  /** Quiet period before a save, so a burst of writes costs one file write. Default 200 ms. */
  debounceMs?: number;
  /** A save that fails (disk full, directory removed) is reported here instead of crashing the server. */
  onError?: (error: unknown) => void;
}

/**
 * Saves the simulator to `file` now and after every committed change. Stale temp files from an
 * earlier process that was killed mid-save are removed first.
 */
export function persistState(sim: Simulator, file: string, options: PersistOptions = {}): StatePersistence {
  const debounceMs = options.debounceMs ?? 200;
  cleanStaleTempFiles(file);
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  const save = (): void => {
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    try {
      writeFileAtomic(file, JSON.stringify(sim.snapshot()));
    } catch (error) {
      // Keep the change pending so the next save (or the shutdown flush) tries again.
      dirty = true;
      if (!options.onError) throw error;
      options.onError(error);
    }
  };
  const unsubscribe = sim.onChange(() => {
    dirty = true;
    timer ??= setTimeout(save, debounceMs);
  });
  dirty = true;
  save();
  return {
    flush(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
      save();
    },
    stop(): void {
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
