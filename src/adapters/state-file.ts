/**
 * `serve --state`: the sandbox survives restarts, and a write it acknowledged survives a crash.
 * The state file holds a full save; its write-ahead log (`<file>.log`, ./state-log.ts) holds every
 * commit since, fsynced before the request's answer goes out. A full save writes a temp file in
 * the same directory, fsyncs it, then renames it over the target: rename is atomic on POSIX, so a
 * `kill -9` at any moment leaves either the old complete file or the new complete file, never a
 * torn one. The only debris a kill can leave is the temp file of an interrupted save; the next
 * start removes it.
 */
import { accessSync, closeSync, constants, existsSync, fsyncSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { Buffer, isAscii } from 'node:buffer';
import { basename, dirname, join } from 'node:path';
import { JsonChunkError, JsonChunkParser } from '../core/json-chunk-parser.js';
import { jsonTextChunks } from '../core/json-text-stream.js';
import type { Simulator } from '../simulator.js';
import { checkSnapshotOutline } from '../simulator/snapshot-stream.js';
import { SnapshotError } from '../store/rules.js';
import { tempName } from './atomic-file.js';
import type { SyncMode } from './log-syncs.js';
import { logFileOf, replayLog, StateLog, type StateFileContent } from './state-log.js';

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

/**
 * Reads a state file and applies its write-ahead log (./state-log.ts); `undefined` when neither
 * exists yet (the first start).
 */
export function loadState(file: string): StateFileContent | undefined {
  if (!existsSync(file)) {
    if (existsSync(logFileOf(file))) {
      throw new Error(`${logFileOf(file)} exists but ${file} does not: the log only makes sense on top of its state file`);
    }
    return undefined;
  }
  let value: unknown;
  try {
    value = readJsonFile(file);
  } catch (error) {
    if (error instanceof JsonChunkError) throw new Error(`${file} is not valid JSON: ${error.message}`);
    throw error;
  }
  let state: StateFileContent;
  try {
    // The outline here; every record is checked by the simulator's restore, all or nothing.
    state = checkSnapshotOutline(value) as StateFileContent;
  } catch (error) {
    if (error instanceof SnapshotError) throw new Error(`${file} is not a switchboard state file (format switchboard-snapshot v1): $.${error.path}: ${error.message.slice(error.path.length + 2)}`);
    throw error;
  }
  replayLog(state, logFileOf(file));
  return state;
}

const READ_CHUNK_BYTES = 96 * 1024;

/**
 * ASCII bytes read as Latin-1 are the same text, and Node copies them into a string without
 * decoding: about half TextDecoder's time on a state file's runs (docs/decisions.md, "Start-up at
 * scale, second pass"). Anything else goes to the parser's UTF-8 decoding.
 */
function asciiText(bytes: Uint8Array): string | undefined {
  return isAscii(bytes) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1') : undefined;
}

/** A JSON file read and parsed a chunk at a time: its text is never one string (../core/json-chunk-parser.ts). */
function readJsonFile(file: string): unknown {
  const parser = new JsonChunkParser({ asciiText });
  const buffer = new Uint8Array(READ_CHUNK_BYTES);
  const fd = openSync(file, 'r');
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      parser.write(buffer.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
  return parser.end();
}

/**
 * Fails at start, with the reason, when the state file's directory cannot take it: a server that
 * printed its ready line and then persisted nothing would be worse than one that refused to start.
 */
export function checkStateLocation(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) throw new Error(`cannot keep state in ${file}: the directory ${dir} does not exist`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new Error(`cannot keep state in ${file}: the directory ${dir} is not writable`);
  }
}

/**
 * Writes `content` (one text, or its chunks: a whole state is written chunk by chunk, never joined)
 * to `file` atomically.
 */
export function writeFileAtomic(file: string, content: string | Iterable<string>): void {
  const temp = tempName(file);
  const fd = openSync(temp, 'w', 0o600);
  try {
    if (typeof content === 'string') writeSync(fd, content);
    else for (const chunk of content) writeSync(fd, chunk);
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

/**
 * Characters of JSON per chunk of a background compaction: one chunk is stringified between two
 * turns of the event loop, so its size bounds the delay a compaction adds to a request (about a
 * millisecond for 64 Ki characters of contacts).
 */
const BACKGROUND_CHUNK_CHARS = 64 * 1024;

export interface StatePersistence {
  /**
   * Undefined when every committed change is on disk; else a promise that settles once the changes
   * committed so far are (a write request's answer waits for it), or rejects with StateLogError.
   */
  whenDurable(): Promise<void> | undefined;
  /** Saves the whole state, empties the log and stops listening (shutdown). */
  close(): Promise<void>;
  /** Resolves when no background compaction (the log folded into the state file) is running. */
  whenCompacted(): Promise<void>;
}

export interface PersistOptions {
  /**
   * Fold the log into the state file (in the background) once the log holds this many bytes.
   * Default: the state file's size, at least 64 MiB.
   */
  compactBytes?: number;
  /** The `log_position` of the state the simulator was started from (read from the file when absent). */
  position?: number;
  /** A save that fails (disk full, directory removed) is reported here instead of crashing the server. */
  onError?: (error: unknown) => void;
  /**
   * The simulator was started from this file (`loadState`) in the same synchronous turn, so it
   * holds exactly the file plus its log: keep the log rather than save everything again at start.
   * (Start-up hooks only arm timers; nothing writes before this subscribes.)
   */
  resume?: boolean;
  /**
   * How each batch of the log is made durable: an O_DSYNC write in libuv's pool (`dsync`, the
   * default where the platform has O_DSYNC) or a write then an fdatasync (./log-syncs.ts).
   */
  syncMode?: SyncMode;
  /** `dsync` writes go direct where the filesystem takes O_DIRECT (./log-direct.ts); default true. */
  direct?: boolean;
}

/**
 * Keeps the simulator in `file` from now on: a full save now, then every commit appended to the
 * write-ahead log (./state-log.ts). Stale temp files from an earlier process that was killed
 * mid-save are removed first. Throws at once when the location cannot be written.
 */
export function persistState(sim: Simulator, file: string, options: PersistOptions = {}): StatePersistence {
  checkStateLocation(file);
  cleanStaleTempFiles(file);
  cleanStaleTempFiles(logFileOf(file));
  const position = options.position ?? loadStatePosition(file) ?? 0;
  const log = new StateLog(sim, logFileOf(file), position, {
    stateFile: file,
    // In chunks: a state past V8's longest string (about 512 MiB) is saved like any other.
    saveSnapshot: (content) => writeFileAtomic(file, jsonTextChunks(content, { chunkChars: 1024 * 1024 })),
    // Small chunks in the background: each is stringified on the event loop between requests.
    snapshotChunks: (content) => jsonTextChunks(content, { chunkChars: BACKGROUND_CHUNK_CHARS }),
    ...(options.compactBytes !== undefined ? { compactBytes: options.compactBytes } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.resume === true && existsSync(file) ? { resume: true } : {}),
    ...(options.syncMode ? { syncMode: options.syncMode } : {}),
    ...(options.direct !== undefined ? { direct: options.direct } : {}),
  });
  return {
    whenDurable: () => log.whenDurable(),
    close: () => log.close(),
    whenCompacted: () => log.whenCompacted(),
  };
}

/** The log position the state file (with its log) reached: new lines must number after it. */
function loadStatePosition(file: string): number | undefined {
  return existsSync(file) ? loadState(file)?.log_position : undefined;
}
