/**
 * The write-ahead log of `serve --state`: no acknowledged write is lost, and a save costs the
 * change, not the store.
 *
 * Every commit of the store becomes one JSON line in `<state>.log`, holding the records it wrote
 * as their new values (null for a removal), the sequences it moved and the virtual clock, with a
 * line number `n` that only grows. Lines are written in batches (group commit): the commits of one
 * turn of the event loop go together, written with one write, over zeros grown ahead of them
 * (./log-file.ts: making it durable then commits nothing through the filesystem's journal). Each
 * batch is written with O_DSYNC in libuv's pool (or copied in on the event loop and fdatasynced in
 * the pool, where O_DSYNC is missing) on a descriptor of its own while the next batch goes, up to
 * six at once (./log-syncs.ts); when all are busy, commits gather into the next batch. Batches
 * settle in order. A write request's answer waits for its batch (`whenDurable`), so a 2xx means
 * the change is on disk.
 *
 * When the log has grown as large as the state file (at least 64 MiB) it is folded into the state
 * file in the background (./state-compaction.ts): the state of one instant, with `log_position`,
 * the last line it holds, is written chunk by chunk while requests go on, then a fresh log takes
 * the lines after that instant. At start, shutdown, after a restore or reset and to recover from a
 * failed write, the whole state is saved on the event loop instead. At start the log's lines after
 * `log_position` are applied to the state file: each line is absolute, so applying lines the
 * snapshot already holds changes nothing, and a line torn by a crash (never acknowledged: its
 * fsync never returned) ends the log.
 */
import { existsSync, fsyncSync, openSync, statSync, truncateSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatTimestamp, type ClockState } from '../core/clock.js';
import type { Simulator } from '../simulator.js';
import type { SimulatorSnapshot } from '../simulator/types.js';
import type { Entity } from '../store/collection.js';
import type { CommittedChanges } from '../store/store.js';
import { LogFile } from './log-file.js';
import { readLogLines } from './log-lines.js';
import { alignUp, directAlignment, padBatch } from './log-direct.js';
import { defaultSyncMode, syncBatch, SyncDescriptors, writeBatchDurably, type SyncMode, type SyncOutcome } from './log-syncs.js';
import { LogTrace } from './log-trace.js';
import { BackgroundCompaction, type CompactionHost } from './state-compaction.js';

/** A state file: a snapshot, plus the last log line it already holds. */
export interface StateFileContent extends SimulatorSnapshot {
  log_position?: number;
}

/** One log line. `r`: [collection, id, record or null]; `s`: sequences; `t`: the clock. */
interface LogLine {
  readonly n: number;
  readonly r?: readonly (readonly [string, number, Entity | null])[];
  readonly s?: Readonly<Record<string, number>>;
  readonly t: { readonly mode: ClockState['mode']; readonly now_ms: number };
}

export function logFileOf(stateFile: string): string {
  return `${stateFile}.log`;
}

