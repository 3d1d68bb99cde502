/**
 * The `name=` filter's index (./name-grams.ts): per account, each piece of a name → the ids of the
 * contacts whose lowercased name holds it, as compact id sets (store/compact-ids.ts, at most about
 * two bytes per entry).
 *
 * Built in the background after a large load. Forty million pieces at a million contacts take
 * seconds to index, and `serve --state` should not wait for them before answering. So after a bulk
 * load (restore, a state file) of more than SYNC_BUILD_MAX contacts, each account's index is
 * built in slices of about SLICE_MS on timers, walking the account's ids upwards:
 * - ids below the walk's position (`builtBelow`) are indexed, and writes to them keep the index
 *   in step (attach and detach, as every collection index);
 * - ids at or above it are not yet: writes to them change nothing here, and the walk reads each
 *   record as it then stands when it gets there (records are replaced, never mutated, and new
 *   contacts get the largest ids, so the walk meets them too).
 * A `name=` query on an account still being built finishes that account's build first, so every
 * answer comes from a complete index; only a query in the first seconds after a large load waits.
 * Smaller loads and the seed are indexed at once.
 *
 * Writes are buffered (docs/decisions.md, "POST /contacts in memory, third pass"). A name has some
 * thirty pieces, each a different id set, and inside a busy HTTP server those sets, their blocks
 * and the piece tables are out of the caches again by the next write: indexing one new contact cost
 * ~4 µs of server CPU over HTTP against ~1.7 µs in a warm loop. So an attached contact waits in its
 * account's `pending` list (at most BUFFER_MAX of them) and the list is indexed in one go, with the
 * tables and sets warm from one contact to the next: when it is full, and before any query of that
 * account (`lists`), so every answer still sees every write. Detaching a contact that still waits
 * just takes it out of the list (an undone create, a rename of a new contact). An index write
 * buffer, as Lucene's in-memory buffer of new documents or an LSM tree's memtable.
 */
import type { AttachedIndex, LoadedRecords } from '../../store/collection.js';
import { CompactIds } from '../../store/compact-ids.js';
import type { SortedIdView } from '../../store/sorted-ids.js';
import { forEachNameGram, nameQueryGrams } from './name-grams.js';
import type { ContactRecord } from './record.js';

/** A load of at most this many contacts is indexed before the load returns. */
export const SYNC_BUILD_MAX = 50_000;
/** How long one background slice may run before it yields to requests. */
const SLICE_MS = 8;
/** Records between two looks at the time inside a slice. */
const CHECK_EVERY = 256;
/** Contacts an account's write buffer holds before they are indexed together. */
export const BUFFER_MAX = 128;

const EMPTY: SortedIdView = new CompactIds();

interface AccountNames {
  /** Per piece length, piece code → ids. */
  readonly grams: Readonly<Record<1 | 2 | 3, Map<number, CompactIds>>>;
  /** Ids below this are indexed; Infinity once the account is complete. */
  builtBelow: number;
  /** Attached contacts not yet in `grams` (the write buffer): indexed before any query of the account. */
  readonly pending: ContactRecord[];
}

export interface NameGramIndexOptions {
  /** Loads up to this many contacts are indexed at once (default SYNC_BUILD_MAX). */
  readonly syncBuildMax?: number;
  /** Whether larger loads are built on timers (default true; tests step the build themselves). */
  readonly background?: boolean;
  /** Contacts a write buffer holds before they are indexed (default BUFFER_MAX; 0 indexes each write at once). */
  readonly bufferMax?: number;
}

function emptyAccount(builtBelow: number): AccountNames {
  return { grams: { 1: new Map(), 2: new Map(), 3: new Map() }, builtBelow, pending: [] };
}

/** Stops a build after some records or at a deadline: `true` to stop before the next record. */
type BuildBudget = (done: number) => boolean;

const UNBOUNDED: BuildBudget = () => false;

