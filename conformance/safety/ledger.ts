/**
 * Everything the kit created, with how to undo it. Persisted after every change (when a directory
 * is given), so `--cleanup RUN_ID` can finish a sweep that a crash or Ctrl-C interrupted. Keys are
 * never written here: only ids and paths.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Which account owns the resource: `a` (the main key) or `b` (`--api-key-b`). */
export type AccountLabel = 'a' | 'b';

export interface LedgerEntry {
  /** e.g. `api-key`, `tag`, `contact`, `custom-field`, `webhook-endpoint`. */
  readonly kind: string;
  readonly id: number;
  readonly account: AccountLabel;
  /** The undo request: usually DELETE, PATCH for things that cannot be deleted (archive). */
  readonly method: 'DELETE' | 'PATCH';
  readonly path: string;
  readonly body?: unknown;
  readonly seq: number;
}

export interface LedgerFile {
  readonly format: 'switchboard-conformance-ledger';
  readonly version: 1;
  readonly runId: string;
  readonly baseUrl: string;
  readonly createdAt: string;
  readonly entries: LedgerEntry[];
}

export class Ledger {
  private readonly entries: LedgerEntry[] = [];
  private readonly ids = new Set<string>();
  readonly file: string | undefined;

  constructor(readonly runId: string, readonly baseUrl: string, dir: string | false, initial: readonly LedgerEntry[] = []) {
    this.file = dir === false ? undefined : join(dir, `${runId}.json`);
    for (const entry of initial) this.remember(entry);
  }

  static load(dir: string, runId: string): Ledger {
    const file = join(dir, `${runId}.json`);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LedgerFile>;
    if (parsed.format !== 'switchboard-conformance-ledger' || !Array.isArray(parsed.entries) || typeof parsed.baseUrl !== 'string') {
      throw new Error(`${file} is not a conformance ledger`);
    }
    return new Ledger(runId, parsed.baseUrl, dir, parsed.entries);
  }

  private remember(entry: LedgerEntry): void {
    this.entries.push(entry);
    this.ids.add(`${entry.account}:${entry.kind}:${entry.id}`);
  }

  add(entry: LedgerEntry): void {
    if (this.owns(entry.kind, entry.id, entry.account)) return;
    this.remember(entry);
    this.persist();
  }

  /** Drops an entry once the kit itself deleted the resource (the sweep has nothing to undo). */
  forget(kind: string, id: number): void {
    const index = this.entries.findIndex((e) => e.kind === kind && e.id === id);
    if (index < 0) return;
    // Still owned afterwards (the id stays in `ids`): a check may ask again for what it deleted
    // (delete then 404), and the kit made that id.
    this.entries.splice(index, 1);
    this.persist();
  }

  /**
   * True when the kit created the resource of this kind with this id in this account (in either
   * account when none is named: a request made with a key the kit cannot place). Kind and account
   * both count: servers number each table, and each account, from 1, so an id alone would match a
   * customer's record that happens to share a number with something the kit made.
   */
  owns(kind: string, id: number, account?: AccountLabel): boolean {
    if (account) return this.ids.has(`${account}:${kind}:${id}`);
    return this.ids.has(`a:${kind}:${id}`) || this.ids.has(`b:${kind}:${id}`);
  }

  list(): readonly LedgerEntry[] {
    return this.entries;
  }

  ofKind(kind: string, account?: AccountLabel): LedgerEntry[] {
    return this.entries.filter((e) => e.kind === kind && (account === undefined || e.account === account));
  }

  persist(): void {
    if (!this.file) return;
    const data: LedgerFile = {
      format: 'switchboard-conformance-ledger',
      version: 1,
      runId: this.runId,
      baseUrl: this.baseUrl,
      createdAt: new Date().toISOString(),
      entries: this.entries,
    };
    mkdirSync(join(this.file, '..'), { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`);
    renameSync(temp, this.file);
  }

  /** After a clean sweep the file has nothing left to say. */
  discard(): void {
    if (this.file) rmSync(this.file, { force: true });
  }
}