/** Thrown to a request whose change was applied but could not be made durable (the server answers 503). */
export class StateLogError extends Error {
  constructor(cause: unknown) {
    super(`the state log could not be written: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * Applies the log's lines after `state.log_position` to `state` (in place) and returns the last
 * line number seen. A torn last line (a crash mid-write) is ignored; a bad line before the end is
 * an error naming it, since what follows it cannot be trusted.
 */
export function replayLog(state: StateFileContent, logFile: string): number {
  let position = state.log_position ?? 0;
  if (!existsSync(logFile)) return position;
  // Only what the log changed, by collection and id; the collections are rewritten once at the end.
  const changes = new Map<string, Map<number, Entity | null>>();
  // Line by line, in chunks (./log-lines.ts): a log can be longer than V8's longest string.
  readLogLines(logFile, (raw, index, terminated) => {
    if (raw === '') return true;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
      if (typeof line.n !== 'number' || typeof line.t?.now_ms !== 'number') throw new Error('not a log line');
    } catch (error) {
      // Only the last line may be torn (it was being written when the process died): it lacks its newline.
      if (!terminated) return false;
      throw new Error(`${logFile} line ${index + 1} is damaged (${error instanceof Error ? error.message : String(error)}); the state after it cannot be trusted`);
    }
    if (line.n <= position) return true;
    position = line.n;
    for (const [name, id, record] of line.r ?? []) {
      let changed = changes.get(name);
      if (!changed) changes.set(name, (changed = new Map()));
      changed.set(id, record);
    }
    for (const [name, value] of Object.entries(line.s ?? {})) state.store.sequences[name] = value;
    state.clock = { mode: line.t.mode, now_ms: line.t.now_ms, now: formatTimestamp(line.t.now_ms) };
    return true;
  });
  for (const [name, changed] of changes) state.store.collections[name] = withChanges(state.store.collections[name] ?? [], changed);
  state.log_position = position;
  return position;
}

/**
 * A collection's records with the log's last word on some ids (a record, or null: removed), in
 * ascending ids. One pass over the records and no map of them: at a million records the map
 * and the sort of all of them were most of a replay that touched a few.
 */
function withChanges(records: readonly Entity[], changed: ReadonlyMap<number, Entity | null>): Entity[] {
  const out: Entity[] = [];
  const pending = new Map(changed);
  let ascending = true;
  let previous = -Infinity;
  for (const record of records) {
    if (pending.has(record.id)) {
      const replacement = pending.get(record.id)!;
      pending.delete(record.id);
      if (replacement === null) continue;
      out.push(replacement);
    } else out.push(record);
    if (record.id <= previous) ascending = false;
    previous = record.id;
  }
  const added = [...pending.values()].filter((record): record is Entity => record !== null).sort((a, b) => a.id - b.id);
  if (added.length > 0 && added[0]!.id <= previous) ascending = false;
  for (const record of added) out.push(record);
  return ascending ? out : out.sort((a, b) => a.id - b.id);
}

export interface StateLogOptions {
  /** The state file compactions write (in the background: ./state-compaction.ts). */
  readonly stateFile: string;
  /**
   * Fold the log into the state file once the log holds this many bytes. Default: as many bytes
   * as the state file, and at least 64 MiB, so a save of the whole state is paid once per log of
   * the state's own size (Redis' auto-aof-rewrite-percentage 100) and a restart replays at most
   * that much.
   */
  readonly compactBytes?: number;
  /** Writes the whole state atomically, on the event loop (start, shutdown, restore, recovery). */
  readonly saveSnapshot: (content: StateFileContent) => void;
  /** The whole state as JSON text chunks, for the background compaction. */
  readonly snapshotChunks: (content: StateFileContent) => Iterable<string>;
  /** A failed write, reported once per failure (the server also answers 503 to its requests). */
  readonly onError?: (error: unknown) => void;
  /**
   * The simulator was just started from the state file and its log (`position` is the log's last
   * line) and nothing has written since: keep appending to that log instead of saving the whole
   * state again first. At a million contacts the full save was most of the start-up.
   */
  readonly resume?: boolean;
  /** How batches are made durable (./log-syncs.ts); default `defaultSyncMode()`. */
  readonly syncMode?: SyncMode;
  /**
   * `dsync` writes go direct (O_DIRECT, ./log-direct.ts) where the log's filesystem takes them,
   * unless this is false or SWITCHBOARD_STATE_LOG_DIRECT=0. Default true.
   */
  readonly direct?: boolean;
}

interface InFlightSync {
  readonly through: number;
  /** Where the batch starts in the log (a `dsync` write is in flight until `outcome` is set). */
  readonly from: number;
  outcome: SyncOutcome | undefined;
  /** When its callback ran (traced only). */
  endedAt: number;
}

interface Waiter {
  readonly through: number;
  readonly resolve: () => void;
  readonly reject: (error: StateLogError) => void;
}

const MIN_COMPACT_BYTES = 64 * 1024 * 1024;
/** After a background compaction failed (reported), the next try waits this long. */
const COMPACTION_RETRY_MS = 30_000;

export class StateLog implements CompactionHost {
  private file: LogFile;
  private syncFds: SyncDescriptors;
  private pending: string[] = [];
  /** When the first line of `pending` was appended (traced only). */
  private pendingSince = 0;
  private readonly mode: SyncMode;
  /** The alignment `dsync` writes go direct with (./log-direct.ts), or undefined: through the page cache. */
  private readonly directAlignment: number | undefined;
  private readonly trace: LogTrace | undefined;
  /** The last line number handed out, and the last one known to be on disk. */
  private appended: number;
  private durable: number;
  /** Syncs in flight, in the order they started: they settle in that order. */
  private syncs: InFlightSync[] = [];
  private scheduled = false;
  private snapshotWanted = false;
  private failure: StateLogError | undefined;
  private waiters: Waiter[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;
  /** close() was called: no new background compaction starts. */
  private closing = false;
  private compaction: BackgroundCompaction | undefined;
  private compactionRetryAt = 0;
  /** A failure was reported and no save has succeeded since. */
  private reported = false;
  private stateBytes = 0;
  /** A background compaction is swapping the log: no write may start. */
  private held = false;
  /** Woken when no sync is on its way (close). */
  private idleWaiters: (() => void)[] = [];
  /** Woken when no `dsync` write is on its way (a compaction holding writes). */
  private writtenWaiters: (() => void)[] = [];

  constructor(
    private readonly sim: Simulator,
    readonly logFile: string,
    position: number,
    private readonly options: StateLogOptions,
  ) {
    this.appended = position;
    this.durable = position;
    this.mode = options.syncMode ?? defaultSyncMode();
    this.directAlignment = this.mode === 'dsync' && options.direct !== false ? directAlignment(dirname(logFile)) : undefined;
    this.trace = LogTrace.fromEnvironment(this.mode);
    if (options.resume) {
      // The state file and the log already hold the state: go on where the log ends.
      this.stateBytes = sizeOf(options.stateFile);
      this.file = this.openExistingLog();
    } else {
      // Start from a full save: the log then only ever holds what came after it.
      this.saveFullState();
      this.file = this.openFreshLog();
    }
    this.syncFds = new SyncDescriptors(logFile, this.mode, this.directAlignment);
    this.unsubscribe.push(
      sim.onCommit((changes) => this.onCommit(changes)),
      sim.clock.onJump(() => this.append(undefined, undefined)),
    );
  }

  get stateFile(): string {
    return this.options.stateFile;
  }

  /**
   * Undefined when everything committed so far is on disk (the common case for reads: no promise,
   * no wait); else a promise that settles when it is, or rejects with StateLogError.
   */
  whenDurable(): Promise<void> | undefined {
    if (this.durable >= this.appended && !this.failure) return undefined;
    if (this.failure && !this.busy() && this.pending.length === 0 && !this.snapshotWanted) return Promise.reject(this.failure);
    const through = this.appended;
    return new Promise((resolve, reject) => this.waiters.push({ through, resolve, reject }));
  }

  /** Resolves when no background compaction is running (tests; shutdown waits for it too). */
  async whenCompacted(): Promise<void> {
    while (this.compaction) await this.compaction.done.catch(() => undefined);
  }

  /** Writes the whole state now and empties the log (shutdown). Waits for the work on its way. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    this.compaction?.cancel();
    await this.whenCompacted();
    while (this.busy()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    if (this.closed) return;
    this.closed = true;
    for (const stop of this.unsubscribe) stop();
    try {
      this.compact();
    } finally {
      this.file.close();
      this.syncFds.retire();
    }
  }

  // CompactionHost: what the background compaction asks of the log.

  writtenBytes(): number {
    // Batches are in the log in the order they started: the bytes before the first write still
    // on its way are all written (`fdatasync` mode writes synchronously: all of them are).
    return this.firstUnwritten()?.from ?? this.file.bytes;
  }

  holdWrites(): Promise<void> {
    this.held = true;
    if (!this.firstUnwritten()) return Promise.resolve();
    return new Promise((resolve) => this.writtenWaiters.push(resolve));
  }

  releaseWrites(): void {
    this.held = false;
    this.schedule();
  }

  replacingLog(replacing: boolean): void {
    this.syncFds.superseded = replacing;
  }

  adoptLog(fd: number, bytes: number): void {
    this.file.close();
    this.file = this.logFileOn(fd, bytes);
    this.syncFds.superseded = true;
    this.syncFds.retire();
    this.syncFds = new SyncDescriptors(this.logFile, this.mode, this.directAlignment);
  }

  private busy(): boolean {
    return this.syncs.length > 0;
  }

  /** The oldest batch whose `dsync` write has not completed (none in `fdatasync` mode). */
  private firstUnwritten(): InFlightSync | undefined {
    return this.mode === 'dsync' ? this.syncs.find((entry) => entry.outcome === undefined) : undefined;
  }

  private onCommit(changes: CommittedChanges): void {
    if (changes.replaced) {
      // A restore or reset: the lines so far describe a state that is gone; save the new one whole.
      this.pending = [];
      this.appended++;
      this.snapshotWanted = true;
      this.schedule();
      return;
    }
    this.append(changes.records, changes.sequences);
  }

  private append(records: CommittedChanges['records'] | undefined, sequences: CommittedChanges['sequences'] | undefined): void {
    if (this.closed) return;
    const clock = this.sim.clock;
    const line: LogLine = {
      n: ++this.appended,
      ...(records && records.length > 0 ? { r: records.map((entry) => [entry.collection, entry.id, entry.record] as const) } : {}),
      ...(sequences && Object.keys(sequences).length > 0 ? { s: sequences } : {}),
      t: { mode: clock.mode(), now_ms: clock.now() },
    };
    if (this.trace && this.pending.length === 0) this.pendingSince = performance.now();
    this.pending.push(`${JSON.stringify(line)}\n`);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every commit of this turn of the event loop joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flushBatch();
    });
  }

  private flushBatch(): void {
    if (this.closed) return;
    if (this.snapshotWanted || this.failure) {
      // A whole save on the event loop: nothing may be on its way to the state file or the log.
      if (this.compaction) {
        this.compaction.cancel();
        return;
      }
      if (!this.busy()) this.compactReporting();
      return;
    }
    const compactNow = !this.compaction && !this.closing && this.file.bytes >= this.compactThreshold() && Date.now() >= this.compactionRetryAt;
    this.writePending();
    // After the pending batch has taken its range: the lines that follow the snapshot then start
    // exactly at the file's end (a padded batch ends in spaces before its newline, ./log-direct.ts),
    // or, when the batch could not go yet, right after its lines, which later lines join.
    if (compactNow && !this.failure) this.startCompaction();
  }

  /** Writes what is pending as one batch, unless writes are held or no descriptor is free. */
  private writePending(): void {
    if (this.held || this.pending.length === 0) return;
    if (!this.syncFds.available) {
      this.trace?.blocked();
      return;
    }
    const bytes = this.batchBytes(this.pending.join(''), this.file.bytes);
    // Waits for the extent of zeros ahead to be ready (it is called again when it is).
    if (!this.file.canWrite(bytes.length)) return;
    const lines = this.pending.length;
    const writeStartedAt = this.trace ? performance.now() : 0;
    const through = this.appended;
    this.pending = [];
    const from = this.file.bytes;
    const entry: InFlightSync = { through, from, outcome: undefined, endedAt: 0 };
    let syncStartedAt = 0;
    const finished = (outcome: SyncOutcome): void => {
      entry.outcome = outcome;
      if (this.trace) this.trace.synced(syncStartedAt, (entry.endedAt = performance.now()));
      this.settleSyncs();
    };
    if (this.mode === 'dsync') {
      // One trip through libuv's pool: the write returns once the bytes are on disk. Its range is
      // taken now, so the next batch can be written beside it while it waits for the disk.
      this.file.reserve(bytes.length);
    } else {
      // The write on the event loop only copies into the page cache (tens of µs for a batch); the
      // fdatasync, which waits for the disk, runs in the pool while the next batch is written.
      try {
        this.file.write(bytes);
      } catch (error) {
        this.fail(error);
        this.schedule();
        return;
      }
    }
    if (this.trace) this.trace.written(lines, this.pendingSince, writeStartedAt, performance.now(), this.syncs.length);
    this.syncs.push(entry);
    if (this.trace) syncStartedAt = performance.now();
    if (this.mode === 'dsync') writeBatchDurably(this.syncFds, bytes, from, through, finished);
    else syncBatch(this.syncFds, through, finished);
    if (this.pending.length > 0) this.schedule();
  }

  /**
   * A batch's bytes. Where `dsync` writes may go direct, the batch is padded to end on the
   * alignment (so the next one starts on it) and, when it starts on it and fits, encoded straight
   * into the aligned staging area of the descriptor that will write it.
   */
  private batchBytes(text: string, from: number): Buffer {
    const alignment = this.directAlignment;
    if (alignment === undefined) return Buffer.from(text);
    const staging = this.syncFds.stagingFor(from);
    // At most 3 bytes per UTF-16 unit: a text this short always fits, padding included.
    if (staging && text.length * 3 + alignment <= staging.length) {
      const length = staging.write(text, 0, 'utf8');
      return padBatch(staging, length, alignUp(length, alignment));
    }
    // Through the page cache (unaligned start, or too large): still padded, so the next starts aligned.
    const length = Buffer.byteLength(text);
    const padded = Buffer.allocUnsafe(alignUp(from + length, alignment) - from);
    padded.write(text, 0, 'utf8');
    return padBatch(padded, length, padded.length);
  }

  /** Settles finished syncs in the order they started; a failed one fails every waiter. */
  private settleSyncs(): void {
    while (this.syncs.length > 0 && this.syncs[0]!.outcome !== undefined) {
      const { outcome, endedAt } = this.syncs.shift()!;
      this.trace?.settled(endedAt);
      if (outcome!.error) this.fail(outcome!.error);
      else if (!this.failure) this.settle(outcome!.through);
    }
    this.wakeIdle();
    if (this.writtenWaiters.length > 0 && !this.firstUnwritten()) for (const wake of this.writtenWaiters.splice(0)) wake();
    if (this.pending.length > 0 || this.snapshotWanted || this.failure) this.schedule();
  }

  private wakeIdle(): void {
    if (this.syncs.length > 0) return;
    const idle = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of idle) wake();
  }

  private compactThreshold(): number {
    return this.options.compactBytes ?? Math.max(MIN_COMPACT_BYTES, this.stateBytes);
  }

  /** The state as of now (`appended`), written in the background; the log from here on is kept. */
  private startCompaction(): void {
    // Lines up to `appended` are written or pending, in order: the lines after begin past both.
    const offset = this.file.bytes + Buffer.byteLength(this.pending.join(''));
    const content: StateFileContent = { ...this.sim.snapshot(), log_position: this.appended };
    const compaction = new BackgroundCompaction(this, this.options.snapshotChunks(content), offset);
    this.compaction = compaction;
    compaction.done.then(
      (stateBytes) => {
        if (stateBytes === undefined) return;
        this.stateBytes = stateBytes;
        if (!this.failure) this.reported = false;
      },
      (error: unknown) => {
        // Nothing is lost (the old state file and log still hold everything); try again later.
        this.compactionRetryAt = Date.now() + COMPACTION_RETRY_MS;
        this.report(error);
      },
    ).finally(() => {
      this.compaction = undefined;
      this.schedule();
    });
  }

  /**
   * A failed log write leaves the log in doubt, so the way back is a full save: it is tried on the
   * next batch (and so on every write request) until it succeeds, and every waiting request
   * answers 503 meanwhile.
   */
  private fail(error: unknown): void {
    const failure = new StateLogError(error);
    this.failure = failure;
    this.report(error);
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(failure);
  }

  /** Reports a failure once per spell of trouble: until a save (whole or background) succeeds again. */
  private report(error: unknown): void {
    if (this.reported) return;
    this.reported = true;
    this.options.onError?.(error);
  }

  private compactReporting(): void {
    try {
      this.compact();
    } catch (error) {
      this.fail(error);
      // Try again a little later rather than spinning on a full disk.
      setTimeout(() => this.schedule(), 1000).unref();
    }
  }

  /**
   * The whole state to the state file, then a fresh log; everything appended so far is durable.
   * On the event loop: only at shutdown, after a restore or reset, and to recover from a failure,
   * always with nothing on its way to either file.
   */
  private compact(): void {
    const through = this.appended;
    this.saveFullState();
    this.pending = [];
    this.snapshotWanted = false;
    // The new log first: if it cannot be opened, the old one is still the one written to.
    const fresh = this.openFreshLog();
    this.file.close();
    this.file = fresh;
    this.syncFds.retire();
    this.syncFds = new SyncDescriptors(this.logFile, this.mode, this.directAlignment);
    this.failure = undefined;
    this.reported = false;
    this.settle(through);
  }

  private saveFullState(): void {
    this.options.saveSnapshot({ ...this.sim.snapshot(), log_position: this.appended });
    this.stateBytes = sizeOf(this.options.stateFile);
  }

  /** Unlinks the old log and opens a new one (nothing is on its way to the old one). */
  private openFreshLog(): LogFile {
    try {
      unlinkSync(this.logFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const fd = openSync(this.logFile, 'w', 0o600);
    fsyncSync(fd);
    return this.logFileOn(fd, 0);
  }

  /**
   * The log's lines are written at `bytes` on; zeros are grown ahead of them up to half again
   * the compaction threshold (room for the lines written while a compaction runs).
   */
  private logFileOn(fd: number, bytes: number): LogFile {
    const threshold = this.compactThreshold();
    return new LogFile(fd, bytes, threshold + Math.floor(threshold / 2), () => this.schedule());
  }

  /**
   * Opens the log to go on writing it, first cutting a torn last line (a crash mid-write: never
   * acknowledged, and replay already ignored it), so new lines never follow a broken one.
   */
  private openExistingLog(): LogFile {
    let bytes = 0;
    if (existsSync(this.logFile)) {
      // The zeros grown ahead go too: they are grown again as lines reach them.
      bytes = readLogLines(this.logFile).linesEnd;
      if (bytes < sizeOf(this.logFile)) truncateSync(this.logFile, bytes);
    }
    const fd = openSync(this.logFile, existsSync(this.logFile) ? 'r+' : 'w', 0o600);
    fsyncSync(fd);
    return this.logFileOn(fd, bytes);
  }

  private settle(through: number): void {
    if (through > this.durable) this.durable = through;
    const remaining: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.through <= this.durable) waiter.resolve();
      else remaining.push(waiter);
    }
    this.waiters = remaining;
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
