/**
 * The write-ahead log of `serve --state`: no acknowledged write is lost, and a save costs the
 * change, not the store.
 *
 * Every commit of the store becomes one JSON line in `<state>.log`, holding the records it wrote
 * as their new values (null for a removal), the sequences it moved and the virtual clock, with a
 * line number `n` that only grows. Lines are written and fsynced in batches (group commit): all
 * commits that arrive while one batch is on its way to the disk go together in the next, so the
 * disk sees one write and one fsync however many requests are in flight. A write request's answer
 * waits for its batch (`whenDurable`), so a 2xx means the change is on disk.
 *
 * Now and then (and at start and shutdown) the whole state is written to `<state>` atomically
 * (./state-file.ts) with `log_position`, the last line it holds, and the log starts afresh. At
 * start the log's lines after that position are applied to the state file: each line is absolute,
 * so applying lines the snapshot already holds changes nothing, and a line torn by a crash (never
 * acknowledged: its fsync never returned) ends the log.
 */
import { closeSync, existsSync, fdatasync, fsyncSync, openSync, readFileSync, truncateSync, unlinkSync, write } from 'node:fs';
import { formatTimestamp, type ClockState } from '../core/clock.js';
import type { Simulator } from '../simulator.js';
import type { SimulatorSnapshot } from '../simulator/types.js';
import type { Entity } from '../store/collection.js';
import type { CommittedChanges } from '../store/store.js';

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
  const text = readFileSync(logFile, 'utf8');
  const lines = text.split('\n');
  // Only what the log changed, by collection and id; the collections are rewritten once at the end.
  const changes = new Map<string, Map<number, Entity | null>>();
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw === '') continue;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
      if (typeof line.n !== 'number' || typeof line.t?.now_ms !== 'number') throw new Error('not a log line');
    } catch (error) {
      // Only the last line may be torn: it was being written when the process died.
      if (index >= lines.length - 2 && !text.endsWith(`${raw}\n`)) break;
      throw new Error(`${logFile} line ${index + 1} is damaged (${error instanceof Error ? error.message : String(error)}); the state after it cannot be trusted`);
    }
    if (line.n <= position) continue;
    position = line.n;
    for (const [name, id, record] of line.r ?? []) {
      let changed = changes.get(name);
      if (!changed) changes.set(name, (changed = new Map()));
      changed.set(id, record);
    }
    for (const [name, value] of Object.entries(line.s ?? {})) state.store.sequences[name] = value;
    state.clock = { mode: line.t.mode, now_ms: line.t.now_ms, now: formatTimestamp(line.t.now_ms) };
  }
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
  /** Start a fresh log (after a full save) once it holds this many bytes. Default 64 MiB. */
  readonly compactBytes?: number;
  /** Writes the whole state atomically (state-file.ts `writeFileAtomic` over a snapshot). */
  readonly saveSnapshot: (content: StateFileContent) => void;
  /** A failed write, reported once per failure (the server also answers 503 to its requests). */
  readonly onError?: (error: unknown) => void;
  /**
   * The simulator was just started from the state file and its log (`position` is the log's last
   * line) and nothing has written since: keep appending to that log instead of saving the whole
   * state again first. At a million contacts the full save was most of the start-up.
   */
  readonly resume?: boolean;
}

interface Waiter {
  readonly through: number;
  readonly resolve: () => void;
  readonly reject: (error: StateLogError) => void;
}

const DEFAULT_COMPACT_BYTES = 64 * 1024 * 1024;

export class StateLog {
  private fd: number;
  private pending: string[] = [];
  /** The last line number handed out, and the last one known to be on disk. */
  private appended: number;
  private durable: number;
  private logBytes = 0;
  private writing = false;
  private scheduled = false;
  private snapshotWanted = false;
  private failure: StateLogError | undefined;
  private waiters: Waiter[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly sim: Simulator,
    private readonly logFile: string,
    position: number,
    private readonly options: StateLogOptions,
  ) {
    this.appended = position;
    this.durable = position;
    if (options.resume) {
      // The state file and the log already hold the state: go on where the log ends.
      const kept = this.openExistingLog();
      this.fd = kept.fd;
      this.logBytes = kept.bytes;
    } else {
      // Start from a full save: the log then only ever holds what came after it.
      this.saveFullState();
      this.fd = this.openFreshLog();
    }
    this.unsubscribe.push(
      sim.onCommit((changes) => this.onCommit(changes)),
      sim.clock.onJump(() => this.append(undefined, undefined)),
    );
  }

