/**
 * `serve --state <file>`: the sandbox survives restarts. The state is loaded at start and saved
 * after changes (debounced) and at shutdown. Every save writes a temp file in the same directory,
 * fsyncs it, then renames it over the target: rename is atomic on POSIX, so a `kill -9` at any
 * moment leaves either the old complete file or the new complete file, never a torn one.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import type { SimulatorSnapshot } from '../resources/app.js';
import type { Simulator } from '../simulator.js';

export function loadState(file: string): SimulatorSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const candidate = value as Partial<SimulatorSnapshot>;
  if (candidate.format !== 'switchboard-snapshot' || candidate.version !== 1) {
    throw new Error(`${file} is not a switchboard state file (format switchboard-snapshot v1)`);
  }
  return candidate as SimulatorSnapshot;
}

export function writeFileAtomic(file: string, text: string): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file is already gone; nothing to clean.
    }
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
    // Not supported on every platform; the rename is still atomic.
  }
}

export interface StatePersistence {
  /** Saves now if anything changed since the last save. */
  flush(): void;
  stop(): void;
}

export function persistState(sim: Simulator, file: string, debounceMs = 200): StatePersistence {
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  const save = (): void => {
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    writeFileAtomic(file, JSON.stringify(sim.snapshot()));
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