export class NameGramIndex implements AttachedIndex<ContactRecord> {
  readonly fields = ['name'] as const;
  private readonly syncBuildMax: number;
  private readonly background: boolean;
  private readonly bufferMax: number;
  private readonly accounts = new Map<number, AccountNames>();
  private source: LoadedRecords<ContactRecord> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: NameGramIndexOptions = {}) {
    this.syncBuildMax = options.syncBuildMax ?? SYNC_BUILD_MAX;
    this.background = options.background ?? true;
    this.bufferMax = options.bufferMax ?? BUFFER_MAX;
  }

  attach(record: ContactRecord): void {
    const account = this.accountOf(record.account_id);
    // At or above `builtBelow` the background build reads the record when it gets there.
    if (record.id >= account.builtBelow || record.name === null) return;
    account.pending.push(record);
    if (account.pending.length > this.bufferMax) this.flush(account);
  }

  detach(record: ContactRecord): void {
    const account = this.accounts.get(record.account_id);
    if (!account || record.id >= account.builtBelow || record.name === null) return;
    const id = record.id;
    // Still waiting in the buffer (mostly the last one: an undone create): its pieces were never added.
    const { pending } = account;
    for (let at = pending.length - 1; at >= 0; at--) {
      if (pending[at]!.id === id) {
        pending.splice(at, 1);
        return;
      }
    }
    forEachNameGram(record.name.toLowerCase(), (size, code) => {
      const table = account.grams[size];
      const ids = table.get(code);
      if (ids && ids.remove(id) && ids.length === 0) table.delete(code);
    });
  }

  clear(): void {
    this.stop();
    this.accounts.clear();
    this.source = undefined;
  }

  loaded(records: LoadedRecords<ContactRecord>): void {
    this.source = records;
    for (const accountId of records.accountIds()) this.accounts.set(accountId, emptyAccount(0));
    if (records.size <= this.syncBuildMax) this.buildSome(UNBOUNDED);
    else if (this.background) this.schedule();
  }

  /** Whether every account is indexed (the bench and tests wait for it). */
  get complete(): boolean {
    for (const account of this.accounts.values()) if (account.builtBelow !== Infinity) return false;
    return true;
  }

  /** Contacts of the account waiting in its write buffer (tests). */
  waiting(accountId: number): number {
    return this.accounts.get(accountId)?.pending.length ?? 0;
  }

  /**
   * Id lists, each holding every contact of the account whose name contains `query` (lowercased,
   * not empty); their intersection may hold more (long queries, shared hashes): callers check the
   * rule on each record.
   */
  lists(accountId: number, query: string): SortedIdView[] {
    const account = this.accounts.get(accountId);
    if (account && account.builtBelow !== Infinity) this.build(accountId, account, UNBOUNDED);
    if (account && account.pending.length > 0) this.flush(account);
    return nameQueryGrams(query).map(({ size, code }) => account?.grams[size].get(code) ?? EMPTY);
  }

  /** Stops the background build (the simulator is closing); a later query still finishes it. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private accountOf(accountId: number): AccountNames {
    let account = this.accounts.get(accountId);
    if (!account) this.accounts.set(accountId, (account = emptyAccount(Infinity)));
    return account;
  }

  /** Indexes the account's write buffer, one contact after another while the tables are warm. */
  private flush(account: AccountNames): void {
    const { pending } = account;
    for (let at = 0; at < pending.length; at++) this.add(account, pending[at]!);
    pending.length = 0;
  }

  private add(account: AccountNames, record: ContactRecord): void {
    if (record.name === null) return;
    const id = record.id;
    forEachNameGram(record.name.toLowerCase(), (size, code) => {
      const table = account.grams[size];
      let ids = table.get(code);
      if (!ids) table.set(code, (ids = new CompactIds()));
      ids.insert(id);
    });
  }

  /**
   * Goes on building, account after account, until `budget` says stop (it is asked with the
   * count so far before each record); returns the records indexed.
   */
  buildSome(budget: BuildBudget | number): number {
    const stop = typeof budget === 'number' ? (done: number) => done >= budget : budget;
    let done = 0;
    for (const [accountId, account] of this.accounts) {
      if (account.builtBelow === Infinity) continue;
      done += this.build(accountId, account, (count) => stop(done + count));
      if (account.builtBelow !== Infinity) break;
    }
    return done;
  }

  /** Indexes the account's contacts from `builtBelow` upwards until `budget` says stop. */
  private build(accountId: number, account: AccountNames, budget: BuildBudget): number {
    const source = this.source;
    let done = 0;
    if (source) {
      for (const id of source.idsOfAccount(accountId).ascending(account.builtBelow)) {
        if (budget(done)) return done;
        const record = source.get(id);
        if (record) this.add(account, record);
        account.builtBelow = id + 1;
        done++;
      }
    }
    account.builtBelow = Infinity;
    return done;
  }

  private schedule(): void {
    this.stop();
    this.timer = setTimeout(() => this.slice(), 0);
    // A pending slice must not keep a process alive that has nothing else to do (Node only).
    (this.timer as { unref?: () => void }).unref?.();
  }

  private slice(): void {
    this.timer = undefined;
    const deadline = performance.now() + SLICE_MS;
    this.buildSome((done) => done > 0 && done % CHECK_EVERY === 0 && performance.now() >= deadline);
    if (!this.complete) this.schedule();
  }
}