  /**
   * Undefined when everything committed so far is on disk (the common case for reads: no promise,
   * no wait); else a promise that settles when it is, or rejects with StateLogError.
   */
  whenDurable(): Promise<void> | undefined {
    if (this.durable >= this.appended && !this.failure) return undefined;
    if (this.failure && !this.writing && this.pending.length === 0 && !this.snapshotWanted) return Promise.reject(this.failure);
    const through = this.appended;
    return new Promise((resolve, reject) => this.waiters.push({ through, resolve, reject }));
  }

  /** Writes the whole state now and empties the log (shutdown). Waits for a write on its way. */
  async close(): Promise<void> {
    if (this.closed) return;
    while (this.writing) await new Promise((resolve) => setImmediate(resolve));
    this.closed = true;
    for (const stop of this.unsubscribe) stop();
    try {
      this.compact();
    } finally {
      closeSync(this.fd);
    }
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
    this.pending.push(`${JSON.stringify(line)}\n`);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.writing || this.closed) return;
    this.scheduled = true;
    // setImmediate, not a microtask: every commit of this turn of the event loop joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flushBatch();
    });
  }

  private flushBatch(): void {
    if (this.writing || this.closed) return;
    if (this.snapshotWanted || this.failure || this.logBytes >= (this.options.compactBytes ?? DEFAULT_COMPACT_BYTES)) {
      this.compactReporting();
      return;
    }
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    const through = this.appended;
    this.pending = [];
    this.writing = true;
    const bytes = Buffer.from(text);
    write(this.fd, bytes, 0, bytes.length, null, (writeError) => {
      if (writeError) return this.batchDone(through, bytes.length, writeError);
      fdatasync(this.fd, (syncError) => this.batchDone(through, bytes.length, syncError));
    });
  }

  private batchDone(through: number, size: number, error: Error | null): void {
    this.writing = false;
    if (error) this.fail(error);
    else {
      this.logBytes += size;
      this.settle(through);
    }
    if (this.pending.length > 0 || this.snapshotWanted || this.failure) this.schedule();
  }

  /**
   * A failed log write leaves the log in doubt, so the way back is a full save: it is tried on the
   * next batch (and so on every write request) until it succeeds, and every waiting request
   * answers 503 meanwhile.
   */
  private fail(error: unknown): void {
    const failure = new StateLogError(error);
    const first = this.failure === undefined;
    this.failure = failure;
    if (first) this.options.onError?.(error);
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(failure);
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

  /** The whole state to the state file, then a fresh log; everything appended so far is durable. */
  private compact(): void {
    const through = this.appended;
    this.saveFullState();
    this.pending = [];
    this.snapshotWanted = false;
    const fresh = this.openFreshLog();
    closeSync(this.fd);
    this.fd = fresh;
    this.logBytes = 0;
    this.failure = undefined;
    this.settle(through);
  }

  private saveFullState(): void {
    this.options.saveSnapshot({ ...this.sim.snapshot(), log_position: this.appended });
  }

  /** Unlinks the old log (a write still on its way lands in the unlinked file) and opens a new one. */
  private openFreshLog(): number {
    try {
      unlinkSync(this.logFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const fd = openSync(this.logFile, 'a', 0o600);
    fsyncSync(fd);
    return fd;
  }

  /**
   * Opens the log to append to it, first cutting a torn last line (a crash mid-write: never
   * acknowledged, and replay already ignored it), so new lines never follow a broken one.
   */
  private openExistingLog(): { fd: number; bytes: number } {
    let bytes = 0;
    if (existsSync(this.logFile)) {
      const content = readFileSync(this.logFile);
      bytes = content.lastIndexOf(0x0a) + 1;
      if (bytes < content.length) truncateSync(this.logFile, bytes);
    }
    const fd = openSync(this.logFile, 'a', 0o600);
    fsyncSync(fd);
    return { fd, bytes };
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
